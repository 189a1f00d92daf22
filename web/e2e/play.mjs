// End-to-end: two people play Old Maid against two bots in real browsers,
// through the UI only, while the server is killed and restarted mid-game. The
// invited player gives a name first; both talk in the chat; bots and people are
// shown by name. Last, a third person lets their turn wait at a table with
// absent_after 10, is marked away, and comes back with "I'm back".
//
//   node e2e/play.mjs [--phone] [--server PATH]
//
// --phone   the second player's browser is phone-sized (375×667)
// --server  the parlour binary (default: <repo>/build/parlour)
//
// Needs `npm run build` first (the server serves web/dist) and Debian's
// /usr/bin/chromium. Exits 0 on success; prints what failed and exits 1
// otherwise. Screenshots go to the temporary folder, whose path is printed.
import { join } from 'node:path';
import { check, flag, isTerminal, launch, log, run, Server, sleep, tableVersion, tmp, waitVersionAbove as waitPage } from './lib.mjs';

const PHONE = flag('--phone');
const OVERALL_MS = 180_000;
const HUMAN_ACTIONS_BEFORE_KILL = 6;
const started = Date.now();
const server = new Server(['--bot-delay', '100']);

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
  const p = { label, name, browser, viewport, context, page, actions: 0, arranged: false, typed: false, errors: [], shots: new Set() };
  page.on('pageerror', (e) => p.errors.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(m.text()) && p.errors.push(`console: ${m.text()}`));
  return p;
}

const tablePage = (p) => p.page.locator('.table-page');
const version = (p) => tableVersion(p.page);
const ownHand = (p) =>
  p.page.$$eval('.me .own-hand [data-card-index]', (els) => els.map((e) => Number(e.getAttribute('data-card-index'))));
const waitVersionAbove = (p, v, ms = 10_000) => waitPage(p.page, v, ms, p.label);

/** One screenshot of each kind of moment per player, to look at afterwards. */
async function shot(p, kind) {
  if (p.shots.has(kind)) return;
  p.shots.add(kind);
  await sleep(350); // let card moves finish
  await p.page.screenshot({ path: join(tmp, `${kind}-${p.label}.png`) });
}

/** Until no card move is running on `p`'s page. If the page stops drawing frames,
 * says so: a page that cannot answer is told apart from a card that never comes to rest. */
async function still(p) {
  try {
    await p.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10_000, polling: 50 });
  } catch (e) {
    const answers = await Promise.race([p.page.evaluate(() => true).catch(() => false), sleep(3000).then(() => false)]);
    throw new Error(`${p.label}: ${answers ? 'a card move was still running after 10 s' : 'the page stopped answering (its renderer is busy or hung)'}: ${e.message}`);
  }
}

/** What `promise` gives within `ms`, or null if the page did not answer by then. */
const within = (promise, ms) => Promise.race([promise, sleep(ms).then(() => null)]);

/** A page whose renderer stops answering (Chromium under load has hung so, for a
 * minute and more, at states that replay fine) is opened again at its seat, as a
 * person would reload it: the table must come back as it was. Once per player; a
 * page that hangs again fails the test, and so would a state that hangs a page. */
async function reopen(p) {
  check(!p.reopened, `${p.label}: the page stopped answering again`);
  p.reopened = true;
  const url = p.page.url();
  log(`${p.label}: the page stopped answering (its renderer is busy or hung); opening the seat again`);
  p.context.close().catch(() => {}); // not awaited: a hung page may not close
  const q = await newPlayer(p.browser, p.label, p.viewport, p.name);
  q.errors = p.errors; // the new page's errors count too
  // The seat's token ends its URL; a page that has it asks no name again.
  await q.context.addInitScript((t) => localStorage.setItem('parlour.named', t), url.split('/').pop());
  Object.assign(p, { context: q.context, page: q.page });
  await p.page.goto(url);
  await p.page.waitForSelector('.table-page[data-status="open"][data-version]:not([data-version=""])', { timeout: 15_000 });
  log(`${p.label}: the seat is open again at version ${await version(p)}`);
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
      // The fan may still be flying in from the offering seat: a click at
      // its start would land on that seat. Wait until the cards are at rest.
      await still(p);
      // The left edge of a card in an overlapping fan is always its own.
      await picks.nth(i).click({ position: { x: 4, y: 20 } });
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
    // As with the fan above: a button still moving (the hand growing under
    // it on a phone) can be missed by a click aimed where it was.
    await still(p);
    await button.click();
    log(`${p.label}: pressed "${label}"`);
    await answered(p, v, `pressing "${label}"`, () => button.click());
    p.actions++;
    return;
  }
  await waitVersionAbove(p, v);
  p.actions++;
}

