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
//
//   node e2e/macao.mjs [--server PATH] [--shots DIR]
import { join } from 'node:path';
import { Server, check, checkBalances, isTerminal, launch, leakWatch, log, openSeat, option, readSummary, run, sleep, tableVersion, tmp } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 170_000;
const START = 50;
const LIMIT = 5;
const server = new Server(['--allow-seed', '--bot-delay', '60', '--hand-pause', '1500']);

/** One person's move, if it is that person's turn: true when something was clicked. */
async function move(p, counts) {
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
    const counts = { stakes: 0, draws: 0, stands: 0 };
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
        acted = (await move(p, counts)) || acted;
      }
      if (!acted) await sleep(40);
    }
    log(`match over: ${JSON.stringify(counts)}, ${summaries.size} summaries read`);
    check(counts.stakes >= 4, `the people staked only ${counts.stakes} times in six hands`);
    check(counts.draws + counts.stands > 0, 'the people never drew nor stood');
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
