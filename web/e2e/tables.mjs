// End-to-end: four more games through the UI, each a person (seat 0) and three
// `heuristic` bots to the end: Earl of Coventry, Michigan (two hands: option
// hands=2), Polignac (two deals with capot: deals=2, capot=yes), Lift Smoke
// and a deal of Bridge-Whist (scope=deal). The person plays by clicking what is offered: a card of the hand
// marked pickable, or a button (Michigan's chips staked on the boodle cards
// one at a time, and its pass of the lead; Polignac's capot, passed in one deal
// and announced in the other). Checked at every turn of the person: no face of
// another seat's hand, of Michigan's dead hand or of a stock is ever shown;
// the page has no errors; the cards offered show their faces; Michigan's
// boodle cards, Polignac's pool and Lift Smoke's trump card are shown; in the
// games that pay (Earl of Coventry's counters, Michigan's chips, Polignac's
// counters) every seat shows its balance, a number, wholly inside the seat's
// box, and no chip was made or lost (Earl of Coventry's pass from seat to
// seat; Michigan's lie with the seats or on the boodle cards, Polignac's with
// the seats or in the pool). The summary between hands comes after each hand
// but the last, in order, with a row a seat: what the hand paid each (not
// nothing; in all nothing in Earl of Coventry, and less than nothing in
// Polignac, whose Jacks are paid into the pool) and the running totals, which
// follow from those before. At the end: the end panel shows a result, which
// speaks of the chips or counters in the games that pay; the balances still
// show, and add up; the log has what the person did (Michigan's eight chips
// staked, Polignac's pass and capot, cards played, Earl of Coventry's "I have
// none"). Screenshots: each game's end (GAME-end.png) and its first summary
// between hands (GAME-between-hands.png).
//
//   node e2e/tables.mjs [--server PATH] [--shots DIR]
//
// --shots  where the screenshots go (default: the temporary folder printed at
//          the end)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Failure, Server, check, checkBalances, launch, leakWatch, log, openSeat, option, readSummary, run, tableVersion, tmp } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 200_000;
// Bots move at once, but wait (as they do for people) after a hand ends, while its summary is
// read.
const server = new Server(['--allow-seed', '--bot-delay', '40', '--hand-pause', '3000']);

/** The games: how each is kept short; what each pays (the name of the seats' balance, what each
 * holds at the start, what a hand's payments add up to); what must be on show at the person's
 * turns; and what the log must say the person did: [pattern, lines wanted (a number, or the least)]. */
const GAMES = [
  {
    game: 'earl-of-coventry',
    options: ['deals=2'],
    seed: 31,
    balance: 'counters',
    start: 0,
    hands: 2,
    // Counters pass from seat to seat: what a deal pays comes to nothing in all.
    paid: (sum) => sum === 0,
    said: [
      [/^You (lay|match with) /, { least: 1 }],
      [/^You have no /, { least: 1 }],
    ],
  },
  {
    game: 'michigan',
    options: ['hands=2'],
    seed: 32,
    balance: 'chips',
    start: 50,
    hands: 2,
    shows: [['[data-layout="pot"][aria-label*="boodle"]', 'a boodle card']],
    // The ante, 4 chips a hand: staked a chip at a time, then as last deal in one move.
    said: [
      [/^You put a chip on the /, 4],
      [/^You put 4 chips on the boodle cards as last deal: 1 on each\.$/, 1],
      [/^You (lead|play) /, { least: 1 }],
    ],
  },
  {
    game: 'polignac',
    options: ['capot=yes', 'deals=2'],
    seed: 33,
    balance: 'counters',
    start: 20,
    hands: 2,
    shows: [['[data-layout="pot"][aria-label^="pool:"]', 'the pool']],
    // Four Jacks are taken in every deal, and paid for into the pool.
    paid: (sum) => sum < 0,
    said: [
      [/^You pass\.$/, 1],
      [/^You announce capot/, 1],
      // and how it went.
      [/^(?!You announce).*capot/i, { least: 1 }],
      [/^You play /, { least: 1 }],
    ],
  },
  {
    game: 'lift-smoke',
    options: [],
    seed: 34,
    shows: [['[aria-label^="trump card:"] .card.face[data-card-index]', 'the trump card, face up']],
    said: [[/^You (play|lead) /, { least: 1 }]],
  },
  {
    // One deal of Bridge-Whist: the make (or its pass), the doubling's "May I lead?", dummy laid
    // down at the opening lead (its face-up cards are no leak), the deal's score.
    game: 'bridge-whist',
    options: ['scope=deal'],
    seed: 35,
    said: [
      [/^(You|Seat \d|\w+) (make|makes) .*(trumps|no trumps)/, 1],
      [/(lay|lays) down the dummy hand: /, 1],
      [/^You (play|lead) /, { least: 1 }],
      [/ below the line\.$/, 1],
    ],
  },
];

