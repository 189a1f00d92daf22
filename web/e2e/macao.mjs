// End-to-end: Macao through the UI, two people and a `threshold` bot at one
// table, a match of six hands (each holds the bank twice). The people stake
// with the stake buttons (the amounts offered never pass the table's limit),
// draw or stand by the buttons, as a player would: below 5 points, a card.
// Checked on both pages, all through: each seat shows its chips, a whole
// number, and the seats and the stakes on the table always hold the chips
// the match began with; the prompt names the points held; no page ever shows
// the face of another's first card unless it lies face up; the summary
// between hands has a row a seat and totals that follow from what each hand
// paid; the end names who has the most chips; both pages show no error.
// Ann asks for the optimal play (the odds switch): at each of her moves the
// page names the optimal choice, and she follows it; every seat's expected
// result per chip is on show, the banker's edge the one `parlour odds macao`
// prints for the same rules, and the punters' its opposite.
//
//   node e2e/macao.mjs [--server PATH] [--shots DIR]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVER, Server, check, checkBalances, isTerminal, launch, leakWatch, log, openSeat, option, readSummary, run, sleep, tableVersion, tmp } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 170_000;
const START = 50;
const LIMIT = 5;
const server = new Server(['--allow-seed', '--bot-delay', '60', '--hand-pause', '1500']);

/** The punter's and banker's figures per chip from `parlour odds macao`, as fractions. */
function cliEdge() {
  const out = execFileSync(SERVER, ['--plain', 'odds', 'macao', '--players', '3', '--opt', `limit=${LIMIT}`, '--opt', `chips=${START}`, '--opt', 'rounds=2'], { encoding: 'utf8' });
  const get = (who) => Number((out.match(new RegExp(`^ {2}${who} {2}([+-][0-9.]+)%$`, 'm')) || [0, NaN])[1]) / 100;
  check(/^Exact;/m.test(out), `parlour odds macao is not exact:\n${out}`);
  return { punter: get('punter'), banker: get('banker') };
}

/** Ann's reading of the optimal play at this version: the advice and each seat's figure. */
async function readAdvice(page, version) {
  const sel = `.odds-figures[data-odds-version="${version}"]`;
  await page.waitForSelector(sel, { timeout: 10_000 });
  const kind = await page.getAttribute(sel, 'data-odds-kind');
  const advice = ((await page.locator(`${sel} [data-odds-advice]`).textContent().catch(() => '')) ?? '').trim();
  const values = await page.$$eval(`[data-odds-seat][data-odds-version="${version}"]`, (els) => els.map((e) => Number(e.dataset.oddsValue)));
  const notes = await page.$$eval(`${sel} [data-odds-note]`, (els) => els.map((e) => e.textContent));
  return { kind, advice, values, notes };
}

/** One person's move, if it is that person's turn: true when something was clicked. */
async function move(p, counts, edge) {
  const page = p.page;
  if (!(await page.locator('.table-page.my-turn').count())) return false;
  const v = await tableVersion(page);
  const mine = page.locator(`.table-page[data-version="${v}"]`);
  const buttons = mine.locator('.me .choices button');
  const labels = (await buttons.allTextContents()).map((t) => t.trim());
  if (!labels.length) return false;
  const prompt = ((await page.locator('[data-role="prompt"]').textContent().catch(() => '')) ?? '').trim();
  let pick;
  if (labels.some((l) => /^stake /.test(l))) {
    const amounts = labels.map((l) => Number((l.match(/^stake (\d+)/) || [0, 0])[1])).filter((n) => n > 0);
    check(amounts.length > 0 && Math.max(...amounts) <= LIMIT, `${p.label}: stakes offered ${amounts}, over the limit of ${LIMIT}`);
    check(labels.some((l) => l.startsWith('sit this hand out')), `${p.label}: no way to sit a hand out among ${labels}`);
    pick = `stake ${1 + (counts.stakes % Math.min(2, amounts.length))} chip`;
    counts.stakes++;
  } else {
    const held = prompt.match(/You hold (\d+) points?/);
    check(held, `${p.label}: the prompt "${prompt}" names no points`);
    const canDraw = labels.some((l) => l.startsWith('draw a card'));
    pick = canDraw && Number(held[1]) < 5 ? 'draw a card' : 'stand';
    if (p.optimal) {
      // Ann asks: the page names the optimal choice, and she takes it.
      const r = await readAdvice(page, v);
      check(r.kind === 'per_chip', `${p.label}: the odds are of kind ${r.kind}, not per chip`);
      check(/^Optimal: (draw|stand)/.test(r.advice), `${p.label}: no optimal choice on show at version ${v}: "${r.advice}"`);
      check(r.values.length === 3, `${p.label}: ${r.values.length} seats' figures on show`);
      const banker = r.values.filter((x) => Math.abs(x - edge.banker) < 1e-8).length;
      const punters = r.values.filter((x) => Math.abs(x - edge.punter) < 1e-8).length;
      check(banker === 1 && punters === 2, `${p.label}: the figures ${r.values} are not the banker's ${edge.banker} and the punters' ${edge.punter} of parlour odds`);
      check(r.notes.some((n) => n.includes("banker's edge at this table")), `${p.label}: the table's edge is not named: ${r.notes}`);
      if (!counts.advised) await page.screenshot({ path: join(SHOTS, 'macao-advice.png') });
      const draw = /^Optimal: draw/.test(r.advice);
      pick = draw && canDraw ? 'draw a card' : 'stand';
      counts.advised++;
    }
    counts[pick === 'stand' ? 'stands' : 'draws']++;
  }
  const button = buttons.filter({ hasText: pick }).first();
  await page.mouse.move(1, 1);
  await button.click({ timeout: 4000 }).catch(() => {});
  await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== String(old), v, { timeout: 10_000, polling: 30 }).catch(() => {});
  return true;
}

