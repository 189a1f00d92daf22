// End-to-end: two people play Old Maid against two bots in real browsers,
// through the UI only, while the server is killed and restarted mid-game.
//
//   node e2e/play.mjs [--phone] [--server PATH]
//
// --phone   the second player's browser is phone-sized (375×667)
// --server  the parlour binary (default: <repo>/build/parlour)
//
// Needs `npm run build` first (the server serves web/dist) and Debian's
// /usr/bin/chromium. Exits 0 on success; prints what failed and exits 1
// otherwise. Screenshots go to the temporary folder, whose path is printed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, '..');
const repo = resolve(web, '..');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);

const PHONE = flag('--phone');
const SERVER = resolve(option('--server', join(repo, 'build', 'parlour')));
const OVERALL_MS = 180_000;
const HUMAN_ACTIONS_BEFORE_KILL = 6;
const tmp = mkdtempSync(join(tmpdir(), 'parlour-e2e-'));
const started = Date.now();

const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class Failure extends Error {}
function check(cond, what) {
  if (!cond) throw new Failure(what);
}

// ----- The server -----

async function freePort() {
  // The range this project's tests may use.
  for (let i = 0; i < 50; i++) {
    const port = 18000 + Math.floor(Math.random() * 1000);
    const ok = await new Promise((r) => {
      const s = createServer();
      s.once('error', () => r(false));
      s.listen(port, '127.0.0.1', () => s.close(() => r(true)));
    });
    if (ok) return port;
  }
  throw new Failure('no free port in 18000-18999');
}

let server = null;
let serverRuns = 0;

function startServer(port) {
  const out = openSync(join(tmp, `server-${++serverRuns}.log`), 'a');
  server = spawn(
    SERVER,
    ['serve', '--port', String(port), '--db', join(tmp, 'p.db'), '--bot-delay', '100', '--web', join(web, 'dist')],
    { stdio: ['ignore', out, out] },
  );
  const proc = server;
  proc.exited = new Promise((r) => proc.once('exit', (code, signal) => r({ code, signal })));
  return proc;
}

async function waitForServer(origin, ms = 20_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Failure(`the server exited (${server.exitCode}); see ${tmp}/server-${serverRuns}.log`);
    try {
      const res = await fetch(`${origin}/`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Failure(`the server did not answer GET / within ${ms} ms`);
}

async function killServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const proc = server;
  proc.kill('SIGKILL');
  await proc.exited;
}

// ----- Pages -----

/** Watches the DOM from the first paint: no hand of another seat may ever hold a face. */
function leakWatch() {
  window.__leaks = [];
  window.__held = new Set();
  const scan = () => {
    const page = document.querySelector('.table-page');
    if (!page) return;
    const seat = Number(page.getAttribute('data-seat'));
    if (page.getAttribute('data-terminal') === 'true') return; // the end shows every hand
    document.querySelectorAll('[data-zone-kind="hand"]').forEach((zone) => {
      const owner = Number(zone.getAttribute('data-owner'));
      if (owner === seat && seat >= 0) {
        zone.querySelectorAll('[data-card-index]').forEach((c) => window.__held.add(c.getAttribute('data-card-index')));
        return;
      }
      const faces = zone.querySelectorAll('[data-card-index], .card.face, img');
      if (faces.length)
        window.__leaks.push(`seat ${seat} saw ${faces.length} face(s) in seat ${owner}'s hand: ${[...faces].map((f) => f.getAttribute('data-card-index')).join(',')}`);
      // A card this player gave away may be shown as known, never one they never held.
      zone.querySelectorAll('[data-known-index]').forEach((c) => {
        if (!window.__held.has(c.getAttribute('data-known-index')))
          window.__leaks.push(`seat ${seat} was shown card ${c.getAttribute('data-known-index')} in seat ${owner}'s hand, never having held it`);
      });
    });
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true });
  // Card moves animate: count the card animations seen.
  window.__flips = 0;
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const n = document.getAnimations().filter((a) => a.effect && a.effect.target && a.effect.target.dataset && a.effect.target.dataset.flip).length;
      window.__flips = Math.max(window.__flips, n);
    });
  }).observe(document, { subtree: true, childList: true });
}

