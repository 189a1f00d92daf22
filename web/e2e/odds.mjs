// Live odds in the browser are the engine's: a person plays Old Maid against
// three bots (a chosen seed) with the odds switched on through the UI, reads the
// figures shown for their seat at several moves, and after the game the same
// figures come out of `parlour odds old-maid --record FILE --at N --seat K`.
//
//   node e2e/odds.mjs [--server PATH]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, launch, log, run, SERVER, Server, sleep, tmp } from './lib.mjs';

const OVERALL_MS = 150_000;
const PLAYERS = 4;
const SEED = 4242;
const server = new Server(['--allow-seed', '--bot-delay', '100', '--hand-pause', '0']);

/** The figures on show for the current view: [{seat, value, text}], with their version. */
async function readOdds(page) {
  const version = await page.getAttribute('.table-page', 'data-version');
  const sel = `[data-odds-seat][data-odds-version="${version}"]`;
  await page.waitForSelector(sel, { timeout: 10_000 });
  const cells = await page.$$eval(sel, (els) => els.map((e) => ({ seat: Number(e.dataset.oddsSeat), value: Number(e.dataset.oddsValue), text: e.textContent })));
  const exact = await page.getAttribute('.odds-figures', 'data-odds-exact');
  const how = await page.locator('.odds-how').textContent();
  return { version: Number(version), cells, exact, how };
}

/** `parlour odds` as the command line prints it: "  seat s  12.345678%" lines. */
function cliOdds(record, at, seat) {
  const out = execFileSync(SERVER, ['--plain', 'odds', 'old-maid', '--record', record, '--at', String(at), '--seat', String(seat)], { encoding: 'utf8' });
  check(out.includes(`as seat ${seat} can know them`), `parlour odds did not speak for seat ${seat}:\n${out}`);
  const figures = [...out.matchAll(/^ {2}seat (\d+) {2}([0-9.]+)%$/gm)].map((m) => ({ seat: Number(m[1]), percent: Number(m[2]) }));
  check(figures.length === PLAYERS, `parlour odds printed ${figures.length} seats:\n${out}`);
  return { figures, exact: /^Exact;/m.test(out) };
}

async function main() {
  await server.start();
  log(`server up at ${server.origin}, data in ${tmp}`);
  const made = await server.api('/api/tables', { game: 'old-maid', players: PLAYERS, seats: ['human', 'blind', 'blind', 'blind'], seed: SEED });
  const token = made.seats[0].token;
  const browser = await launch();
  const samples = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await ctx.addInitScript((tok) => {
      localStorage.setItem('parlour.name', 'Ann');
      localStorage.setItem('parlour.named', tok);
    }, token);
    const page = await ctx.newPage();
    const errors = [];
    const consoleLines = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    // The last frames each way, to say what happened if the table stalls.
    const frames = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', (f) => frames.push(`> ${String(f.payload).slice(0, 160)}`));
      ws.on('framereceived', (f) => frames.push(`< ${String(f.payload).slice(0, 160)}`));
    });
    await page.goto(`${server.origin}/#/t/${made.table}/${token}`);
    await page.waitForSelector('.table-page[data-status="open"]:not([data-version=""])');
    check(!(await page.locator('[data-odds-seat]').count()), 'odds are shown before the person switched them on');

    // The person switches the odds on.
    await page.click('.side-tab[data-tab="odds"]');
    await page.click('[data-role="odds-switch"]');
    check(await page.isChecked('[data-role="odds-switch"]'), 'the odds switch did not turn on');

    for (let moves = 0; moves < 200; moves++) {
      if ((await page.getAttribute('.table-page', 'data-terminal')) === 'true') break;
      if (!(await page.locator('.table-page.my-turn').count())) {
        await sleep(40);
        continue;
      }
      const s = await readOdds(page);
      samples.push(s);
      const v = String(s.version);
      const fan = page.locator('.offered button.card.pickable');
      const moved = (ms) =>
        page
          .waitForFunction(
            (old) => {
              const t = document.querySelector('.table-page');
              return t && (t.getAttribute('data-version') !== old || t.getAttribute('data-terminal') === 'true');
            },
            v,
            { timeout: ms },
          )
          .then(() => true, () => false);
      // The pointer away first: a hovered card lifts, and a click near its
      // edge can miss it; a click that missed is tried once more.
      for (let tries = 0; tries < 2; tries++) {
        await page.mouse.move(1, 1);
        if (await fan.count()) await fan.first().click({ position: { x: 4, y: 20 } }).catch(() => {});
        else await page.locator('.choices button[data-key="o"], .choices button').first().click().catch(() => {});
        if (await moved(5_000)) break;
      }
      await page
        .waitForFunction(
          (old) => {
            const t = document.querySelector('.table-page');
            return t && (t.getAttribute('data-version') !== old || t.getAttribute('data-terminal') === 'true');
          },
          v,
          { timeout: 1_000 },
        )
        .catch(async () => {
          await page.screenshot({ path: join(tmp, 'failure.png') });
          const toasts = await page.$$eval('.toast', (els) => els.map((e) => e.textContent));
          const attrs = await page.$eval('.table-page', (e) => e.outerHTML.slice(0, 300));
          throw new Error(
            `no new view after acting at version ${v} (see failure.png); toasts: ${toasts}; page: ${attrs}; console: ${consoleLines.slice(-10).join(' | ')}\nframes:\n${frames.slice(-12).join('\n')}`,
          );
        });
    }
    check((await page.getAttribute('.table-page', 'data-terminal')) === 'true', 'the game did not end');
    check(errors.length === 0, errors.join('; '));
    await page.screenshot({ path: join(tmp, 'odds-end.png') });
    await ctx.close();
  } finally {
    await browser.close().catch(() => {});
  }
  check(samples.length >= 3, `only ${samples.length} readings of the odds`);
  log(`read the odds at versions ${samples.map((s) => s.version).join(', ')}`);

  const record = join(tmp, 'record.json');
  writeFileSync(record, JSON.stringify(await server.api(`/api/tables/${made.table}/record`)));
  // The first reading, one from the middle and the last.
  const chosen = [...new Set([0, samples.length >> 1, samples.length - 1])].map((i) => samples[i]);
  for (const s of chosen) {
    const cli = cliOdds(record, s.version, 0);
    check(s.exact === (cli.exact ? 'true' : 'false'), `version ${s.version}: the page says exact=${s.exact}, the command line ${cli.exact}`);
    check(s.how.startsWith(cli.exact ? 'Exact' : 'Estimated by sampling'), `version ${s.version}: the page says "${s.how}"`);
    check(s.how.includes(`after move ${s.version}`), `version ${s.version}: the page does not name the move: "${s.how}"`);
    for (const f of cli.figures) {
      const shown = s.cells.find((c) => c.seat === f.seat);
      check(shown, `version ${s.version}: no figure shown for seat ${f.seat}`);
      // The command line prints six decimals of a percentage.
      check(Math.abs(shown.value * 100 - f.percent) <= 6e-7, `version ${s.version}, seat ${f.seat}: the page shows ${shown.value * 100}%, parlour odds ${f.percent}%`);
      check(shown.text === `${(shown.value * 100).toFixed(2)}%`, `version ${s.version}, seat ${f.seat}: "${shown.text}" is not ${shown.value * 100} with two decimals`);
    }
    log(`version ${s.version}: ${cli.figures.map((f) => `seat ${f.seat} ${f.percent}%`).join(', ')} — as shown`);
  }
}

run(main, OVERALL_MS, () => server.kill());
