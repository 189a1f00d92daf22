// End-to-end: Cheat through the UI, with timed challenge windows. Two people
// (one at a desktop, one on a phone-sized page) and a `sharp` bot play a table
// of three to the end. The people put their cards down by clicking them in
// their hands (one is taken back once), call with the button, and in each
// challenge window call "Cheat!" or let it pass; twice, in a window of the
// bot's play (the two people's alone), nobody speaks and the countdown runs
// out. Checked: the lobby sends the table's time to challenge; the countdown is
// shown on both pages, inside the window, and goes down; when it runs out the
// game moves on by itself; a person's challenge turns the play up, face up in
// "the last play" on both pages, and the log says who took up the pile; the
// result is shown at the end; no page ever shows a face of another's hand.
// The people's pages ask for reduced motion: no card moves to wait for.
//
//   node e2e/cheat.mjs [--server PATH] [--shots DIR]
//
// --shots  where the screenshots go (cheat-*.png; default: the temporary
//          folder printed at the end)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Failure, Server, check, isTerminal, launch, leakWatch, log, openSeat, option, run, sleep, tableVersion, tmp, waitVersionAbove } from './lib.mjs';

const SHOTS = option('--shots', tmp);
const OVERALL_MS = 170_000;
const SEED = 2718;
const WINDOW_SECONDS = 4;
const MAX_TURNS = 50; // the game's least: a game ends after this many plays at most
/** Windows the bot's plays open to both people in which nobody speaks. */
const SILENT_WINDOWS = 2;
// Bots think a little, so that a person may be first to call.
const server = new Server(['--allow-seed', '--bot-delay', '300', '--hand-pause', '0']);

const RANKS = { aces: 1, twos: 2, threes: 3, fours: 4, fives: 5, sixes: 6, sevens: 7, eights: 8, nines: 9, tens: 10, jacks: 11, queens: 12, kings: 13 };

/** A small seeded generator, so that a run's choices can be read again from its log. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}
const random = rng(SEED);

// ----- What a page shows -----

const prompt = async (p) => ((await p.page.locator('[data-role="prompt"]').textContent({ timeout: 5000 }).catch(() => '')) ?? '').trim();
const myTurn = async (p) => (await p.page.locator('.table-page.my-turn').count()) > 0;
const button = (p, key) => p.page.locator(`.me .choices button[data-key="${key}"]`);
const callButtons = (p) => p.page.locator('.me .choices button', { hasText: /^\s*call /i });
const ownHand = (p) => p.page.$$eval('.me .own-hand [data-card-index]', (els) => els.map((e) => Number(e.getAttribute('data-card-index'))));
const logLines = (p) => p.page.$$eval('ol.log li', (els) => els.map((e) => e.textContent));

/** The zone named `name` ("the last play"), wherever it is drawn: its cards, face up or not. */
async function zoneCards(p, name) {
  return p.page.$$eval(
    '[data-zone-index]',
    (zones, n) =>
      zones
        .filter((z) => (z.getAttribute('aria-label') || '').startsWith(`${n}:`))
        .flatMap((z) => [...z.querySelectorAll('.card:not(.empty-slot)')].map((c) => ({ faceUp: c.classList.contains('face-up'), index: c.getAttribute('data-card-index') }))),
    name,
  );
}

async function countdown(p) {
  const t = p.page.locator('[data-role="countdown"]');
  if (!(await t.count())) return null;
  const [seconds, msLeft, label, box] = await Promise.all([t.getAttribute('data-seconds'), t.getAttribute('data-ms-left'), t.getAttribute('aria-label'), t.boundingBox()]);
  const text = (await t.locator('.countdown-text').textContent()).trim();
  return { seconds: Number(seconds), msLeft: Number(msLeft), label, text, box, visible: await t.isVisible() };
}

async function shot(p, name) {
  await p.page.screenshot({ path: join(SHOTS, `cheat-${name}.png`) });
}

/**
 * Clicks what `find` finds in the view on show now, and waits for the view that
 * answers it. False if the moment passed first (a newer view came: a bot was
 * quicker). The click is tied to this version, so it never lands on a later view.
 */
