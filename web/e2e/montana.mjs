// End-to-end: Montana through the UI, a person alone. The four rows show as a
// grid of 52 places, four of them gaps. The person asks for a hint: the page
// names the solver's move, and that move is among the choices; he plays it
// by its button, then takes it back with Undo (and plays it again with Redo,
// and takes it back again): the table returns to the
// same cards in the same places, at the version before. Then he plays on by
// hints to the end of the game (each hint a legal move); Undo stops at a
// redeal, with the reason shown; the page shows no error. Last, a table
// made in the lobby with "A winnable deal" ticked opens on its deal.
//
//   node e2e/montana.mjs [--server PATH] [--shots DIR]
import { join } from 'node:path';
import { Server, check, isTerminal, log, option, run, sleep, soloTable, tableVersion, tmp, waitVersionAbove } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 150_000;
// Hints to the end of a game: the server's limit on them (ten at once, then
// one a second) is for strangers; it has its own test (attacks.py, F5).
const server = new Server(['--allow-seed', '--hint-burst', '100000']);

/** The grid's places: a card's name, or '' for a gap. */
async function gridCards(page) {
  return page.$$eval('[data-layout="grid"] > .card, [data-layout="grid"] .card', (els) =>
    els.map((e) => (e.classList.contains('empty-slot') ? '' : e.getAttribute('aria-label') || e.getAttribute('data-card') || e.textContent || '?')),
  );
}

/** Asks for a hint at the version on show; returns its action and label. */
async function askHint(page) {
  const v = await tableVersion(page);
  const sel = `[data-role="hint-text"]`;
  // The server answers ten hints at once, then one a second (issue 35): a
  // hint refused as too fast is asked again a second later, as a person would.
  for (let tries = 1; ; tries++) {
    await page.click('[data-role="hint"]');
    try {
      await page.waitForFunction(
        ([s, ver]) => {
          const t = document.querySelector('.table-page');
          return !!document.querySelector(s) && t && t.getAttribute('data-version') === String(ver);
        },
        [sel, v],
        { timeout: tries < 8 ? 3_000 : 15_000, polling: 50 },
      );
      break;
    } catch (e) {
      if (tries >= 8) throw e;
      await sleep(1_100);
    }
  }
  const action = Number(await page.getAttribute(sel, 'data-action'));
  const text = ((await page.locator(sel).textContent()) ?? '').trim();
  return { v, action, text };
}

async function main() {
  await soloTable(server, 'montana', 5, 'montana', async (p, browser) => {
    const page = p.page;
    const start = await gridCards(page);
    check(start.length === 52, `the grid shows ${start.length} places, not 52`);
    check(start.filter((c) => c === '').length === 4, `the grid shows ${start.filter((c) => c === '').length} gaps, not 4`);
    check(await page.locator('[data-role="undo"]').isDisabled(), 'Undo is offered before any move');

    // A hint, played by its button, then taken back.
    const h = await askHint(page);
    check(/^Hint \(solver\):/.test(h.text), `the hint reads "${h.text}"`);
    const button = page.locator(`.me .choices button[data-action="${h.action}"]`);
    check((await button.count()) === 1, `the hinted move ${h.action} is not among the choices`);
    await button.click();
    await waitVersionAbove(page, h.v, 10_000, 'after the hinted move');
    const moved = await gridCards(page);
    check(JSON.stringify(moved) !== JSON.stringify(start), 'the hinted move changed nothing on the table');
    await page.click('[data-role="undo"]');
    await page.waitForFunction((ver) => document.querySelector('.table-page')?.getAttribute('data-version') === String(ver), h.v, { timeout: 10_000, polling: 30 });
    const back = await gridCards(page);
    check(JSON.stringify(back) === JSON.stringify(start), 'Undo did not put the table back as it was');
    const logText = await page.$$eval('ol.log li', (els) => els.map((e) => e.textContent).join('\n'));
    check(/take the move back/.test(logText), 'the log does not tell the move taken back');
    // Redo plays it again; then there is nothing to redo, and Undo takes it back once more.
    check(!(await page.locator('[data-role="redo"]').isDisabled()), 'Redo is not offered after Undo');
    await page.click('[data-role="redo"]');
    await waitVersionAbove(page, h.v, 10_000, 'after Redo');
    check(JSON.stringify(await gridCards(page)) === JSON.stringify(moved), 'Redo did not play the move again');
    check(await page.locator('[data-role="redo"]').isDisabled(), 'Redo is still offered with nothing to redo');
    await page.click('[data-role="undo"]');
    await page.waitForFunction((ver) => document.querySelector('.table-page')?.getAttribute('data-version') === String(ver), h.v, { timeout: 10_000, polling: 30 });
    await page.screenshot({ path: join(SHOTS, 'montana-start.png') });

    // On by hints to the end; after a redeal, Undo says why it cannot.
    let moves = 0,
      redeals = 0,
      refused = 0;
    const deadline = Date.now() + OVERALL_MS - 30_000;
    while (!(await isTerminal(page))) {
      check(Date.now() < deadline, `the game did not end after ${moves} moves`);
      const hint = await askHint(page);
      const b = page.locator(`.me .choices button[data-action="${hint.action}"]`);
      check((await b.count()) === 1, `hint ${hint.text} is not among the choices`);
      const redeal = /redeal/.test(hint.text);
      await b.click();
      await waitVersionAbove(page, hint.v, 15_000, `after move ${moves}`);
      moves++;
      if (redeal) {
        redeals++;
        if (!(await isTerminal(page))) {
          await page.click('[data-role="undo"]');
          await sleep(300);
          const v = await tableVersion(page);
          check(v === hint.v + 1, `Undo took back a redeal (version ${v})`);
          refused++;
        }
      }
    }
    const result = ((await page.locator('.end-panel .result').textContent().catch(() => '')) ?? '').trim();
    log(`game over after ${moves} moves and ${redeals} redeals: ${result}`);
    check(/Won|Lost/.test(result), `the end shows "${result}"`);
    check(p.errors.length === 0, p.errors.join('\n  '));
    await page.screenshot({ path: join(SHOTS, 'montana-end.png') });

    // "A winnable deal" from the lobby: ticked, the table opens on a deal.
    const lobby = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await lobby.goto(`${server.origin}/#/`);
    await lobby.waitForSelector('#game');
    const montana = await lobby.$eval('#game', (s) => [...s.options].map((o) => o.value).find((v) => v.startsWith('montana/')));
    await lobby.selectOption('#game', montana);
    await lobby.fill('#name', 'Ann');
    await lobby.check('[data-role="winnable"]');
    await lobby.click('[data-role="play-now"]');
    await lobby.waitForSelector('[data-layout="grid"]', { timeout: 20_000 });
    check((await gridCards(lobby)).filter((c) => c === '').length === 4, 'the winnable deal does not show four gaps');
    log('a winnable deal, asked for in the lobby, is on the table');
  });
}

run(main, OVERALL_MS, () => server.kill());
