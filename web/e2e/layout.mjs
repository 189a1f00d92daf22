// The table's layout for any number of seats, measured rather than looked at:
// Old Maid with 2, 4, 8 and 12 players and Bachelor Girl with 2 and 8, one
// person and bots, each measured at 1280×800 and at 390×844 (one table, the window resized). With element boxes:
// no two seats overlap; no seat overlaps the prompt, your hand, your buttons or
// the table's zones; the prompt and every card of your hand lie inside the
// window; an offered fan overlaps nothing; Bachelor Girl's laid cards, after a
// few turns, cover neither the prompt nor the stock; Cheat with 3 and 8, again
// with a card put down (your zone of cards being played, and the call), and
// with numbers stated and three ranks to call from (twelve buttons); Earl of
// Coventry, Michigan (staking, and with the hand dealt), Polignac (capot to
// announce) and Lift Smoke with 4; the banking games: Macao with 8, Baccara
// with 11 (a punter holding no cards), Vingt-et-un with 4 and Farmer with 6;
// the solitaires Montana, Monte Carlo and Klondike.
//
//   node e2e/layout.mjs [--server PATH] [--shots DIR]
//
// --shots  where the screenshots of every table go (default: the
//          temporary folder printed at the end)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { check, launch, log, openSeat, option, run, Server, sleep, tmp } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 280_000;
// Bots wait long enough to measure in peace, short enough to reach the person's turn.
// One client making a table for every game: the per-client limits on new
// tables and on connections are for strangers, so they are off.
const server = new Server(['--allow-seed', '--bot-delay', '120', '--hand-pause', '0', '--tables-burst', '0', '--max-connections', '0']);

const TABLES = [
  { game: 'old-maid', players: 2 },
  { game: 'old-maid', players: 4 },
  { game: 'old-maid', players: 8 },
  { game: 'old-maid', players: 12 },
  { game: 'bachelor-girl', players: 2 },
  { game: 'bachelor-girl', players: 8 },
  { game: 'cheat', players: 3 },
  { game: 'cheat', players: 8 },
  // The call states a number and may name three ranks: twelve buttons from the second turn.
  { game: 'cheat', players: 3, options: ['numbers=stated', 'sequence=next'], label: 'cheat-stated' },
  { game: 'paskahousu', players: 4 },
  { game: 'verish-ne-verish', players: 3 },
  { game: 'chase-the-ace', players: 8 },
  { game: 'oh-hell', players: 4 },
  { game: 'oh-hell', players: 7 },
  { game: 'earl-of-coventry', players: 4 },
  // Michigan: the four boodle cards, and the person's chips staked by buttons before the deal.
  { game: 'michigan', players: 4 },
  // The ante spread evenly by itself: the person's first turn is with the hand dealt.
  { game: 'michigan', players: 4, options: ['staking=even'], label: 'michigan-even' },
  // Capot's two buttons over the hand, the pool.
  { game: 'polignac', players: 4, options: ['capot=yes'] },
  { game: 'lift-smoke', players: 4 },
  { game: 'macao', players: 8 },
  { game: 'baccara', players: 11, handless: true },
  { game: 'vingt-et-un', players: 4 },
  { game: 'farmer', players: 6 },
  // The solitaires: Montana's 4×13 grid, Monte Carlo's 5×5 and stock, Klondike's columns.
  { game: 'montana', players: 1, handless: true, solo: true },
  { game: 'monte-carlo', players: 1, handless: true, solo: true },
  { game: 'klondike', players: 1, handless: true, solo: true },
];
const SIZES = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
];

/** The boxes the checks need, measured in the page. */
function measure() {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height, what: el.dataset.seat ? `seat ${el.dataset.seat}` : el.className.split(' ').slice(0, 2).join('.') };
  };
  const all = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map(box);
  const one = (sel) => all(sel)[0] ?? null;
  return {
    window: { w: innerWidth, h: innerHeight },
    seats: all('.others .seat'),
    prompt: one('[data-role="prompt"]'),
    hand: one('.own-hand'),
    cards: all('.own-hand .card'),
    buttons: all('.me .choice-bar button'),
    mine: all('.me-zones .zone'),
    beingPlayed: document.querySelectorAll('[data-zone-index][aria-label^="being played:"] .card').length,
    tableZones: all('.center .table-zone'),
    fan: one('.offered'),
    laid: all('.others .seat [data-layout="row"]'),
    laidCounts: [...document.querySelectorAll('.others .seat [data-layout="row"]')].map((z) => z.querySelectorAll('.card').length),
    scrolls: (() => {
      const f = document.querySelector('.felt');
      return f ? f.scrollHeight - f.clientHeight : 0;
    })(),
  };
}