async function press(p, find, what) {
  const v = await tableVersion(p.page);
  const target = find(p.page.locator(`.table-page[data-version="${v}"]`));
  // As a hand moves on to the next card: the card the pointer rests on lifts over its neighbour.
  if (what.position) await p.page.mouse.move(1, 1);
  const clicked = target.click({ timeout: 4000, position: what.position }).then(
    () => 'clicked',
    (e) => e,
  );
  const moved = p.page
    .waitForFunction((old) => document.querySelector('.table-page')?.getAttribute('data-version') !== String(old), v, { timeout: 4500, polling: 30 })
    .then(
      () => 'moved',
      () => 'still',
    );
  const first = await Promise.race([clicked, moved]);
  // A newer view first: the click may still have been made just before it.
  if (first === 'moved') return (await Promise.race([clicked, sleep(300).then(() => 'late')])) === 'clicked';
  if (first instanceof Error) {
    if ((await tableVersion(p.page)) !== v || (await isTerminal(p.page))) return false;
    throw new Failure(`${p.label}: could not ${what.words}: ${first.message.split('\n')[0]}`);
  }
  await waitVersionAbove(p.page, v, 10_000, p.label);
  return true;
}

// ----- The people's play -----

/** A turn: the cards of the rank called for (a lie with one card when none), clicked
 * in the hand; once, one card more put down and taken back; then the call. */
async function playTurn(p, stats, cards) {
  const words = await prompt(p);
  const m = /call (?:them )?(\w+)\.$/i.exec(words);
  check(m && RANKS[m[1].toLowerCase()], `${p.label}: the prompt names no rank to call: "${words}"`);
  const rank = RANKS[m[1].toLowerCase()];
  const hand = await ownHand(p);
  const rankOf = (i) => cards.get(i)?.rank;
  let chosen = hand.filter((i) => rankOf(i) === rank).slice(0, 4);
  const truth = chosen.length > 0;
  if (!truth) chosen = [hand[Math.floor(random() * hand.length)]];
  const extra = !stats.tookBack && chosen.length < 4 && hand.length > chosen.length + 1 ? hand.find((i) => !chosen.includes(i)) : undefined;
  for (const i of extra !== undefined ? [...chosen, extra] : chosen) {
    // The left edge of a card in an overlapping hand is always its own.
    const card = (t) => t.locator(`.me .own-hand .card.pickable[data-card-index="${i}"]`);
    if (!(await press(p, card, { words: `put down card ${i}`, position: { x: 4, y: 24 } }))) return;
  }
  // What was put down lies in "being played", in the middle of the table, face up to you.
  const down = (await zoneCards(p, 'being played')).map((c) => Number(c.index));
  check(down.length === chosen.length + (extra !== undefined ? 1 : 0), `${p.label}: ${down.length} cards being played, not ${chosen.length}`);
  if (extra !== undefined) {
    if (!stats.shotPut) {
      stats.shotPut = true;
      await sleep(350);
      await shot(p, `put-down-${p.label}`);
    }
    // Face down on the table, known to you: drawn as a back with its name (a peek).
    const back = (t) => t.locator(`[data-zone-index][aria-label^="being played:"] button.card.pickable:is([data-card-index="${extra}"], [data-known-index="${extra}"])`);
    check(await back(p.page).count(), `${p.label}: the card put down (${extra}) cannot be taken back by a click`);
    if (!(await press(p, back, { words: `take back card ${extra}` }))) return;
    check((await ownHand(p)).includes(extra), `${p.label}: card ${extra} is not back in the hand`);
    stats.tookBack = true;
    log(`${p.label}: put down card ${extra} too, and took it back`);
  }
  const call = callButtons(p);
  check((await call.count()) === 1, `${p.label}: ${await call.count()} call buttons`);
  const label = (await call.locator('.choice-label').textContent()).trim();
  if (!(await press(p, (t) => t.locator('.me .choices button', { hasText: /^\s*call /i }).first(), { words: 'call' }))) return;
  stats.plays++;
  log(`${p.label}: put down ${chosen.length} card(s) (${truth ? 'the truth' : 'a lie'}) and pressed "${label}"`);
}

