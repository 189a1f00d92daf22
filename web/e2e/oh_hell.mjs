// End-to-end: Oh Hell! through the UI, a person and three `heuristic` bots,
// five deals (one, two, three, two and one card: option max-cards=3) to the
// end. The person bids with the bid buttons and plays by clicking a card of
// the hand. Checked at every turn of the person: a bid is asked for before any
// card is played in a deal, and the bids offered never include the one the
// hook forbids the dealer (the prompt's total says which); only cards that may
// be played are offered (following suit); the person is never asked to choose
// from one (a bid or card that is the only one is played by the server, and
// the log tells it as any other); the trick is drawn in the middle by seat;
// each seat shows its bid and tricks; the summary between deals shows each
// seat's points; the end names the winner by score; no face of another hand
// is ever shown.
//
// The person sits in seat 2: with seed 1234 seat 0 deals first, so seat 2
// deals the three-card deal, where the hook leaves the dealer three bids to
// choose from. (The dealer of a one-card deal has one bid under the hook, and
// is not asked for it.)
//
//   node e2e/oh_hell.mjs [--server PATH] [--shots DIR]
import { join } from 'node:path';
import { Server, check, isTerminal, launch, leakWatch, log, openSeat, option, run, sleep, tableVersion, tmp } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 150_000;
const server = new Server(['--allow-seed', '--bot-delay', '60', '--hand-pause', '0']);

async function main() {
  await server.start();
  log(`server up at ${server.origin}`);
  const browser = await launch();
  let p;
  try {
    const made = await server.api('/api/tables', {
      game: 'oh-hell',
      players: 4,
      seats: ['heuristic', 'heuristic', 'human', 'heuristic'],
      options: ['max-cards=3'],
      seed: 1234,
    });
    p = await openSeat(browser, { origin: server.origin, table: made.table, token: made.seats[2].token, name: 'Ann', init: [leakWatch], reducedMotion: 'reduce' });
    const page = p.page;
    let bids = 0,
      plays = 0,
      summaries = 0,
      tricksSeen = 0,
      hooked = 0;
    const deadline = Date.now() + OVERALL_MS - 20_000;
    while (!(await isTerminal(page))) {
      check(Date.now() < deadline, `the game did not end (${bids} bids, ${plays} plays)`);
      if (await page.locator('[data-role="next-hand"]').isVisible().catch(() => false)) {
        const box = page.locator('.between-hands');
        const rows = await box.locator('tbody tr').count();
        check(rows === 4, `the summary between deals has ${rows} rows, not one a seat`);
        check(/Hand \d+ is over/.test((await box.locator('h2').textContent()) ?? ''), 'the summary has no title');
        summaries++;
        await page.click('[data-role="next-hand"]').catch(() => {});
        continue;
      }
      if (!(await page.locator('.table-page.my-turn').count())) {
        await sleep(50);
        continue;
      }
      const v = await tableVersion(page);
      const mine = page.locator(`.table-page[data-version="${v}"]`);
      const bidButtons = mine.locator('.me .choices button', { hasText: /^\s*bid /i });
      const n = await bidButtons.count();
      if (n > 0) {
        // Bids 0..k, less the dealer's forbidden one: no two the same, all numbers.
        const offered = await bidButtons.evaluateAll((bs) => bs.map((b) => Number((b.textContent.match(/\d+/) || ['-1'])[0])));
        check(new Set(offered).size === offered.length && offered.every((x) => x >= 0), `bids offered ${offered}`);
        check(n >= 2, `the person is asked for a bid that is the only one (${offered})`);
        const prompt = ((await page.locator('[data-role="prompt"]').textContent().catch(() => '')) ?? '').trim();
        const forbidden = prompt.match(/not (\d+)|may not bid (\d+)|except (\d+)/i);
        if (forbidden) {
          check(!offered.includes(Number(forbidden[1] ?? forbidden[2] ?? forbidden[3])), `the forbidden bid is offered: ${prompt}`);
          hooked++;
        }
        await bidButtons.nth(bids % n).click({ timeout: 4000 }).catch(() => {});
        bids++;
      } else {
        const cards = mine.locator('.own-hand .card.pickable');
        const k = await cards.count();
        if (!k) {
          await sleep(50);
          continue;
        }
        const all = await mine.locator('.own-hand .card').count();
        check(k <= all, 'more cards offered than held');
        check(k >= 2, `the person is asked to play the only card that may be played (${all} held)`);
        await page.mouse.move(1, 1);
        await cards.first().click({ timeout: 4000, position: { x: 4, y: 24 } }).catch(() => {});
        plays++;
      }
      await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== String(old), v, { timeout: 10_000, polling: 30 }).catch(() => {});
      const trick = await page.locator('[data-layout="trick"] .card').count();
      tricksSeen = Math.max(tricksSeen, trick);
    }
    log(`game over: ${bids} bids, ${plays} cards played by the person, ${summaries} summaries`);
    // What the log says the person did (a click may come as a bot's move lands, and be tried again).
    const lines = await page.$$eval('ol.log li', (els) => els.map((e) => e.textContent));
    const said = (re) => lines.filter((l) => re.test(l)).length;
    check(said(/^You bid/) === 5, `the log has ${said(/^You bid/)} bids of the person's in five deals`);
    check(said(/^You (play|lead)/) === 9, `the log has ${said(/^You (play|lead)/)} cards of the person's in deals of 1, 2, 3, 2 and 1`);
    check(tricksSeen > 0, 'no card was ever seen in the trick');
    check(hooked > 0, 'the person never dealt under the hook in five deals');
    const seatsText = await page.locator('.others').textContent();
    check(/tricks/.test(seatsText), 'the seats do not show tricks taken');
    const end = page.locator('.end-panel');
    await end.waitFor({ timeout: 5000 });
    const result = (await end.locator('.result').textContent()).trim();
    check(/wins|score|points/i.test(result), `the end shows "${result}"`);
    const leaks = await page.evaluate(() => window.__leaks);
    check(leaks.length === 0, `hidden cards were shown:\n  ${leaks.slice(0, 5).join('\n  ')}`);
    check(p.errors.length === 0, p.errors.join('\n  '));
    await page.screenshot({ path: join(SHOTS, 'oh-hell-end.png') });
    log(`the end: ${result}`);
  } catch (e) {
    if (p) await p.page.screenshot({ path: join(tmp, 'failure-oh-hell.png') }).catch(() => {});
    throw e;
  } finally {
    await browser.close().catch(() => {});
  }
}

run(main, OVERALL_MS, () => server.kill());
