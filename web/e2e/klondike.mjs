// End-to-end: Klondike through the UI, a person alone, played as PySolFC and
// the solitaire sites play it (issue 37, items 1 to 4).
//
// On a desktop (deal 5): the seven columns stand in one row, their tops
// level. The person drags the 7♠ from column 5 onto the 8♥ of column 6: the
// move is played, column 6 grows by one and column 5 turns up its next card.
// Undo takes even that back (the card lies face down again); Redo plays it
// again.
//
// On a phone (390×844), by taps only, a deal the game's own player wins: the
// seven columns fit one row and no card lies off the
// screen; a tap on the stock turns it. Then the person follows the hints
// alone, each by a tap on the card (or the stock) the hint lights, to the
// win. Once, after a move that turned a card up, Undo takes it back (the
// card lies face down again) and play goes on from there. The end says
// "Won!" and this browser's record counts one game, won.
//
//   node e2e/klondike.mjs [--server PATH] [--shots DIR]
import { join } from 'node:path';
import { Failure, Server, check, isTerminal, launch, log, openSeat, option, run, sleep, soloTable, tableVersion, tmp, waitVersionAbove } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 150_000;
// A deal of `klondike-1` (one card at a time) the game's own player wins in
// few moves (190 in `parlour play klondike-1 --auto --seed 22`), and whose
// hints win it.
const PHONE_SEED = 22;
// Hints to the end of a game: the server's limit on them (ten at once, then
// one a second) is for strangers; it has its own test (attacks.py, F5).
// A hint thinks within a budget far beyond what it needs, so that a busy machine
// gives the same hints as an idle one.
const server = new Server(['--allow-seed', '--hint-burst', '100000', '--bot-budget', '60']);
// Klondike's view: stock, waste, four foundations, then columns 1 to 7.
const column = (n) => `[data-zone-index="${5 + n}"]`;

async function cardsIn(page, sel) {
  return page.$$eval(`${sel} .zone-cards > .card`, (els) => els.map((e) => e.getAttribute('title') || ''));
}

/** Face-down cards in the seven columns (one question to the page: a game is hundreds of moves). */
async function faceDown(page) {
  return page.evaluate(() => {
    let n = 0;
    for (let z = 6; z <= 12; z++) n += document.querySelectorAll(`[data-zone-index="${z}"] .zone-cards > .card.back`).length;
    return n;
  });
}

async function waitVersion(page, v, what) {
  await page
    .waitForFunction((ver) => document.querySelector('.table-page')?.getAttribute('data-version') === String(ver), v, { timeout: 10_000, polling: 30 })
    .catch(() => {
      throw new Failure(`${what}: the page did not come to version ${v}`);
    });
}

async function desktop() {
  await soloTable(server, 'klondike', 5, 'klondike', async (p) => {
    const page = p.page;
    await page.waitForSelector(column(7));
    // The columns: one row, tops level.
    const tops = [];
    for (let n = 1; n <= 7; n++) tops.push((await page.locator(column(n)).boundingBox()).y);
    check(Math.max(...tops) - Math.min(...tops) < 2, `the columns' tops are not level: ${tops.join(', ')}`);
    const five = await cardsIn(page, column(5));
    const six = await cardsIn(page, column(6));
    check(/seven of spades|7♠/.test(five[five.length - 1]), `column 5 ends in "${five[five.length - 1]}", not the 7♠`);
    check(/eight of hearts|8♥/.test(six[six.length - 1]), `column 6 ends in "${six[six.length - 1]}", not the 8♥`);

    // Drag the 7♠ onto the 8♥.
    const v = await tableVersion(page);
    const down = await faceDown(page);
    const from = await page.locator(`${column(5)} .zone-cards > .card`).last().boundingBox();
    const to = await page.locator(`${column(6)} .zone-cards > .card`).last().boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let k = 1; k <= 10; k++)
      await page.mouse.move(from.x + from.width / 2 + ((to.x - from.x) * k) / 10, from.y + from.height / 2 + ((to.y + to.height * 0.6 - from.y - from.height / 2) * k) / 10);
    await page.mouse.up();
    await waitVersionAbove(page, v, 10_000, 'after the drag');
    const sixAfter = await cardsIn(page, column(6));
    check(sixAfter.length === six.length + 1, `column 6 has ${sixAfter.length} cards after the drag, not ${six.length + 1}`);
    check(/seven of spades|7♠/.test(sixAfter[sixAfter.length - 1]), `column 6 ends in "${sixAfter[sixAfter.length - 1]}" after the drag`);
    check((await faceDown(page)) === down - 1, 'the drag turned no card up in column 5');
    log(`dragged the 7♠ onto the 8♥: column 6 is ${sixAfter.join(' | ')}`);
    await page.screenshot({ path: join(SHOTS, 'klondike-drag.png') });

    // Undo takes back even a move that turned a card up; Redo plays it again.
    await page.click('[data-role="undo"]');
    await waitVersion(page, v, 'Undo of a move that turned a card up');
    check((await faceDown(page)) === down, 'after Undo the card turned up does not lie face down again');
    check((await cardsIn(page, column(6))).length === six.length, 'after Undo column 6 still holds the 7♠');
    await page.click('[data-role="redo"]');
    await waitVersionAbove(page, v, 10_000, 'after Redo');
    check((await cardsIn(page, column(6))).length === six.length + 1, 'Redo did not play the drag again');
    check(p.errors.length === 0, p.errors.join('\n  '));
  });
}