/** Waits for the view after an action. If none comes, says what the page shows:
 * a page still waiting for the server's answer (its buttons disabled) fails the
 * test; a click that never reached the page (nothing sent, the same view) is
 * made once more, as a person would, and said in the log (once a player). */
async function answered(p, v, what, again) {
  try {
    await waitVersionAbove(p, v);
  } catch (e) {
    const state = await p.page
      .evaluate(() => {
        const t = document.querySelector('.table-page');
        const buttons = [...document.querySelectorAll('.choices button')];
        return {
          version: t && t.getAttribute('data-version'),
          status: t && t.getAttribute('data-status'),
          waiting: buttons.length > 0 && buttons.every((b) => b.disabled),
          toasts: [...document.querySelectorAll('.toast')].map((x) => x.textContent).join(' | '),
        };
      })
      .catch(() => null);
    log(`${p.label}: no new view after ${what} at version ${v}; the page shows ${JSON.stringify(state)}`);
    if (!state || state.waiting || state.status !== 'open' || Number(state.version) !== v || p.pressedAgain) throw e;
    p.pressedAgain = true;
    await still(p);
    await again();
    log(`${p.label}: the click did not reach the page's table; pressed again`);
    await waitVersionAbove(p, v);
  }
}

/** A person who lets their turn wait is marked away, a bot plays for them, and "I'm back" ends it. */
async function absentPlayer(browser) {
  // Three hands: the stand-in, at the test's pace of bot moves, must not
  // finish the match before "I'm back" is pressed on a slow machine.
  const made = await server.api('/api/tables', {
    game: 'old-maid',
    players: 3,
    seats: ['human', 'blind', 'blind'],
    options: ['hands=3'],
    absent_after: 10,
  });
  const token = made.seats[0].token;
  const p = await newPlayer(browser, 'C', { width: 1280, height: 800 }, 'Cecily');
  await p.context.addInitScript((t) => localStorage.setItem('parlour.named', t), token);
  await p.page.goto(`${server.origin}/#/t/${made.table}/${token}`);
  await p.page.waitForSelector('.table-page.my-turn', { timeout: 10_000 });
  // Seat 0 offers first; nobody touches anything for the table's ten seconds.
  await p.page.waitForSelector('.away-banner [data-role="back"]', { timeout: 20_000 });
  const words = await p.page.locator('.away-banner').textContent();
  check(/away/i.test(words), `the away banner says: ${words}`);
  const v = await version(p);
  await waitVersionAbove(p, v, 10_000); // the stand-in bot plays
  await p.page.screenshot({ path: join(tmp, 'away-C.png') });
  await p.page.click('.away-banner [data-role="back"]');
  await p.page.waitForSelector('.away-banner', { state: 'detached', timeout: 10_000 });
  check(p.errors.length === 0, `C: ${p.errors.join('; ')}`);
  await p.context.close();
  log('absent: marked away after 10 s, a bot played, "I\'m back" brought the person back');
}

/** People by their names, bots by theirs (from the server), never "Seat n" in a seat's box. */
async function checkNames(A, B) {
  await A.page.waitForFunction(() => document.querySelector('.seat[data-seat="1"] .seat-name')?.textContent === 'Bob', null, { timeout: 10_000 });
  const names = await A.page.$$eval('.others .seat .seat-name', (els) => els.map((e) => [e.textContent, e.getAttribute('title')]));
  for (const [name, title] of names) {
    check(name && !/^Seat \d+$/.test(name), `A sees a seat without a name: ${name}`);
    check(title === name, `the seat name ${name} has no title with the whole name`);
  }
  const bots = await A.page.$$eval('.others .seat .bot-tag', (els) => els.length);
  check(bots === 2, `A sees ${bots} bots, not 2`);
  const meB = await B.page.locator('.me .seat-name').textContent();
  check(meB.includes('Bob'), `B's own seat is not named Bob: ${meB}`);
  log(`names: ${names.map((n) => n[0]).join(', ')}`);
}