/** A window: "Cheat!" when the claim cannot be true, now and then anyway, else let it pass. */
async function answerWindow(p, stats, cards, force) {
  const words = await prompt(p);
  const m = /^(.+) played \d+ cards? and claims (\w+)/i.exec(words);
  // The window may have closed since it was seen (the bot called first): the moment has passed.
  if (!m && !(await button(p, 'x').count())) return null;
  check(m && RANKS[m[2].toLowerCase()], `${p.label}: the window's prompt names no claim: "${words}"`);
  const rank = RANKS[m[2].toLowerCase()];
  const played = (await zoneCards(p, 'the last play')).length;
  const held = (await ownHand(p)).filter((i) => cards.get(i)?.rank === rank).length;
  const challenge = force === 'challenge' || (force !== 'pass' && (held + played > 4 || random() < 0.2));
  const key = challenge ? 'x' : 'n';
  if (!(await button(p, key).count())) return null; // the window closed meanwhile
  if (!(await press(p, (t) => t.locator(`.me .choices button[data-key="${key}"]`), { words: challenge ? 'call Cheat!' : 'let it pass' }))) return null;
  if (challenge) stats.challenges++;
  else stats.passes++;
  log(`${p.label}: ${challenge ? 'called "Cheat!"' : 'let it pass'} (claim by ${m[1]}: ${played} × ${m[2]}; ${held} held)`);
  return { challenge, claimer: m[1] };
}

// ----- Checks at the moments that matter -----