// ----- What the page shows -----

/** Until the person may act, a summary lies over the table, or the game is over. */
async function waitForSomething(page, ms, where) {
  await page
    .waitForFunction(
      () => {
        const t = document.querySelector('.table-page');
        return !!t && (t.classList.contains('my-turn') || t.getAttribute('data-terminal') === 'true' || !!document.querySelector('[data-role="next-hand"]'));
      },
      null,
      { timeout: ms, polling: 30 },
    )
    .catch(() => {
      throw new Failure(`${where}: neither the person's turn nor the end came within ${ms / 1000} s`);
    });
}

async function play(browser, g, deadline) {
  const made = await server.api('/api/tables', { game: g.game, players: 4, seats: ['human', 'heuristic', 'heuristic', 'heuristic'], options: g.options, seed: g.seed });
  const p = await openSeat(browser, { origin: server.origin, table: made.table, token: made.seats[0].token, name: 'Ann', init: [leakWatch], reducedMotion: 'reduce' });
  const page = p.page;
  try {
    let plays = 0,
      buttons = 0,
      stakes = 0,
      idle = 0,
      turns = 0;
    const summaries = [];
    // The running totals after the last hand (at first, what each brought).
    const totals = [g.start, g.start, g.start, g.start];
    for (;;) {
      check(Date.now() < deadline, `${g.game}: the game did not end in time (${turns} turns of the person)`);
      await waitForSomething(page, 30_000, g.game);
      const leaks = await page.evaluate(() => window.__leaks);
      check(leaks.length === 0, `${g.game}: hidden cards were shown:\n  ${leaks.slice(0, 5).join('\n  ')}`);
      check(p.errors.length === 0, `${g.game}: ${p.errors.join('\n  ')}`);
      if ((await page.getAttribute('.table-page', 'data-terminal')) === 'true') break;
      const next = page.locator('[data-role="next-hand"]');
      if (await next.isVisible().catch(() => false)) {
        const s = await readSummary(page).catch(() => null);
        if (s && !summaries.some((x) => x.hand === s.hand)) {
          const where = `${g.game}, the summary of hand ${s.hand}`;
          // The summaries come in order, each of the hand just over.
          const over = summaries.length + 1;
          check(s.hand === over, `${where}: the summary after hand ${over} is numbered ${s.hand}`);
          // In the game's own word for a hand: Polignac's story and header say "Deal".
          const word = g.game === 'polignac' ? 'Deal' : 'Hand';
          check(s.title.includes(`${word} ${s.hand} is over`), `${where}: the title is "${s.title}", not "${word} ${s.hand} is over"`);
          check(s.rows.length === 4 && new Set(s.rows.map((r) => r.seat)).size === 4, `${where}: ${s.rows.length} rows, not one a seat`);
          check(
            s.rows.every((r) => Number.isInteger(r.points) && Number.isInteger(r.total)),
            `${where}: not every row shows numbers: ${s.rows.map((r) => r.shown).join(' / ')}`,
          );
          if (g.balance) {
            check(
              s.rows.some((r) => r.points !== 0),
              `${where}: the hand paid nobody anything: ${s.rows.map((r) => r.shown).join(' / ')}`,
            );
            const sum = s.rows.reduce((a, r) => a + r.points, 0);
            if (g.paid) check(g.paid(sum), `${where}: what the hand paid adds up to ${sum}: ${s.rows.map((r) => r.shown).join(' / ')}`);
            // The running totals follow from those after the hand before (at first, what each
            // brought) and what this hand paid.
            for (const r of s.rows) {
              const before = totals[r.seat];
              check(r.total === before + r.points, `${where}: seat ${r.seat}'s total ${r.total} is not ${before} ${r.points < 0 ? '-' : '+'} ${Math.abs(r.points)}`);
            }
          }
          for (const r of s.rows) totals[r.seat] = r.total;
          summaries.push(s);
          if (summaries.length === 1) await page.screenshot({ path: join(SHOTS, `${g.game}-between-hands.png`) });
          log(`${g.game}: hand ${s.hand} paid ${s.rows.map((r) => r.points).join(', ')}; totals ${s.rows.map((r) => r.total).join(', ')} (${s.summary.trim()})`);
        }
        await next.click({ timeout: 2000 }).catch(() => {});
        await page.waitForSelector('.between-hands', { state: 'detached', timeout: 5000 }).catch(() => {});
        continue;
      }
      const v = await tableVersion(page);
      const mine = page.locator(`.table-page.my-turn[data-version="${v}"]`);
      if (!(await mine.count())) continue;
      turns++;
      const where = `${g.game}, turn ${turns} of the person`;
      if (g.balance) await checkBalances(page, g, where);
      for (const [sel, what] of g.shows ?? []) check((await page.locator(sel).count()) > 0, `${where}: ${what} is not shown`);
      // Your own hand's cards; else those the page offers elsewhere (Bridge's dummy, which its
      // dealer plays).
      const own = mine.locator('.own-hand .card.pickable');
      const cards = (await own.count()) ? own : mine.locator('.card.pickable');
      const offered = mine.locator('.me .choices button:not([disabled])');
      const k = await cards.count();
      const n = await offered.count();
      if (k > 0) {
        // The cards offered are faces: what the watch over other hands looks for is there to be seen.
        const faces = await cards.evaluateAll((cs) => cs.filter((c) => c.hasAttribute('data-card-index') && c.classList.contains('face')).length);
        check(faces === k, `${where}: ${k - faces} of the ${k} cards offered in the hand show no face`);
        await page.mouse.move(1, 1);
        await cards
          .nth(plays % k)
          .click({ timeout: 2000, position: { x: 4, y: 24 } })
          .catch(() => {});
        plays++;
      } else if (n > 0) {
        const labels = await offered.evaluateAll((bs) => bs.map((b) => b.textContent.trim()));
        let pick = 0;
        // Michigan's chips go round the boodle cards a chip at a time, and the next hand's are
        // staked as last deal in one click; Polignac's capot is passed in the first deal and announced in the next.
        if (labels.every((l) => /^stake/i.test(l))) {
          const again = labels.findIndex((l) => /as last deal/i.test(l));
          const chips = labels.flatMap((l, i) => (/^stake a chip/i.test(l) ? [i] : []));
          pick = again >= 0 ? again : chips[stakes++ % chips.length];
        }
        else if (labels.some((l) => /capot/i.test(l))) pick = Math.max(0, labels.findIndex((l) => (summaries.length === 0 ? /^pass/i : /capot/i).test(l)));
        await offered
          .nth(pick)
          .click({ timeout: 2000 })
          .catch(() => {});
        buttons++;
      } else {
        // The turn is the person's but nothing is offered yet: the next view must bring something.
        check(++idle <= 5, `${where}: the person's turn offers neither a card nor a button`);
      }
      if (k > 0 || n > 0) idle = 0;
      await page
        .waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== String(old), v, { timeout: k > 0 || n > 0 ? 10_000 : 2000, polling: 30 })
        .catch(() => {});
    }
    log(`${g.game}: over after ${turns} turns of the person (${plays} cards, ${buttons} buttons), ${summaries.length} summaries`);
    check(summaries.length === (g.hands ?? 1) - 1, `${g.game}: ${summaries.length} summaries between ${g.hands} hands`);
    const end = page.locator('.end-panel');
    await end.waitFor({ timeout: 5000 });
    const result = ((await end.locator('.result').textContent()) ?? '').trim();
    check(result.length > 0, `${g.game}: the end panel shows no result`);
    const lines = await page.$$eval('ol.log li', (els) => els.map((e) => e.textContent.trim()));
    for (const [re, want] of g.said ?? []) {
      const n = lines.filter((l) => re.test(l)).length;
      check(typeof want === 'number' ? n === want : n >= want.least, `${g.game}: the log has ${n} lines like ${re}, not ${typeof want === 'number' ? want : `${want.least} or more`}`);
    }
    if (g.balance) check(result.includes(g.balance), `${g.game}: the result does not speak of ${g.balance}: "${result}"`);
    if (g.balance) {
      const { seats, pots } = await checkBalances(page, g, `${g.game}, the end`);
      log(`${g.game}: ${g.balance} at the end ${seats.join(', ')}, ${pots} in the pots`);
    }
    await page.screenshot({ path: join(SHOTS, `${g.game}-end.png`) });
    log(`${g.game}: ${result}`);
    const leaks = await page.evaluate(() => window.__leaks);
    check(leaks.length === 0, `${g.game}: hidden cards were shown:\n  ${leaks.slice(0, 5).join('\n  ')}`);
    check(p.errors.length === 0, `${g.game}: ${p.errors.join('\n  ')}`);
  } catch (e) {
    await page.screenshot({ path: join(tmp, `failure-${g.game}.png`) }).catch(() => {});
    throw e;
  } finally {
    await p.context.close().catch(() => {});
  }
}

async function main() {
  await server.start();
  log(`server up at ${server.origin}`);
  mkdirSync(SHOTS, { recursive: true });
  const browser = await launch();
  const deadline = Date.now() + OVERALL_MS - 20_000;
  try {
    for (const g of GAMES) {
      await play(browser, g, deadline);
    }
  } finally {
    await browser.close().catch(() => {});
  }
}

run(main, OVERALL_MS, () => server.kill());