async function newPlayer(browser, label, viewport, name) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  await context.addInitScript(leakWatch);
  await context.addInitScript((n) => localStorage.setItem('parlour.name', n), name);
  const page = await context.newPage();
  const p = { label, name, context, page, actions: 0, arranged: false, typed: false, errors: [], shots: new Set() };
  page.on('pageerror', (e) => p.errors.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(m.text()) && p.errors.push(`console: ${m.text()}`));
  return p;
}

const tablePage = (p) => p.page.locator('.table-page');
const version = async (p) => Number((await tablePage(p).getAttribute('data-version', { timeout: 5000 })) || -1);
const ownHand = (p) =>
  p.page.$$eval('.me .own-hand [data-card-index]', (els) => els.map((e) => Number(e.getAttribute('data-card-index'))));

async function waitVersionAbove(p, v, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const t = await tablePage(p).getAttribute('data-terminal').catch(() => null);
    if ((await version(p)) > v || t === 'true') return;
    await sleep(30);
  }
  throw new Failure(`${p.label}: no new view within ${ms} ms after acting at version ${v}`);
}

/** One screenshot of each kind of moment per player, to look at afterwards. */
async function shot(p, kind) {
  if (p.shots.has(kind)) return;
  p.shots.add(kind);
  await sleep(350); // let card moves finish
  await p.page.screenshot({ path: join(tmp, `${kind}-${p.label}.png`) });
}

/** One action through the UI: pick a card of the offered fan, arrange, or press a button. */
async function act(p) {
  const page = p.page;
  const v = await version(p);
  const picks = page.locator('.offered button.card.pickable');
  const nPicks = await picks.count();
  const movable = page.locator('.own-hand .card.movable');
  await shot(p, nPicks > 0 ? 'draw' : 'offer');
  if (nPicks > 0) {
    const i = Math.floor(Math.random() * nPicks);
    if (!p.typed && nPicks < 10) {
      // Once by keyboard: the number of the position.
      p.typed = true;
      await page.keyboard.press(String(i + 1));
      log(`${p.label}: typed ${i + 1} to draw`);
    } else {
      await picks.nth(i).click();
      log(`${p.label}: drew card ${i + 1} of ${nPicks}`);
    }
  } else if (!p.arranged && (await movable.count()) >= 3) {
    p.arranged = true;
    const before = await ownHand(p);
    if (p.label === 'A') {
      // Drag the first card onto the last place.
      const cards = await movable.all();
      const a = await cards[0].boundingBox();
      const b = await cards[cards.length - 1].boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      for (let k = 1; k <= 8; k++) await page.mouse.move(a.x + a.width / 2 + ((b.x - a.x + b.width / 4) * k) / 8, a.y + a.height / 2 - 10);
      await page.mouse.up();
      await waitVersionAbove(p, v);
      const after = await ownHand(p);
      check(after[after.length - 1] === before[0] && after.length === before.length, `A: dragging the first card to the end gave ${after} from ${before}`);
      log(`${p.label}: dragged ${before[0]} to the end: ${after}`);
    } else {
      // Keyboard: select the first card, move it one place right.
      await movable.first().focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await waitVersionAbove(p, v);
      const after = await ownHand(p);
      check(after[1] === before[0] && after[0] === before[1], `B: moving the first card right by keyboard gave ${after} from ${before}`);
      log(`${p.label}: moved ${before[0]} right by keyboard: ${after}`);
    }
    p.actions++;
    return;
  } else {
    const offer = page.locator('.choices button[data-key="o"]');
    const button = (await offer.count()) ? offer : page.locator('.choices button').first();
    if (!(await button.count())) return; // nothing to do here yet
    const label = (await button.locator('.choice-label').textContent()).trim();
    await button.click();
    log(`${p.label}: pressed "${label}"`);
  }
  await waitVersionAbove(p, v);
  p.actions++;
}

const isTurn = async (p) => (await p.page.locator('.table-page.my-turn').count()) > 0;
const isOver = async (p) => (await tablePage(p).getAttribute('data-terminal').catch(() => null)) === 'true';

// ----- The run -----