const EPS = 0.5;
const overlap = (a, b) => a.x + a.w > b.x + EPS && b.x + b.w > a.x + EPS && a.y + a.h > b.y + EPS && b.y + b.h > a.y + EPS;
const inside = (a, win) => a.x >= -EPS && a.y >= -EPS && a.x + a.w <= win.w + EPS && a.y + a.h <= win.h + EPS;
const show = (b) => `${b.what} at (${Math.round(b.x)},${Math.round(b.y)}) ${Math.round(b.w)}×${Math.round(b.h)}`;

/** `handless`: the person may have no cards at a turn (a Baccara punter not holding them);
 * `solo`: a solitaire, with no other seat. */
function checkLayout(m, where, handless = false, solo = false) {
  check(m.prompt, `${where}: no prompt`);
  if (!handless) check(m.hand && m.cards.length > 0, `${where}: no cards in your hand`);
  check(solo || m.seats.length > 0, `${where}: no other seats`);
  for (let i = 0; i < m.seats.length; i++)
    for (let j = i + 1; j < m.seats.length; j++) check(!overlap(m.seats[i], m.seats[j]), `${where}: ${show(m.seats[i])} overlaps ${show(m.seats[j])}`);
  const mine = [m.prompt, ...(m.hand ? [m.hand] : []), ...m.buttons, ...m.mine, ...m.tableZones];
  for (const s of m.seats) {
    for (const b of mine) check(!overlap(s, b), `${where}: ${show(s)} overlaps ${show(b)}`);
    check(inside(s, m.window), `${where}: ${show(s)} is outside the window`);
  }
  for (const z of m.tableZones) check(!overlap(z, m.prompt), `${where}: ${show(z)} overlaps the prompt`);
  check(inside(m.prompt, m.window), `${where}: the prompt ${show(m.prompt)} is not wholly in the window`);
  for (const c of m.cards) check(inside(c, m.window), `${where}: a card of your hand ${show(c)} is not wholly in the window`);
  for (const b of m.buttons) check(inside(b, m.window), `${where}: a button ${show(b)} is not wholly in the window`);
  check(m.scrolls <= 1, `${where}: the table needs scrolling (${m.scrolls}px)`);
  if (m.fan)
    for (const b of [...m.seats, m.prompt, ...(m.hand ? [m.hand] : []), ...m.buttons, ...m.mine, ...m.tableZones])
      check(!overlap(m.fan, b), `${where}: the offered fan ${show(m.fan)} overlaps ${show(b)}`);
  for (const l of m.laid) for (const b of [m.prompt, ...m.tableZones]) check(!overlap(l, b), `${where}: laid cards ${show(l)} overlap ${show(b)}`);
}

/** Waits until it is the person's turn and the view has stopped changing. */
async function settle(page, where) {
  await page.waitForSelector('.table-page.my-turn[data-status="open"]', { timeout: 30_000 }).catch(() => {
    throw new Error(`${where}: the person's turn did not come`);
  });
  let v = await page.getAttribute('.table-page', 'data-version');
  for (;;) {
    await sleep(200); // the tables open with reduced motion: no card moves to wait for
    const now = await page.getAttribute('.table-page', 'data-version');
    if (now === v) break;
    v = now;
  }
  // A busy machine draws the moves late: wait until none is running (card
  // moves are Web Animations, flip.ts).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10_000, polling: 50 });
}

async function main() {
  await server.start();
  log(`server up at ${server.origin}, data in ${tmp}`);
  mkdirSync(SHOTS, { recursive: true });
  const games = await server.api('/api/games');
  const browser = await launch();
  try {
    for (const [i, t] of TABLES.entries()) {
      const info = games.find((g) => g.name === t.game);
      check(info, `the server has no game ${t.game}`);
      // Old Maid: the person sits second, so that the first seat offers them its fan.
      const human = t.game === 'old-maid' ? 1 : 0;
      const seats = Array.from({ length: t.players }, (_, s) => (s === human ? 'human' : info.bots.find((b) => !b.slow)?.name ?? info.bots[0].name));
      // One table, measured at both sizes at each moment: the window is resized
      // between them, as a phone turned or a window narrowed. Every other table
      // opens at the phone's size, so that both sizes are also measured as
      // first opened.
      const sizes = i % 2 ? [...SIZES].reverse() : SIZES;
      const made = await server.api('/api/tables', { game: t.game, players: t.players, seats, options: t.options ?? [], seed: 1000 + t.players });
      const token = made.seats.find((s) => s.kind === 'human').token;
      // Reduced motion: the layout at rest is the same, and nothing moves to be waited for.
      const { context: ctx, page, errors } = await openSeat(browser, { origin: server.origin, table: made.table, token, name: 'Constance Wetherby-Smythe', viewport: sizes[0].viewport, reducedMotion: 'reduce' });
      const where = `${t.label ?? t.game} ${t.players} players`;
      try {
        await measureTable(page, t, sizes, where, errors);
      } catch (e) {
        await page.screenshot({ path: join(tmp, `failure-${t.label ?? t.game}-${t.players}.png`) }).catch(() => {});
        throw e;
      }
      await ctx.close();
    }
  } finally {
    await browser.close().catch(() => {});
  }
  log(`screenshots of the tables in ${SHOTS}`);
}