/** The centre of the first element `sel` finds, or null. */
async function centre(page, sel) {
  return page.evaluate((q) => {
    const e = document.querySelector(q);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, sel);
}

/** A finger's tap on what `sel` finds (no waiting for it to settle: a game is
 * hundreds of taps; the page is drawn with reduced motion). */
async function tap(page, sel, what) {
  const at = await centre(page, sel);
  check(at, `nothing to tap for ${what}`);
  await page.touchscreen.tap(at.x, at.y);
}

/** Asks for a hint at the version on show, by a tap; returns it. */
async function askHint(page) {
  const v = await tableVersion(page);
  const sel = '[data-role="hint-text"]';
  for (let tries = 1; ; tries++) {
    await tap(page, '[data-role="hint"]', 'the Hint button');
    try {
      await page.waitForFunction(
        ([s, ver]) => !!document.querySelector(s) && document.querySelector('.table-page')?.getAttribute('data-version') === String(ver),
        [sel, v],
        { timeout: tries < 4 ? 5_000 : 20_000, polling: 20 },
      );
      break;
    } catch (e) {
      if (tries >= 4) throw new Failure(`no hint came at version ${v}`);
    }
  }
  const { text, doubt } = await page.$eval(sel, (e) => ({ text: (e.textContent ?? '').trim(), doubt: e.getAttribute('data-doubt') === 'true' }));
  return { v, text, doubt };
}

async function phone(browser) {
  const made = await server.api('/api/tables', { game: 'klondike-1', players: 1, seats: ['human'], seed: PHONE_SEED });
  const p = await openSeat(browser, { origin: server.origin, table: made.table, token: made.seats[0].token, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', touch: true });
  const page = p.page;
  try {
    await page.waitForSelector(column(7));
    // The seven columns in one row, each wholly on the screen.
    const boxes = [];
    for (let n = 1; n <= 7; n++) boxes.push(await page.locator(column(n)).boundingBox());
    const tops = boxes.map((b) => b.y);
    check(Math.max(...tops) - Math.min(...tops) < 2, `on a phone the columns do not stand in one row: tops ${tops.join(', ')}`);
    for (const [i, b] of boxes.entries()) check(b.x >= 0 && b.x + b.width <= 390, `on a phone column ${i + 1} lies off the screen: x ${b.x} to ${b.x + b.width}`);
    // The stock, the waste and the four foundations in one row above them.
    const row = [];
    for (let z = 0; z < 6; z++) row.push(await page.locator(`[data-zone-index="${z}"]`).boundingBox());
    // One row: a level line crosses them all.
    check(Math.max(...row.map((b) => b.y)) < Math.min(...row.map((b) => b.y + b.height)), `on a phone the stock, waste and foundations are not one row: tops ${row.map((b) => Math.round(b.y)).join(', ')}`);
    for (const b of row) check(b.x >= 0 && b.x + b.width <= 390, `on a phone a pile lies off the screen: x ${b.x} to ${b.x + b.width}`);
    await page.screenshot({ path: join(SHOTS, 'klondike-phone.png') });

    // A tap on the stock turns it.
    let v = await tableVersion(page);
    await tap(page, '[data-zone-index="0"] .zone-click', 'the stock');
    await waitVersionAbove(page, v, 10_000, 'after a tap on the stock');
    check((await page.locator('[data-zone-index="1"] .card').count()) > 0, 'a tap on the stock put no card on the waste');

    // Hints alone, each followed by a tap on what it lights, to the end.
    let moves = 0;
    let undone = false;
    const deadline = Date.now() + OVERALL_MS - 40_000;
    while (!(await isTerminal(page))) {
      check(Date.now() < deadline, `the game did not end after ${moves} moves`);
      const h = await askHint(page);
      check(!h.doubt, `at move ${moves} the hint knows no line: "${h.text}"`);
      const down = await faceDown(page);
      await tap(page, '.card.hint-target, .zone.hint-target .zone-click', `hint "${h.text}"`);
      await waitVersionAbove(page, h.v, 15_000, `after hint ${moves}: ${h.text}`);
      moves++;
      if (!undone && (await faceDown(page)) < down && !(await isTerminal(page))) {
        // This move turned a card up: take it back, then play on.
        await tap(page, '[data-role="undo"]', 'Undo');
        await waitVersion(page, h.v, 'Undo of a move that turned a card up');
        check((await faceDown(page)) === down, 'after Undo the card turned up does not lie face down again');
        undone = true;
        log(`move ${moves} turned a card up; Undo took it back`);
      }
    }
    check(undone, 'no move turned a card up: Undo after a reveal was never tried');
    const heading = ((await page.locator('.end-panel h2').textContent()) ?? '').trim();
    const result = ((await page.locator('.end-panel .result').textContent()) ?? '').trim();
    log(`the game ended after ${moves} hinted moves: ${heading} ${result}`);
    check(heading === 'Won!', `the end says "${heading}: ${result}", not Won!`);
    const stats = page.locator('[data-role="solo-stats"]');
    check((await stats.getAttribute('data-games')) === '1' && (await stats.getAttribute('data-wins')) === '1', `the record reads "${await stats.textContent()}"`);
    await page.screenshot({ path: join(SHOTS, 'klondike-phone-won.png') });
    check(p.errors.length === 0, p.errors.join('\n  '));
  } catch (e) {
    await page.screenshot({ path: join(tmp, 'failure-klondike-phone.png') }).catch(() => {});
    throw e;
  }
}

async function main() {
  await desktop();
  const browser = await launch();
  try {
    await phone(browser);
  } finally {
    await browser.close().catch(() => {});
  }
}

run(main, OVERALL_MS, () => server.kill());