/** A says something; B sees it by A's name, and the log stays the log. */
async function checkChat(A, B) {
  await A.page.click('.side-tab[data-tab="chat"]');
  await A.page.fill('.chat-form input', 'good luck, Bob');
  await A.page.press('.chat-form input', 'Enter');
  await B.page.waitForSelector('.side-tab[data-tab="chat"] .unread', { timeout: 10_000 });
  await B.page.click('.side-tab[data-tab="chat"]');
  const line = await B.page.locator('.chat-lines li', { hasText: 'good luck, Bob' }).first();
  check((await line.locator('.chat-name').textContent()) === 'Ann', 'B does not see the chat line by Ann');
  // On a phone the chat opens over the table: close it to play on.
  if (await B.page.locator('.side.open .side-close').isVisible()) await B.page.click('.side.open .side-close');
  await A.page.click('.side-tab[data-tab="log"]');
  log('chat: Bob read what Ann said');
}

const isTurn = async (p) => (await p.page.locator('.table-page.my-turn').count()) > 0;
const isOver = (p) => isTerminal(p.page);

// ----- The run -----

async function main() {
  await server.start();
  const origin = server.origin;
  log(`server up at ${origin}, data in ${tmp}`);

  const browser = await launch();
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
    // Whoever opens an invite link is asked for a name, the last one offered.
    await B.page.waitForSelector('.name-prompt', { timeout: 10_000 });
    check((await B.page.inputValue('#join-name')) === 'Bob', 'the name prompt does not offer the remembered name');
    await B.page.click('[data-role="join"]');

    for (const p of players) await p.page.waitForSelector('.table-page[data-status="open"][data-version]:not([data-version=""])', { timeout: 15_000 });
    check((await tablePage(A).getAttribute('data-seat')) === '0', 'A does not sit at seat 0');
    check((await tablePage(B).getAttribute('data-seat')) === '1', 'B does not sit at seat 1');
    // Each sees their own hand, unless the deal and a first draw already left
    // them without cards, and so safe (a fresh clone's run dealt Ann only
    // pairs but one card, which she gave away at once).
    for (const p of players) {
      if ((await ownHand(p)).length > 0) continue;
      const status = (await p.page.locator('.me .seat-head .seat-status').textContent({ timeout: 5000 }).catch(() => '')) ?? '';
      check(/safe/.test(status), `${p.label} sees no cards of their own, and the seat says "${status}", not safe`);
    }
    await checkNames(A, B);
    await checkChat(A, B);

    let restarted = false;
    while (!(await isOver(A)) || !(await isOver(B))) {
      check(Date.now() - started < OVERALL_MS - 15_000, 'the game did not end in time');
      let moved = false;
      for (const p of players) {
        const turn = await within(isTurn(p), 10_000);
        if (turn === null) {
          await reopen(p);
          continue;
        }
        if ((await isOver(p)) || !turn) continue;
        const humanActions = A.actions + B.actions;
        if (!restarted && humanActions >= HUMAN_ACTIONS_BEFORE_KILL) {
          restarted = true;
          await restartMidGame();
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
    await absentPlayer(browser);
  } catch (e) {
    for (const p of players) await p.page.screenshot({ path: join(tmp, `failure-${p.label}.png`), timeout: 5000 }).catch(() => log(`${p.label}: no failure screenshot (the page did not draw within 5 s)`));
    if (players.length) log(`failure screenshots in ${tmp}`);
    throw e;
  } finally {
    await browser.close().catch(() => {});
  }

  // Kill the server with the table waiting for a human, so nothing moves while
  // it is down; both pages must come back by themselves to the same position.
  async function restartMidGame() {
    await sleep(300);
    await server.kill();
    const before = [];
    for (const p of players) before.push({ v: await version(p), hand: await ownHand(p) });
    log(`server killed (SIGKILL) at versions ${before.map((b) => b.v)}`);
    for (const p of players) await p.page.waitForSelector('.table-page:not([data-status="open"])', { timeout: 10_000 });
    await server.start();
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

run(main, OVERALL_MS, () => server.kill());