/** At each size in turn: resizes the window, lets the layout come to rest and runs `fn`. */
async function atSizes(page, sizes, where, fn) {
  for (const size of sizes) {
    const now = page.viewportSize();
    if (now.width !== size.viewport.width || now.height !== size.viewport.height) {
      await page.setViewportSize(size.viewport);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10_000, polling: 50 });
    }
    await fn(size, `${where}, ${size.label}`);
  }
}

/** A card put down by a click goes to the cards being played, in the middle (Cheat). */
async function putOneDown(page, where) {
  const v = await page.getAttribute('.table-page', 'data-version');
  await page.mouse.move(1, 1);
  await page.locator('.own-hand .card.pickable').first().click({ position: { x: 4, y: 24 } });
  await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== old, v);
  await settle(page, `${where}, a card put down`);
}

async function measureTable(page, t, sizes, where, errors) {
  await settle(page, where);
  if (t.game === 'old-maid') check(await page.locator('.offered').count(), `${where}: no offered fan on the person's first turn`);
  const name = (size) => `${t.label ?? t.game}-${t.players}-${size.label}`;
  await atSizes(page, sizes, where, async (size, at) => {
    checkLayout(await page.evaluate(measure), at, t.handless, t.solo);
    await page.screenshot({ path: join(SHOTS, `${name(size)}.png`) });
  });
  if (t.game === 'bachelor-girl') {
    // Turn after turn, cards are laid before the seats; they must stay in their
    // boxes. Checked at every turn of the person until cards lie before others.
    let most = 0;
    for (let turn = 2; turn <= 12 && most < 3; turn++) {
      const v = await page.getAttribute('.table-page', 'data-version');
      await page.locator('.me .choices button').first().click();
      await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== old, v);
      if ((await page.getAttribute('.table-page', 'data-terminal')) === 'true') break;
      // A hand's summary lies over the table for a while: put it away to go on.
      if (await page.locator('[data-role="next-hand"]').isVisible().catch(() => false)) await page.click('[data-role="next-hand"]');
      await settle(page, `${where}, turn ${turn}`);
      if (await page.locator('[data-role="next-hand"]').isVisible().catch(() => false)) await page.click('[data-role="next-hand"]');
      await atSizes(page, sizes, `${where}, turn ${turn}`, async (size, at) => {
        const m = await page.evaluate(measure);
        checkLayout(m, at);
        most = Math.max(most, ...m.laidCounts, 0);
      });
    }
    check(most >= 3, `${where}: no seat had three cards laid before it in twelve turns`);
    await atSizes(page, sizes, where, (size) => page.screenshot({ path: join(SHOTS, `${name(size)}-later.png`) }));
  }
  if (t.game === 'cheat') {
    await putOneDown(page, where);
    await atSizes(page, sizes, `${where}, a card put down`, async (size, at) => {
      const m = await page.evaluate(measure);
      // Cheat's cards being played lie in the middle of the table, face up to their owner.
      check(m.beingPlayed > 0, `${at}: the card put down is not shown among the cards being played`);
      checkLayout(m, at);
      await page.screenshot({ path: join(SHOTS, `${name(size)}-put.png`) });
    });
    if (t.options?.includes('sequence=next')) {
      // Call, let the others' plays pass, and put a card down on the next turn: many calls to choose from.
      const v = await page.getAttribute('.table-page', 'data-version');
      await page.locator('.me .choices button', { hasText: /call/i }).first().click();
      await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== old, v);
      for (;;) {
        await page.waitForSelector('.table-page.my-turn', { timeout: 30_000 });
        const pass = page.locator('.me .choices button[data-key="n"]');
        if (!(await pass.count())) break;
        const w = await page.getAttribute('.table-page', 'data-version');
        await pass.click();
        await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== old, w);
      }
      await putOneDown(page, `${where}, the next turn`);
      await atSizes(page, sizes, `${where}, the next turn`, async (size, at) => {
        const later = await page.evaluate(measure);
        check(later.buttons.length >= 12, `${at}: ${later.buttons.length} buttons on the next turn, not 12 calls`);
        checkLayout(later, `${at}, ${later.buttons.length} buttons`);
        await page.screenshot({ path: join(SHOTS, `${name(size)}-calls.png`) });
      });
    }
  }
  check(errors.length === 0, `${where}: ${errors.join('; ')}`);
  log(`${where}: nothing overlaps at ${sizes.map((s) => s.label).join(' and ')}`);
}

run(main, OVERALL_MS, () => server.kill());
