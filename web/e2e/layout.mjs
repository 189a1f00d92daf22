// The table's layout for any number of seats, measured rather than looked at:
// every game at the smallest and the largest table it allows (issue 37), and a
// few particular tables (Old Maid with 4, Cheat with two packs among five (a
// hand of 20 or more), Cheat with numbers stated and three
// ranks to call from, Michigan's even staking, Polignac's capot), one person
// and bots, each measured at 1280×800 and at 390×844 (one table, the window
// resized), at the person's first turn and again a few of their moves on (with
// a summary between hands open, if one came). With element boxes: no two
// seats overlap; no seat overlaps the prompt, your hand, your buttons or the
// table's zones; the prompt and every card of your hand lie inside the
// window, and a pointer reaches each card of your hand; your turn is said in
// the prompt; no text is cut short without a title to read it whole; the
// summary between hands lies over none of the table; an offered fan overlaps
// nothing; Bachelor Girl's laid cards, after a few turns, cover neither the
// prompt nor the stock; Cheat again with a card put down (your zone of cards
// being played, and the call), and with twelve buttons to call from.
//
//   node e2e/layout.mjs [--server PATH] [--shots DIR] [--only GAME]
//
// --shots  where to keep a screenshot of every table, to look at (none
//          without it: `make test` measures, and a picture of each table
//          was a third of this test's time; a failure's is always kept)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { check, launch, log, openSeat, option, run, Server, sleep, switchSeat, tmp } from './lib.mjs';

const SHOTS = option('--shots', null);
// A screenshot of the table, if they are asked for.
const shot = (page, file) => (SHOTS ? page.screenshot({ path: join(SHOTS, file) }) : Promise.resolve());
const OVERALL_MS = 280_000;
// Bots wait long enough to measure in peace, short enough to reach the person's turn.
// One client making a table for every game: the per-client limits on new
// tables and on connections are for strangers, so they are off.
const server = new Server(['--allow-seed', '--bot-delay', '40', '--hand-pause', '0', '--tables-burst', '0', '--max-connections', '0']);

/** Tables beyond every game's smallest and largest: particular moments. */
const SPECIAL = [
  { game: 'old-maid', players: 4 },
  // The call states a number and may name three ranks: twelve buttons from the second turn.
  { game: 'cheat', players: 3, options: ['numbers=stated', 'sequence=next'], label: 'cheat-stated' },
  // Two packs among five: hands of 20 and 21 cards, laid in two rows on a phone.
  { game: 'cheat', players: 5, options: ['packs=2'], label: 'cheat-two-packs', minCards: 20 },
  // The ante spread evenly by itself: the person's first turn is with the hand dealt.
  { game: 'michigan', players: 4, options: ['staking=even'], label: 'michigan-even' },
  // Capot's two buttons over the hand, the pool.
  { game: 'polignac', players: 4, options: ['capot=yes'], label: 'polignac-capot' },
];
// The person may have no cards at a turn (a Baccara punter not holding them).
const HANDLESS = new Set(['baccara']);

/** Every game at the smallest and the largest table it allows (issue 37), and the special ones. */
function tablesOf(games) {
  const out = [];
  for (const g of games) {
    const solo = g.max_players === 1;
    const handless = solo || HANDLESS.has(g.name);
    for (const players of [...new Set([g.min_players, g.max_players])]) out.push({ game: g.name, players, handless, solo });
  }
  for (const t of SPECIAL) out.push({ ...t, handless: HANDLESS.has(t.game) });
  return out;
}
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
    myTurn: !!document.querySelector('.table-page.my-turn'),
    timed: !!document.querySelector('.countdown'),
    promptText: document.querySelector('[data-role="prompt"]')?.textContent ?? '',
    summary: one('.between-hands .between-card'),
    sheet: !!document.querySelector('.between-hands.sheet'),
    look: !!document.querySelector('.between-hands [data-role="look"]'),
    // Text cut short (an ellipsis, or lines clamped) with no title to read it whole.
    cut: [...document.querySelectorAll('.table-page *')]
      .filter((e) => e.getClientRects().length && e.childNodes.length && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
      .filter((e) => {
        const st = getComputedStyle(e);
        const clips = st.overflow !== 'visible' || st.overflowX !== 'visible';
        return clips && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
      })
      .filter((e) => !e.closest('[title]')?.getAttribute('title') && !e.closest('.modal, .between-card, .end-panel, .side-body'))
      .map((e) => `${e.className || e.tagName} "${e.textContent.trim().slice(0, 40)}"`),
    // Cards of your hand a pointer cannot reach: no point of the card's box
    // where the card itself (not a neighbour over it) is what lies on top.
    unreachable: [...document.querySelectorAll('.own-hand .card')]
      .filter((c) => {
        const r = c.getBoundingClientRect();
        for (let x = r.left + 1; x < r.right - 1; x += 2)
          for (const y of [r.top + r.height * 0.25, r.top + r.height * 0.6]) {
            const hit = document.elementFromPoint(x, y);
            if (hit && hit.closest('.card') === c) return false;
          }
        return true;
      })
      .map((c) => c.getAttribute('title') || c.getAttribute('aria-label') || 'a card'),
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
  // Your turn is said in words (a timed window says it by its countdown).
  if (m.myTurn && !m.timed) check(/your (turn|move)/i.test(m.promptText), `${where}: your turn, but the prompt says "${m.promptText}"`);
  check(m.cut.length === 0, `${where}: text cut short with no way to read it whole: ${m.cut.join('; ')}`);
  if (!m.sheet) check(m.unreachable.length === 0, `${where}: no pointer reaches ${m.unreachable.length} card(s) of your hand: ${m.unreachable.join(', ')}`);
  // The summary between hands lies beside the table, over nothing it shows;
  // on a phone, with no room beside it, it is a sheet that a button puts away.
  if (m.summary) {
    check(inside(m.summary, m.window), `${where}: the summary ${show(m.summary)} is not wholly in the window`);
    if (m.sheet) check(m.look, `${where}: the summary lies over the table with no way to look at it`);
    else
      for (const b of [m.prompt, ...m.tableZones, ...m.seats, ...(m.hand ? [m.hand] : []), ...m.buttons])
        check(!overlap(m.summary, b), `${where}: the summary ${show(m.summary)} lies over ${show(b)}`);
  }
}

