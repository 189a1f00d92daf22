// What the end-to-end tests share: their arguments, a `parlour serve` on a free
// port of 18000-18999 with its own database, Debian's Chromium, and checks that
// fail with words.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const web = resolve(here, '..');
export const repo = resolve(web, '..');

const argv = process.argv.slice(2);
export const flag = (name) => argv.includes(name);
export const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
export const SERVER = resolve(option('--server', join(repo, 'build', 'parlour')));

export class Failure extends Error {}
export function check(cond, what) {
  if (!cond) throw new Failure(what);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
export const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);

/** A temporary folder for the server's database and logs, and screenshots. */
export const tmp = mkdtempSync(join(tmpdir(), 'parlour-e2e-'));

export async function freePort() {
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

/** One `parlour serve`; start() may be called again after kill() (same port, same database). */
export class Server {
  constructor(args = []) {
    this.args = args;
    this.proc = null;
    this.runs = 0;
  }

  async start(port) {
    check(existsSync(SERVER), `no server binary at ${SERVER} (build it, or pass --server)`);
    check(existsSync(join(web, 'dist', 'index.html')), 'no web/dist: run `npm run build` first');
    this.port = port ?? this.port ?? (await freePort());
    this.origin = `http://127.0.0.1:${this.port}`;
    const out = openSync(join(tmp, `server-${++this.runs}.log`), 'a');
    const proc = spawn(SERVER, ['serve', '--port', String(this.port), '--db', join(tmp, 'p.db'), '--web', join(web, 'dist'), ...this.args], {
      stdio: ['ignore', out, out],
    });
    proc.exited = new Promise((r) => proc.once('exit', (code, signal) => r({ code, signal })));
    this.proc = proc;
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      if (proc.exitCode !== null) throw new Failure(`the server exited (${proc.exitCode}); see ${tmp}/server-${this.runs}.log`);
      try {
        if ((await fetch(`${this.origin}/`)).ok) return this;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    throw new Failure('the server did not answer GET / within 20 s');
  }

  async kill() {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGKILL');
    await proc.exited;
  }

  async api(path, body) {
    const res = await fetch(`${this.origin}${path}`, body ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {});
    const text = await res.text();
    check(res.ok, `${body ? 'POST' : 'GET'} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text);
  }
}

export function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

// ----- A seat's page -----

/** Opens a table at a seat (or as a spectator without token) in a new context of
 * `browser`, the name already given, so that no name is asked (`reducedMotion`:
 * 'reduce' to click through a long game without waiting on card moves). Page errors and
 * console errors (but for the socket's own noise) are gathered in `errors`. */
export async function openSeat(browser, { origin, table, token, name = 'Ann', viewport = { width: 1280, height: 800 }, label = name, init = [], reducedMotion = 'no-preference', touch = false }) {
  // `touch`: a phone, played by taps (hasTouch lets a test tap).
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion, ...(touch ? { hasTouch: true, isMobile: true } : {}) });
  await context.addInitScript(
    ([n, tok]) => {
      localStorage.setItem('parlour.name', n);
      if (tok) localStorage.setItem('parlour.named', tok);
    },
    [name, token ?? ''],
  );
  for (const script of init) await context.addInitScript(script);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(m.text()) && errors.push(`console: ${m.text()}`));
  await page.goto(`${origin}/#/t/${table}${token ? `/${token}` : ''}`);
  await page.waitForSelector('.table-page[data-status="open"]:not([data-version=""])', { timeout: 15_000 });
  return { label, name, context, page, errors };
}

/**
 * The seat `p` (from openSeat) moves to another table in the same page, as
 * the app goes from table to table (a rematch): the hash changes, the page is
 * not loaded again. A new page costs the browser some 2.5 s of CPU here (a
 * renderer process, the app loaded and drawn again); a test that visits many
 * tables goes from one to the next.
 */
export async function switchSeat(p, { table, token, viewport }) {
  const { page } = p;
  if (viewport) await page.setViewportSize(viewport);
  await page.evaluate(
    ([tok, hash]) => {
      // The name is given at this seat too (as openSeat's init script does).
      if (tok) localStorage.setItem('parlour.named', tok);
      document.querySelector('.table-page')?.setAttribute('data-left', 'true');
      location.hash = hash;
    },
    [token ?? '', `#/t/${table}${token ? `/${token}` : ''}`],
  );
  await page.waitForSelector('.table-page:not([data-left])[data-status="open"]:not([data-version=""])', { timeout: 15_000 });
}

/** The version of the view on show (-1 before any). */
/**
 * A person alone at a new table of `game` dealt from `seed`: starts the
 * server and a browser, opens the seat, and runs `body(p, browser)`. A
 * failure leaves `failure-NAME.png` beside the logs.
 */
export async function soloTable(server, game, seed, name, body) {
  await server.start();
  log(`server up at ${server.origin}`);
  const browser = await launch();
  let p;
  try {
    const made = await server.api('/api/tables', { game, players: 1, seats: ['human'], seed });
    p = await openSeat(browser, { origin: server.origin, table: made.table, token: made.seats[0].token, name: 'Ann', reducedMotion: 'reduce' });
    await body(p, browser);
  } catch (e) {
    if (p) await p.page.screenshot({ path: join(tmp, `failure-${name}.png`) }).catch(() => {});
    throw e;
  } finally {
    await browser.close().catch(() => {});
  }
}

export async function tableVersion(page) {
  const v = await page.getAttribute('.table-page', 'data-version', { timeout: 5000 }).catch(() => null);
  return v ? Number(v) : -1;
}

export async function isTerminal(page) {
  return (await page.getAttribute('.table-page', 'data-terminal', { timeout: 5000 }).catch(() => null)) === 'true';
}

/** Waits for a view newer than `v` (or the end); fails with words after `ms`. */
export async function waitVersionAbove(page, v, ms = 10_000, who = 'the page') {
  await page
    .waitForFunction(
      (old) => {
        const t = document.querySelector('.table-page');
        return !!t && (Number(t.getAttribute('data-version') || -1) > old || t.getAttribute('data-terminal') === 'true');
      },
      v,
      { timeout: ms, polling: 30 },
    )
    .catch(() => {
      throw new Failure(`${who}: no new view within ${ms} ms after version ${v}`);
    });
}

/** Runs `main` with an overall time limit; exits 0 on success, 1 with the reason otherwise. */
export function run(main, overallMs, cleanup = async () => {}) {
  const timer = setTimeout(() => {
    console.error(`FAILED: over ${overallMs / 1000} s; logs in ${tmp}`);
    cleanup().finally(() => process.exit(1));
  }, overallMs);
  main().then(
    async () => {
      await cleanup();
      clearTimeout(timer);
      // A run that passed leaves nothing behind unless asked (its logs are
      // kept after a failure), or unless its screenshots were put here.
      if (process.env.PARLOUR_KEEP_LOGS || readdirSync(tmp).some((f) => f.endsWith('.png'))) {
        log(`PASSED; logs and screenshots in ${tmp}`);
      } else {
        rmSync(tmp, { recursive: true, force: true });
        log('PASSED');
      }
      process.exit(0);
    },
    async (e) => {
      await cleanup();
      clearTimeout(timer);
      console.error(`FAILED: ${e instanceof Failure ? e.message : e.stack ?? e}`);
      console.error(`logs and screenshots in ${tmp}`);
      process.exit(1);
    },
  );
}

/**
 * Installed in a page before its first paint: watches the DOM, and records in
 * window.__leaks any card face shown where the viewer may not see it (another
 * seat's hand, a dead hand, a stock), unless the card lies face up for all.
 */
export function leakWatch() {
  window.__leaks = [];
  const scan = () => {
    const page = document.querySelector('.table-page');
    if (!page || page.getAttribute('data-terminal') === 'true') return;
    const seat = Number(page.getAttribute('data-seat'));
    document.querySelectorAll('[data-zone-kind]').forEach((zone) => {
      const kind = zone.getAttribute('data-zone-kind');
      const owner = Number(zone.getAttribute('data-owner'));
      const label = zone.getAttribute('aria-label') || '';
      const hidden = (kind === 'hand' && owner !== seat) || kind === 'stock' || /^dead hand:/.test(label);
      if (!hidden) return;
      const faces = [...zone.querySelectorAll('[data-card-index], .card.face, img, svg[role="img"]')].filter((el) => !el.closest('.face-up'));
      if (faces.length) window.__leaks.push(`seat ${seat} saw ${faces.length} face(s) in ${label || kind}`);
    });
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true });
}

// ----- What a table page shows -----

/** Each seat's balance (its `name` counter), wherever the seat is drawn, and whether it lies
 * wholly in the seat's box; with the chips on the table's pots (Michigan's boodle cards,
 * Polignac's pool), from their labels, in the same look. */
function balances(name) {
  const seats = [...document.querySelectorAll('.others .seat[data-seat], .me.seat[data-seat]')].map((s) => {
    const c = s.querySelector(`.counter[data-counter="${name}"]`);
    const b = c?.querySelector('b');
    const r = c?.getBoundingClientRect();
    const box = s.getBoundingClientRect();
    const inside = !!r && r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
    return { seat: Number(s.getAttribute('data-seat')), text: c?.textContent ?? null, value: b ? Number(b.textContent) : NaN, inside };
  });
  const pots = [...document.querySelectorAll('[data-layout="pot"]')].reduce((n, z) => n + Number((z.getAttribute('aria-label').match(/(\d+) chips?$/) || [0, 0])[1]), 0);
  return { seats, pots };
}

/** Every seat shows its balance (`g.balance`, a counter's name), a number, in its box; and no
 * chip was made or lost: the seats and the pots hold `g.players` (4) times `g.start`. */
export async function checkBalances(page, g, where) {
  const players = g.players ?? 4;
  const { seats, pots } = await page.evaluate(balances, g.balance);
  check(seats.length === players, `${where}: ${seats.length} seats drawn, not ${players}`);
  for (const s of seats) {
    check(s.text !== null, `${where}: seat ${s.seat} shows no ${g.balance}`);
    check(Number.isInteger(s.value), `${where}: seat ${s.seat} shows "${s.text}", not a number of ${g.balance}`);
    check(s.inside, `${where}: seat ${s.seat}'s ${g.balance} ("${s.text}") is not wholly inside its box`);
  }
  const sum = seats.reduce((a, s) => a + s.value, 0);
  check(sum + pots === players * g.start, `${where}: the seats hold ${sum} ${g.balance} and the pots ${pots}, not the ${players * g.start} there were at the start`);
  return { seats: seats.sort((a, b) => a.seat - b.seat).map((s) => s.value), pots };
}

/** The summary between hands: a row a seat, what the hand paid and the totals. */
export async function readSummary(page) {
  return page.evaluate(() => {
    const box = document.querySelector('.between-hands');
    return {
      hand: Number(box.getAttribute('data-hand')),
      title: box.querySelector('h2')?.textContent ?? '',
      summary: box.querySelector('.result')?.textContent ?? '',
      rows: [...box.querySelectorAll('tbody tr')].map((tr) => ({
        seat: Number(tr.getAttribute('data-seat')),
        points: Number(tr.querySelector('[data-points]')?.getAttribute('data-points')),
        total: Number(tr.querySelector('[data-total]')?.getAttribute('data-total')),
        shown: tr.textContent,
      })),
    };
  });
}