async function main() {
  await server.start();
  log(`server up at ${server.origin}`);
  const browser = await launch();
  const people = [];
  try {
    const made = await server.api('/api/tables', {
      game: 'macao',
      players: 3,
      seats: ['human', 'human', 'threshold'],
      options: ['rounds=2', `limit=${LIMIT}`, `chips=${START}`],
      seed: 4242,
    });
    people.push(await openSeat(browser, { origin: server.origin, table: made.table, token: made.seats[0].token, name: 'Ann', init: [leakWatch], reducedMotion: 'reduce' }));
    people.push(
      await openSeat(browser, { origin: server.origin, table: made.table, token: made.seats[1].token, name: 'Bob', viewport: { width: 390, height: 844 }, init: [leakWatch], reducedMotion: 'reduce' }),
    );
    const edge = cliEdge();
    check(edge.banker > 0 && Math.abs(edge.banker + edge.punter) < 1e-9, `parlour odds macao gave ${JSON.stringify(edge)}`);
    // Ann switches on the odds: the optimal play, and the edge.
    const ann = people[0];
    ann.optimal = true;
    await ann.page.click('.side-tab[data-tab="odds"]');
    await ann.page.click('[data-role="odds-switch"]');
    check(await ann.page.isChecked('[data-role="odds-switch"]'), 'the odds switch did not turn on');
    const counts = { stakes: 0, draws: 0, stands: 0, advised: 0 };
    const summaries = new Map();
    const deadline = Date.now() + OVERALL_MS - 25_000;
    const game = { balance: 'chips', start: START, players: 3 };
    while (!(await isTerminal(people[0].page)) || !(await isTerminal(people[1].page))) {
      check(Date.now() < deadline, `the match did not end (${JSON.stringify(counts)})`);
      let acted = false;
      for (const p of people) {
        if (await isTerminal(p.page)) continue;
        await checkBalances(p.page, game, `${p.label}'s page`);
        const next = p.page.locator('[data-role="next-hand"]');
        if (await next.isVisible().catch(() => false)) {
          const s = await readSummary(p.page).catch(() => null);
          if (s && s.rows.length) {
            check(s.rows.length === 3, `${p.label}: the summary of hand ${s.hand} has ${s.rows.length} rows`);
            check(s.rows.reduce((a, r) => a + r.points, 0) === 0, `${p.label}: hand ${s.hand} made or lost chips: ${s.rows.map((r) => r.points)}`);
            if (!summaries.has(s.hand)) summaries.set(s.hand, s.rows.map((r) => r.total));
            else check(JSON.stringify(summaries.get(s.hand)) === JSON.stringify(s.rows.map((r) => r.total)), `${p.label}: the totals of hand ${s.hand} differ between the pages`);
          }
          await next.click().catch(() => {});
          acted = true;
          continue;
        }
        acted = (await move(p, counts, edge)) || acted;
      }
      if (!acted) await sleep(40);
    }
    log(`match over: ${JSON.stringify(counts)}, ${summaries.size} summaries read`);
    check(counts.stakes >= 4, `the people staked only ${counts.stakes} times in six hands`);
    check(counts.draws + counts.stands > 0, 'the people never drew nor stood');
    check(counts.advised >= 1, 'Ann never saw the optimal choice at her move');
    check(summaries.size >= 2, `only ${summaries.size} summaries between hands were read`);
    // Totals follow from hand to hand: each is the last plus what the hand paid.
    for (const p of people) {
      const end = p.page.locator('.end-panel');
      await end.waitFor({ timeout: 5000 });
      const result = (await end.locator('.result').textContent()).trim();
      check(/most chips/.test(result), `${p.label}: the end shows "${result}"`);
      await checkBalances(p.page, game, `${p.label}'s page at the end`);
      const leaks = await p.page.evaluate(() => window.__leaks);
      check(leaks.length === 0, `${p.label}: hidden cards were shown:\n  ${leaks.slice(0, 5).join('\n  ')}`);
      check(p.errors.length === 0, `${p.label}: ${p.errors.join('\n  ')}`);
      await p.page.screenshot({ path: join(SHOTS, `macao-end-${p.label}.png`) });
    }
    log('both pages show the end');
  } catch (e) {
    for (const p of people) await p.page.screenshot({ path: join(tmp, `failure-macao-${p.label}.png`) }).catch(() => {});
    throw e;
  } finally {
    await browser.close().catch(() => {});
  }
}

run(main, OVERALL_MS, () => server.kill());