/** Nobody speaks: the countdown shows on both pages, goes down, and when it runs out the game moves on. */
async function letRunOut(people, n, seen) {
  const [A, B] = people;
  const v = await tableVersion(A.page);
  const first = await Promise.all(
    people.map(async (p) => {
      const c = await countdown(p);
      return c && { ...c, at: Date.now() };
    }),
  );
  for (const [i, p] of people.entries()) {
    const c = first[i];
    check(c && c.visible, `${p.label}: no countdown in a window of ${WINDOW_SECONDS} s`);
    check(c.text === `${c.seconds} s` && c.seconds >= 1 && c.seconds <= WINDOW_SECONDS, `${p.label}: the countdown says "${c.text}" (${c.seconds} s)`);
    check(/seconds? left to answer$/.test(c.label), `${p.label}: the countdown's label is "${c.label}"`);
    const vp = p.page.viewportSize();
    check(c.box.y >= 0 && c.box.x >= 0 && c.box.x + c.box.width <= vp.width + 0.5 && c.box.y + c.box.height <= vp.height + 0.5, `${p.label}: the countdown lies outside the window: ${JSON.stringify(c.box)}`);
  }
  if (n === 1) await Promise.all([shot(A, 'countdown-desktop'), shot(B, 'countdown-phone')]);
  // A second later both show less time.
  await sleep(1100);
  const second = await Promise.all(people.map(countdown));
  for (const [i, p] of people.entries()) {
    const c = second[i];
    if (!c) continue; // ran out already on a slow machine: the other window will show it
    check(c.msLeft < first[i].msLeft - 500 && c.seconds <= first[i].seconds, `${p.label}: the countdown did not go down: ${first[i].msLeft} ms then ${c.msLeft} ms`);
    seen.add(p.label);
  }
  // Nobody acts; the server lets it pass for both when the time is up.
  await waitVersionAbove(A.page, v, WINDOW_SECONDS * 1000 + 5000, `${A.label} (the window running out)`);
  const waited = Date.now() - first[0].at;
  // The page's figure is up to a tick (200 ms) old when read.
  check(waited >= first[0].msLeft - 700, `${A.label}: the window closed after ${waited} ms, with ${first[0].msLeft} ms left on the countdown`);
  for (const p of people) {
    await p.page.waitForSelector('[data-role="countdown"]', { state: 'detached', timeout: 5000 }).catch(() => {
      throw new Failure(`${p.label}: the countdown is still shown after the window closed`);
    });
    check(!/claims/.test(await prompt(p)), `${p.label}: still asked about the claim after the window ran out: "${await prompt(p)}"`);
  }
  const lines = await logLines(A);
  // The log says nobody called, and that the play was covered.
  check(!lines.slice(-2).some((l) => /Cheat!": .* turns? up/.test(l)), `the log says someone called after the window ran out: ${lines.slice(-2)}`);
  check(lines.slice(-2).some((l) => /Nobody calls "Cheat!": .* play is covered/.test(l)), `the log does not say the play was covered: ${lines.slice(-2)}`);
  log(`window ${n}: nobody spoke; the countdown went from ${first[0].seconds} s; the game moved on after ${waited} ms`);
}

/** After a person's challenge: the play turned up, face up where the last play lies, on both pages; the log says who took the pile. */
async function checkChallenge(caller, people) {
  const [A, B] = people;
  // Both see the same version first.
  const v = await tableVersion(caller.page);
  for (const p of people) await p.page.waitForFunction((old) => Number(document.querySelector('.table-page')?.getAttribute('data-version')) >= old, v, { timeout: 10_000 });
  const line = (await logLines(caller)).findLast((l) => /"Cheat!": .* turns? up/.test(l));
  check(line && /^You call "Cheat!"/.test(line), `${caller.label}: the log does not say "You call \\"Cheat!\\"": ${line}`);
  check(/(takes?|take) up the pile, \d+ cards?\.$/.test(line), `${caller.label}: the log does not say who took up the pile: ${line}`);
  const other = people.find((p) => p !== caller);
  const otherLine = (await logLines(other)).findLast((l) => /"Cheat!": .* turns? up/.test(l));
  check(otherLine && otherLine.startsWith(`${caller.name} calls "Cheat!"`), `${other.label}: the log does not say ${caller.name} called: ${otherLine}`);
  for (const p of people) {
    const cards = await zoneCards(p, 'the last play');
    check(cards.length > 0 && cards.every((c) => c.faceUp && c.index !== null), `${p.label}: the turned-up play is not face up in "the last play": ${JSON.stringify(cards)}`);
  }
  log(`challenge: ${line}`);
  await Promise.all([shot(A, 'challenge-desktop'), shot(B, 'challenge-phone')]);
  return line;
}

// ----- The run -----

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  await server.start();
  log(`server up at ${server.origin}, data in ${tmp}`);
  const cards = new Map((await server.api('/api/cards')).map((c) => [c.index, c]));
  const browser = await launch();
  const people = [];
  try {
    // The lobby: the time to challenge or claim is a table setting, sent as asked.
    const lobby = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await lobby.goto(`${server.origin}/#/`);
    await lobby.waitForSelector('#game');
    await lobby.selectOption('#game', 'cheat/cheat');
    check((await lobby.inputValue('#window')) === '10', 'the lobby does not offer 10 s to challenge by default');
    await lobby.selectOption('#window', '5');
    const posted = lobby.waitForRequest((r) => r.url().endsWith('/api/tables') && r.method() === 'POST');
    await lobby.click('[data-role="create"]');
    const body = (await posted).postDataJSON();
    check(body.window_seconds === 5 && body.game === 'cheat', `the lobby posted ${JSON.stringify(body)}`);
    await lobby.waitForSelector('[data-role="invite-0"], [data-role="spectate"]', { timeout: 10_000 });
    await lobby.locator('#window').scrollIntoViewIfNeeded();
    await lobby.screenshot({ path: join(SHOTS, 'cheat-lobby.png') });
    await lobby.context().close();
    log('lobby: "Time to challenge or claim" sent as window_seconds 5');

    // The table: a chosen seed, a few seconds to challenge, at most MAX_TURNS plays.
    const made = await server.api('/api/tables', {
      game: 'cheat',
      players: 3,
      seats: ['human', 'human', 'sharp'],
      options: [`max-turns=${MAX_TURNS}`],
      window_seconds: WINDOW_SECONDS,
      seed: SEED,
    });
    const open = (seat, name, label, viewport) =>
      openSeat(browser, { origin: server.origin, table: made.table, token: made.seats[seat].token, name, label, viewport, init: [leakWatch], reducedMotion: 'reduce' });
    const A = await open(0, 'Ann', 'A', { width: 1280, height: 800 });
    const B = await open(1, 'Bob', 'B', { width: 375, height: 667 });
    people.push(A, B);
    for (const p of people) p.stats = { plays: 0, challenges: 0, passes: 0, tookBack: false };
    const bot = made.seats[2].name;
    log(`table ${made.table}: Ann (desktop), Bob (phone) and the bot ${bot}`);

    const started = Date.now();
    let silent = 0;
    const decreasing = new Set(); // the pages seen counting down
    let challenged = null; // the line of the first challenge by a person
    let windows = 0;
    let lastWindow = -1;
    while (!(await isTerminal(A.page)) || !(await isTerminal(B.page))) {
      check(Date.now() - started < OVERALL_MS - 25_000, 'the game did not end in time');
      const turns = await Promise.all(people.map(myTurn));
      if (!turns.some(Boolean)) {
        await sleep(40);
        continue;
      }
      const v = await tableVersion(A.page);
      const inWindow = await Promise.all(people.map(async (p, i) => turns[i] && (await button(p, 'x').count()) > 0));
      const botWindow = async (p) => (await prompt(p)).startsWith(`${bot} played`);
      // Until a window has run out twice and a person has challenged, the bot's
      // windows (the two people's alone) wait until both pages show them.
      const special = silent < SILENT_WINDOWS || !challenged;
      if (inWindow[0] && inWindow[1] && v !== lastWindow && special && (await botWindow(A))) {
        lastWindow = v;
        windows++;
        if (silent < SILENT_WINDOWS) {
          silent++;
          await letRunOut(people, silent, decreasing);
          continue;
        }
        if (!challenged) {
          // Ann calls; the bot, having played, cannot; Bob is not asked before.
          if ((await answerWindow(A, A.stats, cards, 'challenge'))?.challenge) challenged = await checkChallenge(A, people);
          continue;
        }
      }
      for (const [i, p] of people.entries()) {
        if (!turns[i] || (await isTerminal(p.page))) continue;
        if ((await button(p, 'x').count()) > 0) {
          if (!inWindow[i]) continue; // a window that opened since: looked at again next time round
          if (special && (await botWindow(p))) continue; // the other page is a moment behind
          const answer = await answerWindow(p, p.stats, cards);
          // Play goes on from the left of the challenged: the turned-up play is looked at
          // only where a person plays next (a bot would cover it at once).
          if (answer?.challenge && !challenged && answer.claimer !== people[1].name) {
            const line = (await logLines(p)).findLast((l) => /"Cheat!": .* turns? up/.test(l));
            if (line?.startsWith('You call')) challenged = await checkChallenge(p, people);
          }
        } else if ((await callButtons(p).count()) > 0 || (await p.page.locator('.me .own-hand .card.pickable').count()) > 0) {
          await playTurn(p, p.stats, cards);
        }
      }
    }
    log(`game over after ${Date.now() - started} ms; Ann: ${JSON.stringify(A.stats)}; Bob: ${JSON.stringify(B.stats)}; windows of the bot: ${windows}`);
    check(silent === SILENT_WINDOWS, `only ${silent} windows ran out`);
    check(decreasing.size === 2, `the countdown was seen going down only on ${[...decreasing]}`);
    check(challenged, 'no person called "Cheat!" in the whole game');
    check(A.stats.tookBack || B.stats.tookBack, 'nobody took a card back');
    check(A.stats.passes + B.stats.passes > 0, 'nobody let a play pass');

    for (const p of people) {
      const end = p.page.locator('.end-panel');
      await end.waitFor({ timeout: 5000 });
      const result = (await end.locator('.result').textContent()).trim();
      check(/wins|fewest cards win/.test(result), `${p.label}: the end shows "${result}"`);
      check(!(await p.page.locator('[data-role="countdown"]').count()), `${p.label}: a countdown at the end`);
      const leaks = await p.page.evaluate(() => window.__leaks);
      check(leaks.length === 0, `${p.label}: hidden cards were shown:\n  ${leaks.slice(0, 5).join('\n  ')}`);
      check(p.errors.length === 0, `${p.label}: ${p.errors.join('\n  ')}`);
      log(`${p.label} sees: ${result}`);
    }
    await Promise.all([shot(A, 'end-desktop'), shot(B, 'end-phone')]);
    log(`screenshots in ${SHOTS}`);
  } catch (e) {
    for (const p of people) await p.page.screenshot({ path: join(tmp, `failure-${p.label}.png`) }).catch(() => {});
    if (people.length) log(`failure screenshots in ${tmp}`);
    throw e;
  } finally {
    await browser.close().catch(() => {});
  }
}

run(main, OVERALL_MS, () => server.kill());
