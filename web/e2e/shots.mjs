// Screenshots of the UI with the server mocked out (fixture views from
// src/fixtures/views.json), to look at the layout without a running server:
//   node e2e/shots.mjs [outdir]      (default /tmp/parlour-shots)
// It serves web/dist itself, so run `npm run build` first.
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const out = process.argv[2] ?? '/tmp/parlour-shots';
mkdirSync(out, { recursive: true });
const fx = JSON.parse(readFileSync(join(here, '..', 'src', 'fixtures', 'views.json'), 'utf8'));

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

const cards = [];
for (let i = 0; i < 52; i++) cards.push({ index: i, short: '', name: '' });
const names = ['Admiral Archie', 'Baker Bertie', 'Chimney-sweep Charlie', 'Dancing Dora', 'Engine-driver Ernie', 'Farmer Fred', 'Gardener Gwen', 'Hatter Hal', 'Inventor Ida', 'Juggler Jem', 'Knitting Kate', 'Lamplighter Lou', 'Milkmaid Molly', 'Nurse Nell', 'Organ-grinder Otto', 'Postman Percy', 'Quilter Queenie', 'Rag-and-bone Ron', 'Sailor Sam', 'Tailor Tom', 'Umbrella-mender Una', 'Vicar Vernon', 'Washerwoman Winnie', 'Yodeller Yvonne', 'Zookeeper Zak'];
names.forEach((n, i) => cards.push({ index: 64 + i, short: n.split(' ').pop(), name: n, picture: i }));
cards.push({ index: 89, short: 'OldMaid', name: 'the Old Maid', picture: 25 });

const presence = [
  { kind: 'human', name: 'Ann', connected: true },
  { kind: 'human', name: 'Bob', connected: true },
  { kind: 'bot', name: 'blind', connected: true },
  { kind: 'bot', name: 'random', connected: true },
];

async function mock(page) {
  await page.route('**/api/**', (route) => {
    const u = new URL(route.request().url());
    const json = (body) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    if (u.pathname === '/api/games') return json(fx.games);
    if (u.pathname === '/api/cards') return json(cards);
    if (u.pathname === '/api/tables')
      return json([
        { table: 'k3j9x2ab', game: 'old-maid', title: 'Old Maid', preset: 'old-maid', players: 4, finished: false, actions: 17, seats: presence },
        { table: 'p0q8r7st', game: 'old-maid', title: 'Old Maid', preset: 'schwarzer-peter', players: 3, finished: true, actions: 41, seats: presence.slice(1) },
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
      if (msg.type !== 'join') return;
      const view = fx[msg.table];
      const seat = view.viewer;
      ws.send(JSON.stringify({ type: 'joined', table: msg.table, seat, game: 'old-maid', title: 'Old Maid', preset: 'old-maid', players: view.players, seats: presence.slice(0, view.players) }));
      ws.send(JSON.stringify({ type: 'update', version: 7, view, log: fx.log, last: null }));
    });
  });
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 667 } };
  for (const [label, viewport] of Object.entries(sizes)) {
    const ctx = await browser.newContext({ viewport, deviceScaleFactor: label === 'phone' ? 2 : 1 });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error(`[${label}] page error:`, e.message));
    await mock(page);
    await page.goto(`${origin}/#/`);
    await page.waitForSelector('.new-table');
    await page.screenshot({ path: `${out}/lobby-${label}.png`, fullPage: label === 'desktop' });
    for (const name of ['drawer', 'offerer', 'terminal', 'picture', 'spectator']) {
      await page.goto(`${origin}/#/t/${name}/${name === 'spectator' ? '' : 'ab12'}`);
      await page.waitForSelector('.table-page[data-version="7"]');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/table-${name}-${label}.png` });
    }
    await page.goto(`${origin}/#/t/drawer/ab12`);
    await page.waitForSelector('.table-page[data-version="7"]');
    await page.click('text=Rules');
    await page.waitForSelector('.markdown h1');
    await page.screenshot({ path: `${out}/rules-${label}.png` });
    await ctx.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  server.close();
}
