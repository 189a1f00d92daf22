// End-to-end: Klondike through the UI, a person alone. The seven columns
// stand in one row, their tops level. The person drags the 7♠ from column 5
// onto the 8♥ of column 6 (deal 5): the move is played, column 6 grows by
// one and column 5 turns up its next card. Undo cannot take that back: a
// card was turned up.
//
//   node e2e/klondike.mjs [--server PATH] [--shots DIR]
import { join } from 'node:path';
import { Server, check, log, option, run, sleep, soloTable, tableVersion, tmp, waitVersionAbove } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 90_000;
const server = new Server(['--allow-seed']);
// Klondike's view: stock, waste, four foundations, then columns 1 to 7.
const column = (n) => `[data-zone-index="${5 + n}"]`;

async function cardsIn(page, sel) {
  return page.$$eval(`${sel} .zone-cards > .card`, (els) => els.map((e) => e.getAttribute('title') || ''));
}

async function main() {
  await soloTable(server, 'klondike', 5, 'klondike', async (p, browser) => {
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
    log(`dragged the 7♠ onto the 8♥: column 6 is ${sixAfter.join(' | ')}`);
    await page.screenshot({ path: join(SHOTS, 'klondike-drag.png') });

    // A card was turned up in column 5: the move cannot be taken back.
    const moved = await tableVersion(page);
    const fiveAfter = await cardsIn(page, column(5));
    check(fiveAfter.length === five.length - 1 && fiveAfter[fiveAfter.length - 1] !== '', `column 5 shows ${fiveAfter.join(' | ')} after the drag`);
    await page.click('[data-role="undo"]', { timeout: 2_000 }).catch(() => {});
    await sleep(500);
    check((await tableVersion(page)) === moved, 'Undo took back a move that turned up a card');
    check(p.errors.length === 0, p.errors.join('\n  '));
  });
}

run(main, OVERALL_MS, () => server.kill());
