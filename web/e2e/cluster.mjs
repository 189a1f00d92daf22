// End-to-end: `make cluster N=3` as a user runs it (scripts/cluster: a private
// PostgreSQL, three `parlour serve` processes, HAProxy in front), a person and
// two bots at a table of Old Maid in Chromium, through HAProxy. Mid-game the
// process that plays the table is killed (SIGKILL): the page reconnects by
// itself, with the same hand at the same version, and the game goes on at
// another process. Screenshots before and after the kill.
//
//   node e2e/cluster.mjs [--server PATH] [--shots DIR]
//
// Needs `npm run build` first, Debian's /usr/bin/chromium, postgresql-15 and
// haproxy (scripts/setup installs them); without the last two it says so and
// exits 77 (skipped).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { check, freePort, launch, leakWatch, log, openSeat, option, repo, run, SERVER, sleep, tableVersion, tmp, waitVersionAbove } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 150_000;

function have(cmd) {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd} || test -x /usr/sbin/${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let pgBindir = '';
try {
  pgBindir = execFileSync('pg_config', ['--bindir']).toString().trim();
} catch {
  // Reported below.
}
if (!have('haproxy') || !existsSync(join(pgBindir, 'initdb'))) {
  console.log('SKIP: haproxy or PostgreSQL (postgresql-15) is absent; scripts/setup installs them');
  process.exit(77);
}

let cluster = null;

/** scripts/cluster 3, its lines read for the processes' ids and ports. */
async function startCluster() {
  const port = await freePort();
  // PostgreSQL runs as the postgres user, in a folder under this one: it must
  // be able to pass through (a temporary folder is made for its owner alone).
  chmodSync(tmp, 0o755);
  const out = join(tmp, 'cluster.log');
  cluster = spawn('bash', [join(repo, 'scripts', 'cluster'), '3', dirname(SERVER)], {
    env: { ...process.env, PORT: String(port), CLUSTER_DIR: join(tmp, 'cluster'), SERVE_ARGS: '--bot-delay 300 --hand-pause 300' },
    stdio: ['ignore', openSync(out, 'a'), openSync(out, 'a')],
    detached: true,
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const text = existsSync(out) ? readFileSync(out, 'utf8') : '';
    if (text.includes('cluster: ready')) {
      const serves = [...text.matchAll(/cluster: (serve\d+) pid (\d+) port (\d+)/g)].map((m) => ({ name: m[1], pid: Number(m[2]), port: Number(m[3]) }));
      const pg = text.match(/cluster: postgresql pid \d+ port (\d+)/);
      return { origin: `http://127.0.0.1:${port}`, serves, uri: `postgresql://postgres@127.0.0.1:${pg[1]}/postgres` };
    }
    check(cluster.exitCode === null, `scripts/cluster ended: ${text}`);
    await sleep(200);
  }
  throw new Error('scripts/cluster was not ready within 60 s');
}

async function stopCluster() {
  if (!cluster || cluster.exitCode !== null) return;
  try {
    process.kill(-cluster.pid, 'SIGINT');
  } catch {
    return;
  }
  const until = Date.now() + 20_000;
  while (cluster.exitCode === null && Date.now() < until) await sleep(100);
}

const sql = (c, q) => execFileSync(join(pgBindir, 'psql'), ['-X', '-A', '-t', '-d', c.uri, '-c', q]).toString().trim();

/** One move through the UI: draw the first card offered (by keyboard), or offer. */
async function act(page) {
  const v = await tableVersion(page);
  if (await page.locator('.offered button.card.pickable').count()) {
    await page.keyboard.press('1');
  } else {
    const offer = page.locator('.choices button[data-key="o"]');
    if (!(await offer.count())) return false;
    await offer.click();
  }
  await waitVersionAbove(page, v, 10_000, 'the page');
  return true;
}

async function playSome(page, n) {
  let done = 0;
  for (let i = 0; i < 200 && done < n; i++) {
    if ((await page.getAttribute('.table-page', 'data-terminal')) === 'true') break;
    if (await act(page)) done++;
    else await sleep(100);
  }
  return done;
}

const ownHand = (page) => page.$$eval('.me .own-hand [data-card-index]', (els) => els.map((e) => Number(e.getAttribute('data-card-index'))));

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const c = await startCluster();
  log(`cluster up: HAProxy at ${c.origin}, serve processes ${c.serves.map((s) => `${s.name} pid ${s.pid}`).join(', ')}`);
  const made = await (
    await fetch(`${c.origin}/api/tables`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'old-maid', players: 3, seats: ['human', 'blind', 'blind'] }),
    })
  ).json();
  const browser = await launch();
  try {
    const p = await openSeat(browser, { origin: c.origin, table: made.table, token: made.seats[0].token, name: 'Ann', reducedMotion: 'reduce', init: [leakWatch] });
    check((await playSome(p.page, 3)) === 3, 'three moves before the kill');
    // Killed while the table waits for the person, so that nothing moves
    // meanwhile: the page must come back to the same position.
    await p.page.waitForSelector('.offered button.card.pickable, .choices button[data-key="o"]', { timeout: 15_000 });
    await sleep(300);
    const owner = sql(c, `SELECT owner FROM tables WHERE id = '${made.table}'`);
    const port = Number(owner.split(':')[1]);
    const victim = c.serves.find((s) => s.port === port);
    check(victim, `the table's owner ${owner} is one of the cluster's processes`);
    const before = { v: await tableVersion(p.page), hand: await ownHand(p.page) };
    await p.page.screenshot({ path: join(SHOTS, 'cluster-before-kill.png') });
    process.kill(victim.pid, 'SIGKILL');
    const killed = Date.now();
    log(`killed ${victim.name} (pid ${victim.pid}), which played the table, at version ${before.v}`);
    await p.page.waitForSelector('.table-page:not([data-status="open"])', { timeout: 10_000 });
    await p.page.waitForSelector('.table-page[data-status="open"]', { timeout: 20_000 });
    const back = (Date.now() - killed) / 1000;
    const after = { v: await tableVersion(p.page), hand: await ownHand(p.page) };
    log(`the page is back at its table ${back.toFixed(1)} s after the kill, at version ${after.v}`);
    check(back < 10, `back ${back.toFixed(1)} s after the kill (over 10 s)`);
    check(after.v === before.v, `version ${after.v} after the kill, ${before.v} before`);
    check(JSON.stringify(after.hand) === JSON.stringify(before.hand), `hand ${after.hand} after the kill, ${before.hand} before`);
    await p.page.screenshot({ path: join(SHOTS, 'cluster-after-kill.png') });
    const now = sql(c, `SELECT owner FROM tables WHERE id = '${made.table}'`);
    check(now && now !== owner, `another process plays the table now (${now})`);
    const moved = await playSome(p.page, 3);
    const terminal = (await p.page.getAttribute('.table-page', 'data-terminal')) === 'true';
    check(moved === 3 || terminal, `the game goes on after the kill (${moved} moves)`);
    log(`the game goes on at ${now}: ${moved} more moves, version ${await tableVersion(p.page)}`);
    check(p.errors.length === 0, `page errors: ${p.errors.join('; ')}`);
    const leaks = await p.page.evaluate(() => window.__leaks);
    check(leaks.length === 0, `leaks: ${leaks.join('; ')}`);
  } finally {
    await browser.close().catch(() => {});
  }
}

run(main, OVERALL_MS, stopCluster);
