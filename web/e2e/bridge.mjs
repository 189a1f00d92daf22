// End-to-end: a rubber of Bridge-Whist through the UI, a person (seat 0) and
// three `heuristic` bots, to the end. The person plays by clicking what is
// offered: the make, the doubling's answers by button; a card of the hand, or
// of dummy's hand when the person deals (the dealer plays both). Checked at
// every turn of the person: until a deal's opening lead no face of another
// seat's hand is shown, dummy's included; from the opening lead dummy's hand
// lies face up (unless the person is dummy); no other face is ever shown; the
// page has no errors. The score-sheet (the side panel's Score tab) has the
// line, the trick points below it with a rule under each game, and at the
// end the rubber's 100 above the line in the winners' column, the games and
// the totals, which add up; the end panel shows the same sheet.
//
//   node e2e/bridge.mjs [--server PATH] [--shots DIR]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Server, check, isTerminal, launch, leakWatch, log, openSeat, option, run, sleep, tableVersion, tmp } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 170_000;
const server = new Server(['--allow-seed', '--bot-delay', '20', '--hand-pause', '0']);

/** Whether this deal's opening lead is in the log, and the faces shown in each other seat's hand. */
function dummyState() {
  const lines = [...document.querySelectorAll('ol.log li')].map((e) => e.textContent);
  let deal = -1;
  lines.forEach((l, i) => {
    if (/^Deal \d+: .*thirteen cards each/.test(l)) deal = i;
  });
  const laid = deal >= 0 && lines.slice(deal).some((l) => /lays? down the dummy hand/.test(l));
  const faces = [1, 2, 3].map((k) => document.querySelectorAll(`[data-zone-kind="hand"][data-owner="${k}"] .card.face[data-card-index]`).length);
  const held = [1, 2, 3].map((k) => document.querySelectorAll(`[data-zone-kind="hand"][data-owner="${k}"] .card`).length);
  const status = document.querySelector('.me.seat')?.textContent ?? '';
  return { dealt: deal >= 0, laid, faces, held, dummy: /\bdummy\b/.test(status) };
}

/** The score-sheet in `root`: its columns, the entries above and below the line, games, totals. */
function readSheet(root) {
  const box = document.querySelector(`${root} [data-role="score-sheet"]`);
  if (!box) return null;
  const rows = (sel) =>
    [...box.querySelectorAll(`${sel} tr[data-what]`)].map((tr) => ({
      what: tr.getAttribute('data-what'),
      ruled: tr.classList.contains('sheet-game'),
      points: [...tr.querySelectorAll('td.num')].map((td) => Number(td.textContent || '0')),
    }));
  const nums = (role) => [...box.querySelectorAll(`tr[data-role="${role}"] td.num`)].map((td) => Number(td.textContent));
  const line = box.querySelector('.sheet-below tr td');
  return {
    columns: [...box.querySelectorAll('thead th.num')].map((th) => th.textContent),
    above: rows('.sheet-above'),
    below: rows('.sheet-below'),
    games: nums('games'),
    totals: nums('totals'),
    // The line: the heavy rule on top of the first row below it.
    line: line ? getComputedStyle(line).borderTopStyle : 'none',
    result: box.querySelector('[data-role="sheet-result"]')?.textContent ?? '',
  };
}

function checkSheet(s, where) {
  check(s, `${where}: no score-sheet`);
  check(s.columns.join() === 'We,They', `${where}: the columns are ${s.columns}, not We and They`);
  check(s.line === 'double', `${where}: the line under the entries above it is "${s.line}", not a double rule`);
  for (let c = 0; c < 2; c++) {
    const sum = [...s.above, ...s.below].reduce((a, e) => a + (e.points[c] || 0), 0);
    check(sum === s.totals[c], `${where}: ${s.columns[c]}'s entries add up to ${sum}, but the total says ${s.totals[c]}`);
  }
  const rules = s.below.filter((e) => e.ruled).length;
  check(rules === s.games[0] + s.games[1], `${where}: ${rules} rules under games, but ${s.games[0] + s.games[1]} games won`);
}