/** Waits until it is the person's turn and the view has stopped changing. */
async function settle(page, where) {
  await page.waitForSelector('.table-page.my-turn[data-status="open"], .table-page[data-terminal="true"]', { timeout: 30_000 }).catch(() => {
    throw new Error(`${where}: the person's turn did not come`);
  });
  let v = await page.getAttribute('.table-page', 'data-version');
  for (;;) {
    await sleep(100); // the tables open with reduced motion: no card moves to wait for
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
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const games = await server.api('/api/games');
  // --only NAME: the tables of one game alone (to look into one).
  const only = option('--only', null);
  const TABLES = tablesOf(games).filter((t) => !only || t.game === only);
  const browser = await launch();
  let seat = null;
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
      // One page goes from table to table (switchSeat), as a person's would.
      if (!seat) seat = await openSeat(browser, { origin: server.origin, table: made.table, token, name: 'Constance Wetherby-Smythe', viewport: sizes[0].viewport, reducedMotion: 'reduce' });
      else await switchSeat(seat, { table: made.table, token, viewport: sizes[0].viewport });
      const { page, errors } = seat;
      const where = `${t.label ?? t.game} ${t.players} players`;
      try {
        await measureTable(page, t, sizes, where, errors);
      } catch (e) {
        await page.screenshot({ path: join(tmp, `failure-${t.label ?? t.game}-${t.players}.png`) }).catch(() => {});
        throw e;
      }
    }
  } finally {
    await browser.close().catch(() => {});
  }
  if (SHOTS) log(`screenshots of the tables in ${SHOTS}`);
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
    const m = await page.evaluate(measure);
    checkLayout(m, at, t.handless, t.solo);
    if (t.minCards) check(m.cards.length >= t.minCards, `${at}: ${m.cards.length} cards in the hand, not ${t.minCards} or more`);
    await shot(page, `${name(size)}.png`);
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
    await atSizes(page, sizes, where, (size) => shot(page, `${name(size)}-later.png`));
  }
  if (t.game === 'cheat') {
    await putOneDown(page, where);
    await atSizes(page, sizes, `${where}, a card put down`, async (size, at) => {
      const m = await page.evaluate(measure);
      // Cheat's cards being played lie in the middle of the table, face up to their owner.
      check(m.beingPlayed > 0, `${at}: the card put down is not shown among the cards being played`);
      checkLayout(m, at);
      await shot(page, `${name(size)}-put.png`);
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
        await shot(page, `${name(size)}-calls.png`);
      });
    }
  }
  // Several moves on, as a person would make them; a summary between hands,
  // if one comes, measured while it is open.
  const played = await playOn(page, 2, where);
  if (!(await page.locator('.table-page[data-terminal="true"]').count())) {
    const summary = (await page.locator('.between-hands').count()) > 0;
    await atSizes(page, sizes, `${where}, ${played} move${played === 1 ? '' : 's'} on${summary ? ', the summary open' : ''}`, async (size, at) => {
      checkLayout(await page.evaluate(measure), at, t.handless, t.solo);
      if (summary) await shot(page, `${name(size)}-summary.png`);
    });
    // And the table under it, the summary put away.
    if (summary) {
      await page.click('[data-role="next-hand"]');
      await atSizes(page, sizes, `${where}, ${played} move${played === 1 ? '' : 's'} on`, async (size, at) => checkLayout(await page.evaluate(measure), at, t.handless, t.solo));
    }
  }
  check(errors.length === 0, `${where}: ${errors.join('; ')}`);
  log(`${where}: nothing overlaps at ${sizes.map((s) => s.label).join(' and ')}, at the first turn and ${played} move${played === 1 ? '' : 's'} on`);
}

/** The person's own moves, `n` of them at most: a card that a click plays, else a
 * zone that takes a click, else the first choice offered. Stops at the end, or at a
 * summary between hands (left open, to be measured). Returns the moves made. */
async function playOn(page, n, where) {
  let made = 0;
  for (; made < n; made++) {
    if (await page.locator('.between-hands, .table-page[data-terminal="true"]').count()) break;
    const v = await page.getAttribute('.table-page', 'data-version');
    let acted = false;
    for (const sel of ['.own-hand .card.pickable', '.offered .card.pickable', '.center .card.pickable', '.zone-click', '.me .choice-bar button:not([disabled])']) {
      const l = page.locator(sel).first();
      if ((await l.count()) && (await l.isVisible())) {
        // A card by its top left corner, the part of it that overlapping cards leave in sight.
        await l.click({ timeout: 5_000, ...(sel.includes('.card') ? { position: { x: 4, y: 8 } } : {}) });
        acted = true;
        break;
      }
    }
    if (!acted) break;
    await page.waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== old, v, { timeout: 10_000 }).catch(() => {
      throw new Error(`${where}: move ${made + 1} changed nothing`);
    });
    // Bots may end the hand before the person's turn comes again.
    await Promise.race([settle(page, `${where}, move ${made + 1}`), page.waitForSelector('.between-hands', { timeout: 30_000 })]);
  }
  return made;
}

run(main, OVERALL_MS, () => server.kill());