async function main() {
  check(existsSync(SERVER), `no server binary at ${SERVER} (build it, or pass --server)`);
  check(existsSync(join(web, 'dist', 'index.html')), 'no web/dist: run `npm run build` first');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  startServer(port);
  await waitForServer(origin);
  log(`server up at ${origin}, data in ${tmp}`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const players = [];
  try {
    const A = await newPlayer(browser, 'A', { width: 1280, height: 800 }, 'Ann');
    const B = await newPlayer(browser, 'B', PHONE ? { width: 375, height: 667 } : { width: 1280, height: 800 }, 'Bob');
    players.push(A, B);

    // The lobby: Old Maid, 4 players, seats 0 and 1 human, 2 and 3 bots.
    await A.page.goto(`${origin}/#/`);
    await A.page.waitForSelector('#game');
    await A.page.selectOption('#game', 'old-maid/old-maid');
    check((await A.page.inputValue('#players')) === '4', 'the lobby does not default to 4 players');
    check((await A.page.inputValue('[data-seat="0"] select')) === 'human', 'seat 0 is not human by default');
    await A.page.selectOption('[data-seat="1"] select', 'human');
    await A.page.selectOption('[data-seat="2"] select', 'blind');
    await A.page.selectOption('[data-seat="3"] select', 'random');
    await A.page.click('[data-role="create"]');
    const invite = await A.page.locator('[data-role="invite-1"] input').inputValue({ timeout: 10_000 });
    check(/\/#\/t\/[A-Za-z0-9_-]+\/[0-9a-f]{32}$/.test(invite), `seat 1's invite link looks wrong: ${invite}`);
    const spectate = await A.page.locator('[data-role="spectate"] input').inputValue();
    check(/\/#\/t\/[A-Za-z0-9_-]+$/.test(spectate), `the spectator link looks wrong: ${spectate}`);
    log(`table created; seat 1 invited by ${invite}`);
    await A.page.screenshot({ path: join(tmp, 'lobby-A.png'), fullPage: true });
    await A.page.click('[data-role="play"]');
    await B.page.goto(`${origin}/#/`);
    await B.page.waitForSelector('[data-table]');
    await B.page.screenshot({ path: join(tmp, 'lobby-B.png') });
    await B.page.goto(invite);

    for (const p of players) await p.page.waitForSelector('.table-page[data-status="open"][data-version]:not([data-version=""])', { timeout: 15_000 });
    check((await tablePage(A).getAttribute('data-seat')) === '0', 'A does not sit at seat 0');
    check((await tablePage(B).getAttribute('data-seat')) === '1', 'B does not sit at seat 1');
    check((await ownHand(A)).length > 0 && (await ownHand(B)).length > 0, 'a player sees no cards of their own');

    let restarted = false;
    while (!(await isOver(A)) || !(await isOver(B))) {
      check(Date.now() - started < OVERALL_MS - 15_000, 'the game did not end in time');
      let moved = false;
      for (const p of players) {
        if ((await isOver(p)) || !(await isTurn(p))) continue;
        const humanActions = A.actions + B.actions;
        if (!restarted && humanActions >= HUMAN_ACTIONS_BEFORE_KILL) {
          restarted = true;
          await restartMidGame(port, origin);
        }
        await act(p);
        moved = true;
      }
      if (!moved) await sleep(50);
    }
    check(restarted, `the game ended after ${A.actions + B.actions} human actions, before the server could be restarted`);
    log(`game over after ${A.actions} + ${B.actions} human actions`);

    // The end: the result, a rematch button, the record.
    for (const p of players) {
      const end = p.page.locator('.end-panel');
      await end.waitFor({ timeout: 5000 });
      const result = (await end.locator('.result').textContent()).trim();
      check(result.length > 0, `${p.label}: the end shows no result`);
      check((await end.locator('[data-role="rematch"]').count()) === 1, `${p.label}: no rematch button`);
      log(`${p.label} sees: ${result}`);
    }
    const href = await A.page.locator('.end-panel [data-role="record"]').getAttribute('href');
    const res = await fetch(new URL(href, origin));
    check(res.ok, `GET ${href} answered ${res.status}`);
    const record = await res.json();
    check(record.format === 'parlour-record', `the record's format is ${JSON.stringify(record.format)}, not "parlour-record"`);
    log(`record downloaded: ${href}`);

    for (const p of players) {
      const leaks = await p.page.evaluate(() => window.__leaks);
      check(leaks.length === 0, `${p.label}: hidden cards were shown:\n  ${leaks.slice(0, 5).join('\n  ')}`);
      const held = await p.page.evaluate(() => window.__held.size);
      check(held > 0, `${p.label}: the leak watch never saw the player's own hand`);
      check(p.errors.length === 0, `${p.label}: ${p.errors.join('\n  ')}`);
    }
    for (const p of players) {
      const flips = await p.page.evaluate(() => window.__flips);
      check(flips > 0, `${p.label}: no card move was animated`);
    }
    for (const p of players) await p.page.screenshot({ path: join(tmp, `end-${p.label}.png`) });
    log(`screenshots: ${join(tmp, 'end-A.png')} ${join(tmp, 'end-B.png')}`);

    // A rematch takes both players to a new table, each with the same token.
    const before = await Promise.all(players.map((p) => p.page.evaluate(() => location.hash)));
    const oldHash = before[0];
    const tokenOf = (hash) => hash.split('/')[3];
    await A.page.click('.end-panel [data-role="rematch"]');
    for (const [i, p] of players.entries()) {
      await p.page.waitForFunction((h) => location.hash !== h, before[i], { timeout: 10_000 });
      await p.page.waitForSelector('.table-page[data-status="open"][data-terminal="false"]', { timeout: 10_000 });
    }
    const hashes = await Promise.all(players.map((p) => p.page.evaluate(() => location.hash)));
    check(tokenOf(hashes[0]) === tokenOf(oldHash), `A's token changed with the rematch: ${hashes[0]} from ${oldHash}`);
    check(hashes[0].split('/')[2] === hashes[1].split('/')[2] && hashes[0].split('/')[2] !== oldHash.split('/')[2], `the rematch tables differ: ${hashes}`);
    log(`rematch: both players moved to ${hashes[0].split('/')[2]}`);
  } catch (e) {
    for (const p of players) await p.page.screenshot({ path: join(tmp, `failure-${p.label}.png`) }).catch(() => {});
    if (players.length) log(`failure screenshots in ${tmp}`);
    throw e;
  } finally {
    await browser.close().catch(() => {});
  }

  // Kill the server with the table waiting for a human, so nothing moves while
  // it is down; both pages must come back by themselves to the same position.
  async function restartMidGame(port, origin) {
    await sleep(300);
    await killServer();
    const before = [];
    for (const p of players) before.push({ v: await version(p), hand: await ownHand(p) });
    log(`server killed (SIGKILL) at versions ${before.map((b) => b.v)}`);
    for (const p of players) await p.page.waitForSelector('.table-page:not([data-status="open"])', { timeout: 10_000 });
    startServer(port);
    await waitForServer(origin);
    log('server restarted');
    for (const [i, p] of players.entries()) {
      await p.page.waitForSelector('.table-page[data-status="open"]', { timeout: 30_000 });
      const until = Date.now() + 10_000;
      while ((await version(p)) !== before[i].v && Date.now() < until) await sleep(50);
      const after = { v: await version(p), hand: await ownHand(p) };
      check(after.v === before[i].v, `${p.label}: version ${after.v} after the restart, ${before[i].v} before`);
      check(JSON.stringify(after.hand) === JSON.stringify(before[i].hand), `${p.label}: hand ${after.hand} after the restart, ${before[i].hand} before`);
    }
    log(`both pages reconnected at the same position (versions ${before.map((b) => b.v)})`);
  }
}

const timer = setTimeout(() => {
  console.error(`FAILED: over ${OVERALL_MS / 1000} s`);
  killServer().finally(() => process.exit(1));
}, OVERALL_MS);

main().then(
  async () => {
    await killServer();
    clearTimeout(timer);
    log(`PASSED; logs and screenshots in ${tmp}`);
    process.exit(0);
  },
  async (e) => {
    await killServer();
    clearTimeout(timer);
    console.error(`FAILED: ${e instanceof Failure ? e.message : e.stack ?? e}`);
    console.error(`logs and screenshots in ${tmp}`);
    process.exit(1);
  },
);
