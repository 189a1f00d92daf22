// End-to-end: Conquian through the UI, a person (seat 0) against the
// `heuristic` bot, three deals to the end. The person melds by selecting
// several cards of the hand and pressing the meld they make (the button stays
// disabled until the selection is exactly a meld's cards), discards by
// clicking a card, and lets a card go by button. Checked at every turn of the
// person: the faced card is shown, with who turned or discarded it; no face of
// the other hand or of the stock is shown; each player's melds lie on the
// table, "n / 11" in the seat's status; the page has no errors. Once, two
// cards that make no meld with the faced card are selected, and the page says
// why (the server's "why" message). At the end the log has the person's
// melds, and the counters add up to nothing (those in the pool counted).
// The table names its cards as the Spanish pack (names=spanish): every card
// of the person's hand is drawn as a Spanish face, its name the Spanish one.
//
//   node e2e/conquian.mjs [--server PATH] [--shots DIR]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Server, check, isTerminal, launch, leakWatch, log, openSeat, option, run, sleep, tableVersion, tmp } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 150_000;
const server = new Server(['--allow-seed', '--bot-delay', '20', '--hand-pause', '0']);

async function main() {
  await server.start();
  log(`server up at ${server.origin}`);
  mkdirSync(SHOTS, { recursive: true });
  const browser = await launch();
  let p;
  try {
    const made = await server.api('/api/tables', { game: 'conquian', players: 2, seats: ['human', 'heuristic'], options: ['deals=3', 'names=spanish'], seed: 11 });
    p = await openSeat(browser, { origin: server.origin, table: made.table, token: made.seats[0].token, name: 'Ann', init: [leakWatch], reducedMotion: 'reduce' });
    const page = p.page;
    let turns = 0,
      melds = 0,
      disabledSeen = 0,
      whyShown = 0,
      shot = false,
      spanishSeen = false;
    const deadline = Date.now() + OVERALL_MS - 20_000;
    while (!(await isTerminal(page))) {
      check(Date.now() < deadline, `the match did not end (${turns} turns, ${melds} melds by selection)`);
      const next = page.locator('[data-role="next-hand"]');
      if (await next.isVisible().catch(() => false)) {
        await next.click({ timeout: 2000 }).catch(() => {});
        continue;
      }
      const v = await tableVersion(page);
      const mine = page.locator(`.table-page.my-turn[data-version="${v}"]`);
      if (!(await mine.count())) {
        await sleep(30);
        continue;
      }
      turns++;
      const where = `turn ${turns} of the person`;
      const faced = page.locator('[aria-label^="faced card:"]');
      const meldButtons = mine.locator('.pick-choices button.pick-choice');
      const wholeButtons = mine.locator('.me .choices button:not([disabled])');
      const hand = mine.locator('.own-hand .card');
      if (!spanishSeen && (await hand.count()) > 0) {
        const faces = await hand.evaluateAll((cards) => cards.map((c) => c.querySelector('svg.spanish-card')?.getAttribute('aria-label') ?? ''));
        check(
          faces.every((name) => / de (oros|copas|espadas|bastos)$/.test(name)),
          `${where}: not every card of the hand is drawn as the Spanish pack: ${JSON.stringify(faces)}`,
        );
        spanishSeen = true;
      }
      if ((await page.locator('[aria-label^="faced card: 1 card"]').count()) > 0) {
        const note = (await faced.textContent()) ?? '';
        check(/turned by|discarded by|passed by/.test(note), `${where}: the faced card does not say who faced it: "${note}"`);
      }
      // Once: two cards that make no meld with the faced card are told why
      // (while a card is faced any card of the hand may be selected).
      if (whyShown === 0 && (await faced.count()) > 0 && (await wholeButtons.count()) > 0) {
        const n = Math.min(await hand.count(), 6);
        for (let i = 0; i + 1 < n && whyShown === 0; i++) {
          await hand.nth(i).click({ timeout: 2000, position: { x: 4, y: 24 } });
          await hand.nth(i + 1).click({ timeout: 2000, position: { x: 4, y: 24 } });
          const why = mine.locator('[data-role="why-not"]');
          if (await why.count()) {
            await page
              .waitForFunction(() => / is (not|neither) /.test(document.querySelector('[data-role="why-not"]')?.textContent ?? ''), null, { timeout: 5000, polling: 30 })
              .catch(() => {});
            const text = ((await why.textContent()) ?? '').trim();
            check(/ is (not|neither) /.test(text), `${where}: two cards that make no meld got no reason: "${text}"`);
            log(`${where}: told why: ${text}`);
            whyShown++;
          }
          const clear = mine.locator('[data-role="clear-selection"]');
          if (await clear.count()) await clear.click({ timeout: 2000 });
        }
      }
      // A meld of two cards or more, made by selecting its cards: its key, "m 2 5", names their places.
      const keys = await mine.locator('.pick-choices button.pick-choice').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-key') ?? ''));
      const key = keys.find((k) => /^m( \d+){2,}$/.test(k));
      if (key) {
        const places = key.split(' ').slice(1).map(Number);
        const meld = mine.locator(`.pick-choices button[data-key="${key}"]`);
        check((await meld.count()) === 1, `${where}: the meld ${key} has no button`);
        // With fewer than its cards selected, the meld's button is disabled.
        await hand.nth(places[0] - 1).click({ timeout: 2000, position: { x: 4, y: 24 } });
        if ((await meld.count()) && (await meld.isDisabled())) disabledSeen++;
        for (const i of places.slice(1)) await hand.nth(i - 1).click({ timeout: 2000, position: { x: 4, y: 24 } });
        check(!(await meld.isDisabled()), `${where}: with the ${places.length} cards of ${key} selected its button is disabled`);
        await meld.click({ timeout: 2000 });
        melds++;
        if (!shot) {
          await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== String(old), v, { timeout: 10_000, polling: 30 }).catch(() => {});
          await page.screenshot({ path: join(SHOTS, 'conquian-meld.png') });
          shot = true;
        }
      } else if ((await mine.locator('.own-hand .card.pickable').count()) > 0 && (await wholeButtons.count()) === 0) {
        // A discard: the first card of the hand.
        await mine.locator('.own-hand .card.pickable').first().click({ timeout: 2000, position: { x: 4, y: 24 } });
      } else if ((await wholeButtons.count()) > 0) {
        // Adding the card to the melds where offered, else letting it go.
        const labels = await wholeButtons.evaluateAll((bs) => bs.map((b) => b.textContent.trim()));
        const add = labels.findIndex((l) => /^add /.test(l));
        const pass = labels.findIndex((l) => /^(pass|let)/.test(l));
        await wholeButtons.nth(add >= 0 ? add : Math.max(0, pass)).click({ timeout: 2000 });
      }
      await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== String(old), v, { timeout: 10_000, polling: 30 }).catch(() => {});
    }
    log(`match over after ${turns} turns of the person: ${melds} melds by selection (${disabledSeen} with the button disabled at one card)`);
    check(melds > 0, 'the person never melded by selecting cards');
    check(spanishSeen, "the person's hand was never seen");
    check(disabledSeen > 0, "a meld's button was never seen disabled with one of its cards selected");
    check(whyShown > 0, 'no selection that makes no meld was ever told why');
    const lines = await page.$$eval('ol.log li', (els) => els.map((e) => e.textContent.trim()));
    check(lines.some((l) => /^You meld /.test(l)), 'the log has no meld of the person');
    const end = page.locator('.end-panel');
    await end.waitFor({ timeout: 5000 });
    await page.screenshot({ path: join(SHOTS, 'conquian-end.png') });
    const leaks = await page.evaluate(() => window.__leaks);
    check(leaks.length === 0, `hidden cards were shown:\n  ${leaks.slice(0, 5).join('\n  ')}`);
    check(p.errors.length === 0, p.errors.join('\n  '));
  } catch (e) {
    if (p) await p.page.screenshot({ path: join(tmp, 'failure-conquian.png') }).catch(() => {});
    throw e;
  } finally {
    await browser.close().catch(() => {});
  }
}

run(main, OVERALL_MS, () => server.kill());
