// Screenshots of the UI with the server mocked out (the views of
// src/fixtures/views.json and of e2e/fixtures.mjs), to look at the layout
// without a running server:
//   node e2e/shots.mjs [outdir]      (default /tmp/parlour-shots)
// It serves web/dist itself, so run `npm run build` first.
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { bachelorGirl, cardList, layouts, oldMaid, solo } from './fixtures.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const out = process.argv[2] ?? '/tmp/parlour-shots';
mkdirSync(out, { recursive: true });
const fx = JSON.parse(readFileSync(join(here, '..', 'src', 'fixtures', 'views.json'), 'utf8'));
const views = {
  ...Object.fromEntries(['drawer', 'offerer', 'waiting', 'spectator', 'terminal', 'picture'].map((k) => [k, fx[k]])),
  om2: oldMaid(2),
  om4: oldMaid(4),
  om8: oldMaid(8),
  om12: oldMaid(12),
  bg2: bachelorGirl(2),
  bg8: bachelorGirl(8, 0, 9),
  layouts: layouts(),
  solo: solo(),
};
views.between = { ...oldMaid(4), hand: 2, hands: 3, last_hand: { hand: 1, summary: 'Seat 2 is the Old Maid.', points: [0, 0, -1, 0], totals: [0, 0, -1, 0] } };

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.txt': 'text/plain' };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = join(dist, path === '/' ? 'index.html' : path);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = join(dist, 'index.html');
  res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
  res.end(readFileSync(file));
});
await new Promise((r) => server.listen(18931, '127.0.0.1', r));
const origin = 'http://127.0.0.1:18931';

const NAMES = ['Agatha', 'Bertram', 'Constance Wetherby-Smythe', 'Dorothy', 'Edmund', 'Florence', 'Gilbert', 'Harriet', 'Ignatius', 'Josephine', 'Kit'];
function presence(n) {
  return Array.from({ length: n }, (_, s) =>
    s === 0
      ? { kind: 'human', name: 'Ann', connected: true, away: false }
      : s === 1 && n > 2
        ? { kind: 'human', name: 'Bob', connected: true, away: true }
        : { kind: 'bot', bot: 'blind', name: NAMES[(s - 1) % NAMES.length], connected: true },
  );
}

async function mock(page) {
  await page.route('**/api/**', (route) => {
    const u = new URL(route.request().url());
    const json = (body) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    if (u.pathname === '/api/games') return json(fx.games);
    if (u.pathname === '/api/cards') return json(cardList());
    if (u.pathname === '/api/tables')
      return json([
        { table: 'k3j9x2ab', game: 'old-maid', title: 'Old Maid', preset: 'old-maid', players: 4, finished: false, actions: 17, created: 1795335350, seats: presence(4) },
        { table: 'p0q8r7st', game: 'old-maid', title: 'Old Maid', preset: 'schwarzer-peter', players: 3, finished: true, actions: 41, created: 1795335000, seats: presence(3) },
      ]);
    if (u.pathname === '/api/stats')
      return json([
        { name: 'Ann', game: 'old-maid', played: 5, won: 2, lost: 1, score: 3 },
        { name: 'Bob', game: 'old-maid', played: 4, won: 1, lost: 2, score: -1 },
      ]);
    if (u.pathname.endsWith('/rules')) return route.fulfill({ status: 200, contentType: 'text/markdown', body: readFileSync(join(here, '..', '..', 'src', 'games', 'old_maid', 'rules.md'), 'utf8') });
    return route.fulfill({ status: 404, body: '{"error":"unknown"}' });
  });
  await page.routeWebSocket(/\/ws$/, (ws) => {
    ws.onMessage((raw) => {
      const msg = JSON.parse(String(raw));
      if (msg.type === 'odds' && msg.on) {
        const view = views[ws.table];
        const p = Array.from({ length: view.players }, (_, i) => (i + 1) / ((view.players * (view.players + 1)) / 2));
        ws.send(JSON.stringify({ type: 'odds', version: 7, event: 'being left with the odd card', seats: p, exact: view.players <= 4, precision: view.players <= 4 ? 1e-12 : 0.002, method: 'every deal of the unseen cards, weighted' }));
      }
      if (msg.type !== 'join') return;
      ws.table = msg.table;
      const view = views[msg.table];
      const chat = [
        { seat: 0, name: 'Ann', text: 'Good luck, everyone!', at: 1795335350 },
        { seat: 1, name: 'Bob', text: 'May the Old Maid pass me by.', at: 1795335400 },
      ];
      ws.send(JSON.stringify({ type: 'joined', table: msg.table, seat: view.viewer, game: view.game, title: view.game === 'old-maid' ? 'Old Maid' : 'Bachelor Girl', preset: view.game, players: view.players, odds: view.game === 'old-maid', absent_after: 60, seats: presence(view.players), chat }));
      if (view.last_hand) ws.send(JSON.stringify({ type: 'update', version: 6, view: { ...view, last_hand: null }, log: fx.log, last: null }));
      ws.send(JSON.stringify({ type: 'update', version: 7, view, log: view.last_hand ? [] : fx.log, last: null }));
    });
  });
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
  for (const [label, viewport] of Object.entries(sizes)) {
    const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await ctx.addInitScript(() => {
      localStorage.setItem('parlour.named', 'ab12');
      localStorage.setItem('parlour.odds', 'on');
    });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error(`[${label}] page error:`, e.message));
    await mock(page);
    await page.goto(`${origin}/#/`);
    await page.waitForSelector('.new-table');
    await page.screenshot({ path: `${out}/lobby-${label}.png`, fullPage: label === 'desktop' });
    for (const name of Object.keys(views)) {
      await page.goto(`${origin}/#/t/${name}/${name === 'spectator' ? '' : 'ab12'}`);
      await page.waitForSelector('.table-page[data-version="7"]');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/table-${name}-${label}.png` });
    }
    await page.goto(`${origin}/#/t/om8/ab12`);
    await page.waitForSelector('.table-page[data-version="7"]');
    await page.click('.side-tab[data-tab="odds"]');
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${out}/odds-${label}.png` });
    await page.click('.side-tab[data-tab="chat"]');
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${out}/chat-${label}.png` });
    await page.click('text=Rules');
    await page.waitForSelector('.markdown h1');
    await page.screenshot({ path: `${out}/rules-${label}.png` });
    await page.goto(`${origin}/#/t/om4/newtoken`);
    await page.waitForSelector('.name-prompt');
    await page.screenshot({ path: `${out}/name-${label}.png` });
    await ctx.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  server.close();
}
