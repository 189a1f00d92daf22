// Captures what a real server says, for the unit tests' fixtures: an Old Maid
// table of four where the person draws (with live odds), and a Bachelor Girl
// table of eight where the person lays or takes. Writes src/fixtures/server.json.
//
//   node --experimental-websocket e2e/capture.mjs [--server PATH]
// (Node 22 and later have WebSocket without the flag.)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, log, run, Server, sleep, web } from './lib.mjs';

// One client making a table for every game: the per-client limit on new
// tables is for strangers, so it is off.
const server = new Server(['--allow-seed', '--bot-delay', '200', '--hand-pause', '0', '--tables-burst', '0']);

/** Joins a new table as its one person and collects messages until `done` says so. */
async function capture(game, players, human, seed, done) {
  const seats = Array.from({ length: players }, (_, s) => (s === human ? 'human' : game === 'old-maid' ? 'blind' : 'greedy'));
  const made = await server.api('/api/tables', { game, players, seats, seed });
  const token = made.seats[human].token;
  const ws = new WebSocket(`${server.origin.replace('http', 'ws')}/ws`);
  const msgs = [];
  ws.onopen = () => ws.send(JSON.stringify({ type: 'join', table: made.table, token, name: 'Ann' }));
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data));
    msgs.push(m);
    if (m.type === 'joined' && m.odds) ws.send(JSON.stringify({ type: 'odds', on: true }));
  };
  const until = Date.now() + 20_000;
  while (!done(msgs)) {
    check(Date.now() < until, `${game}: the wanted moment did not come`);
    await sleep(50);
  }
  ws.close();
  return { created: made, messages: msgs };
}

const myTurn = (m) => m.type === 'update' && m.view.actors.includes(m.view.viewer) && m.view.choices.length > 0;

async function main() {
  check(typeof WebSocket === 'function', 'no WebSocket in this Node: run with --experimental-websocket');
  await server.start();
  const om = await capture('old-maid', 4, 1, 42, (ms) => {
    const u = ms.findLast(myTurn);
    return u && ms.some((m) => m.type === 'odds' && m.version === u.version);
  });
  const bg = await capture('bachelor-girl', 8, 0, 7, (ms) => ms.some(myTurn));
  const pick = (c, type) => c.messages.filter((m) => m.type === type);
  const out = {
    note: 'Captured from parlour serve by e2e/capture.mjs; do not edit by hand.',
    oldMaid: {
      joined: pick(om, 'joined')[0],
      first: pick(om, 'update')[0],
      turn: om.messages.findLast(myTurn),
      odds: om.messages.findLast((m) => m.type === 'odds'),
    },
    bachelorGirl: { joined: pick(bg, 'joined')[0], turn: bg.messages.find(myTurn) },
  };
  const file = join(web, 'src', 'fixtures', 'server.json');
  writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
  log(`wrote ${file}`);
}

run(main, 60_000, () => server.kill());