async function main() {
  await server.start();
  log(`server up at ${server.origin}`);
  mkdirSync(SHOTS, { recursive: true });
  const browser = await launch();
  let p;
  try {
    const made = await server.api('/api/tables', { game: 'bridge-whist', players: 4, seats: ['human', 'heuristic', 'heuristic', 'heuristic'], options: [], seed: 7 });
    p = await openSeat(browser, { origin: server.origin, table: made.table, token: made.seats[0].token, name: 'Ann', init: [leakWatch], reducedMotion: 'reduce' });
    const page = p.page;
    let turns = 0,
      hidden = 0,
      shown = 0,
      sheets = 0;
    const deadline = Date.now() + OVERALL_MS - 20_000;
    while (!(await isTerminal(page))) {
      check(Date.now() < deadline, `the rubber did not end (${turns} turns of the person)`);
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
      const d = await page.evaluate(dummyState);
      if (d.dealt && !d.laid) {
        check(d.faces.every((n) => n === 0), `${where}: before the opening lead a face of another hand is shown (${d.faces})`);
        hidden++;
      } else if (d.laid && !d.dummy) {
        const open = d.faces.filter((n) => n > 0).length;
        const k = d.faces.findIndex((n) => n > 0);
        check(open === 1 && d.faces[k] === d.held[k], `${where}: after the opening lead dummy's hand is not the one hand face up, whole (${d.faces} of ${d.held})`);
        shown++;
      }
      // Now and then the sheet, from the side panel's Score tab.
      if (turns % 25 === 1) {
        await page.click('.side-tab[data-tab="sheet"]', { timeout: 2000 });
        checkSheet(await page.evaluate(readSheet, '.side'), `${where}, the score-sheet`);
        if (sheets++ === 1) await page.screenshot({ path: join(SHOTS, 'bridge-whist-sheet.png') });
        await page.click('.side-tab[data-tab="log"]', { timeout: 2000 });
      }
      const own = mine.locator('.own-hand .card.pickable');
      const cards = (await own.count()) ? own : mine.locator('.card.pickable');
      const offered = mine.locator('.me .choices button:not([disabled])');
      const k = await cards.count();
      const n = await offered.count();
      if (k > 0) {
        await page.mouse.move(1, 1);
        await cards
          .nth(turns % k)
          .click({ timeout: 2000, position: { x: 4, y: 24 } })
          .catch(() => {});
      } else if (n > 0) {
        // Make and double as offered: the first choice (a make, "May I lead?", "Satisfied").
        await offered.first().click({ timeout: 2000 }).catch(() => {});
      }
      await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== String(old), v, { timeout: 10_000, polling: 30 }).catch(() => {});
    }
    log(`rubber over after ${turns} turns of the person: dummy hidden at ${hidden} of them, face up at ${shown}`);
    check(hidden > 0 && shown > 0, `dummy was never seen both before (${hidden}) and after (${shown}) an opening lead`);
    const end = page.locator('.end-panel');
    await end.waitFor({ timeout: 5000 });
    const s = await page.evaluate(readSheet, '.end-panel');
    checkSheet(s, 'the end panel');
    const rubber = s.above.filter((e) => e.what === 'rubber');
    check(rubber.length === 1, `the sheet has ${rubber.length} rubber lines, not one`);
    const w = s.games[0] === 2 ? 0 : 1;
    check(s.games[w] === 2 && s.games[1 - w] <= 1, `the games are ${s.games}: nobody won two`);
    check(rubber[0].points[w] === 100 && !rubber[0].points[1 - w], `the rubber's points are ${rubber[0].points}, not 100 to ${s.columns[w]}`);
    check(s.result.length > 0, 'the sheet gives no result');
    log(`the sheet: games ${s.games}, totals ${s.totals}; ${s.result}`);
    await page.screenshot({ path: join(SHOTS, 'bridge-whist-end.png') });
    const leaks = await page.evaluate(() => window.__leaks);
    check(leaks.length === 0, `hidden cards were shown:\n  ${leaks.slice(0, 5).join('\n  ')}`);
    check(p.errors.length === 0, p.errors.join('\n  '));
  } catch (e) {
    if (p) await p.page.screenshot({ path: join(tmp, 'failure-bridge.png') }).catch(() => {});
    throw e;
  } finally {
    await browser.close().catch(() => {});
  }
}

run(main, OVERALL_MS, () => server.kill());
