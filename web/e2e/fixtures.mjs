// Views in the protocol's shape (src/server/protocol.md), made up for tests and
// screenshots without a server: Old Maid and Bachelor Girl tables of any size,
// and a view that holds every layout. They play the server's part, so they may
// do what the server does (name cards from their index); the UI may not.
//
//   node e2e/fixtures.mjs     writes src/fixtures/tables.json for the unit tests
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const RANK_NAMES = ['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king'];
const SUITS = ['clubs', 'diamonds', 'hearts', 'spades'];
const SYMBOLS = ['♣', '♦', '♥', '♠'];
const PICTURES = ['Admiral Archie', 'Baker Bertie', 'Chimney-sweep Charlie', 'Dancing Dora', 'Engine-driver Ernie', 'Farmer Fred', 'Gardener Gwen', 'Hatter Hal', 'Inventor Ida', 'Juggler Jem', 'Knitting Kate', 'Lamplighter Lou', 'Milkmaid Molly', 'Nurse Nell', 'Organ-grinder Otto', 'Postman Percy', 'Quilter Queenie', 'Rag-and-bone Ron', 'Sailor Sam', 'Tailor Tom', 'Umbrella-mender Una', 'Vicar Vernon', 'Washerwoman Winnie', 'Yodeller Yvonne', 'Zookeeper Zak'];

/** GET /api/cards, as the server answers. */
export function cardList() {
  const out = [];
  for (let i = 0; i < 52; i++) {
    const r = Math.floor(i / 4);
    out.push({ index: i, short: RANKS[r] + SYMBOLS[i % 4], name: `${RANK_NAMES[r]} of ${SUITS[i % 4]}`, rank: r + 1, suit: SUITS[i % 4] });
  }
  out.push({ index: 52, short: 'Jkr', name: 'joker' }, { index: 53, short: 'Jkr', name: 'joker' });
  PICTURES.forEach((n, i) => out.push({ index: 64 + i, short: n.split(' ').pop(), name: n, picture: i }));
  out.push({ index: 89, short: 'Old Maid', name: 'the Old Maid', picture: 25 });
  return out;
}

const CARDS = cardList();
const byIndex = new Map(CARDS.map((c) => [c.index, c]));
const known = (index, face_up = false) => ({ face_up, card: byIndex.get(index).short, name: byIndex.get(index).name, index });
const hidden = (face_up = false) => ({ face_up, card: null, name: null, index: null });

/** A small deterministic random source, so fixtures do not change between runs. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function seatInfo(players, cards, status = () => '') {
  return Array.from({ length: players }, (_, s) => ({ name: `Seat ${s}`, cards: cards(s), score: 0, out: false, status: status(s), counters: [] }));
}

function base(game, players, viewer, toMove) {
  return {
    game, viewer, players, to_move: toMove, actors: toMove >= 0 ? [toMove] : [], resolve: 'turn', dealer: players - 1,
    hand: 1, hand_word: 'hand', hands: 1, terminal: false, result: '', prompt: '', list_choices: false, choices: [], last_hand: null,
  };
}

/**
 * Old Maid for `players` seats, seen by `viewer`, who draws from the seat before
 * (its fan offered, one choice per position). Two packs above six players.
 */
export function oldMaid(players, viewer = 0, seed = 1) {
  const rand = rng(seed + players);
  const offerer = (viewer + players - 1) % players;
  const hand = Math.max(3, Math.round((players > 6 ? 104 : 51) / players / 2) + 1);
  const sizes = Array.from({ length: players }, () => Math.max(1, hand + Math.floor(rand() * 3) - 1));
  const pairs = Array.from({ length: players }, () => 2 * Math.floor(rand() * 4 + (players > 6 ? 1 : 2)));
  let next = 0;
  const draw = () => (next++ * 7 + Math.floor(rand() * 3)) % 52;
  const v = base('old-maid', players, viewer, viewer);
  v.seats = seatInfo(players, (s) => sizes[s], (s) => (s === offerer ? `offering to Seat ${viewer}` : s === viewer ? `drawing from Seat ${offerer}` : s === players - 1 ? 'dealer' : ''));
  v.zones = [];
  for (let s = 0; s < players; s++) {
    const cards = Array.from({ length: sizes[s] }, () => draw());
    v.zones.push({ kind: 'hand', layout: 'fan', owner: s, name: `Seat ${s}'s hand`, note: '', cards: cards.map((c) => (s === viewer ? known(c) : hidden())) });
    v.zones.push({ kind: 'pairs', layout: 'row', owner: s, name: `Seat ${s}'s pairs`, note: '', cards: Array.from({ length: pairs[s] }, () => known(draw(), true)) });
  }
  const fan = 2 * offerer;
  v.choices = v.zones[fan].cards.map((_, i) => ({ action: 1000 + i, label: `draw ${i + 1}`, key: String(i + 1), picks: [[fan, i]] }));
  v.prompt = `Pick a card from Seat ${offerer}'s hand: ${sizes[offerer]} cards face down.`;
  return v;
}

/**
 * Bachelor Girl for `players` seats, seen by `viewer`, whose turn it is, with
 * cards laid in front of every seat (`laid` each) and every choice listed.
 */
export function bachelorGirl(players, viewer = 0, laid = 5, seed = 2) {
  const rand = rng(seed + players);
  const v = base('bachelor-girl', players, viewer, viewer);
  v.hands = 0;
  v.list_choices = true;
  let next = 64;
  const pic = () => 64 + (next++ % 25);
  v.seats = seatInfo(players, () => 5, (s) => (s === viewer ? 'to play' : s === players - 1 ? 'dealer, held no Archie Bertie' : ''));
  v.zones = [];
  for (let s = 0; s < players; s++) {
    v.zones.push({ kind: 'hand', layout: 'hand', owner: s, name: `Seat ${s}'s hand`, note: '', cards: Array.from({ length: 5 }, () => (s === viewer ? known(pic()) : hidden())) });
    v.zones.push({ kind: 'pairs', layout: 'row', owner: s, name: `Seat ${s}'s pairs`, note: '', cards: Array.from({ length: 2 * Math.floor(rand() * 3) }, () => known(pic(), true)) });
    v.zones.push({ kind: 'table', layout: 'row', owner: s, name: `Seat ${s}'s laid cards`, note: '', cards: Array.from({ length: laid }, () => known(pic(), true)) });
  }
  v.zones.push({ kind: 'stock', layout: 'pile', owner: -1, name: 'stock', note: 'face down', cards: Array.from({ length: 14 }, () => hidden()) });
  const mine = 3 * viewer;
  v.choices = v.zones[mine].cards.map((c, i) => ({ action: 100 + i, label: `lay [[${c.index}]]`, key: String(i + 1), picks: [[mine, i]] }));
  const other = 3 * ((viewer + 1) % players) + 2;
  if (v.zones[other].cards.length)
    v.choices.push({ action: 200, label: `take [[${v.zones[other].cards[0].index}]] from Seat ${(viewer + 1) % players}`, key: String(v.choices.length + 1), picks: [[other, 0]] });
  v.prompt = 'Your turn: no pair and nothing to take. Lay a card face up, then draw.';
  return v;
}

/** One view holding every layout: grid with empty slots, trick, pot, column, pile; several picks and a move to another zone. */
export function layouts() {
  const v = base('demo', 4, 0, 0);
  v.seats = seatInfo(4, (s) => (s === 0 ? 6 : 4));
  v.seats[1].counters = [{ name: 'tricks', value: 3 }, { name: 'chips', value: 40 }];
  v.zones = [
    { kind: 'hand', layout: 'hand', owner: 0, name: "Seat 0's hand", note: '', cards: [4, 5, 6, 20, 33, 47].map((c) => known(c)) },
    { kind: 'hand', layout: 'hand', owner: 1, name: "Seat 1's hand", note: '', cards: [hidden(), hidden(), hidden(), hidden()] },
    { kind: 'hand', layout: 'hand', owner: 2, name: "Seat 2's hand", note: '', cards: [hidden(), hidden(), hidden(), hidden()] },
    { kind: 'hand', layout: 'hand', owner: 3, name: "Seat 3's hand", note: '', cards: [hidden(), hidden(), hidden(), hidden()] },
    { kind: 'stock', layout: 'pile', owner: -1, name: 'stock', note: '', cards: Array.from({ length: 20 }, () => hidden()) },
    { kind: 'tableau', layout: 'grid', owner: -1, name: 'the grid', note: '', columns: 3, cards: [known(0, true), { face_up: false, card: null, name: null, index: null, empty: true }, known(9, true), known(13, true), { face_up: false, card: null, name: null, index: null, empty: true }, known(50, true)] },
    { kind: 'trick', layout: 'trick', owner: -1, name: 'the trick', note: '', cards: [{ ...known(40, true), seat: 1 }, { ...known(44, true), seat: 2 }, { ...known(48, true), seat: 3 }] },
    { kind: 'pot', layout: 'pot', owner: -1, name: 'the pot', note: '', chips: 120, cards: [] },
    { kind: 'tableau', layout: 'column', owner: -1, name: 'a column', note: '', cards: [hidden(), hidden(), known(31, true), known(26, true)] },
    { kind: 'discard', layout: 'pile', owner: -1, name: 'discard', note: '', cards: [known(12, true), known(17, true)] },
  ];
  v.choices = [
    { action: 1, label: 'play the three twos', key: 'p', picks: [[0, 0], [0, 1], [0, 2]] },
    { action: 2, label: 'play the pair of twos', key: 'q', picks: [[0, 0], [0, 1]] },
    { action: 3, label: 'play [[20]]', key: '1', picks: [[0, 3]] },
    { action: 4, label: 'discard [[47]]', key: 'd', picks: [[0, 5]], to: [9, -1] },
    { action: 5, label: 'pass', key: 'x' },
  ];
  v.prompt = 'Play cards of one rank, or discard.';
  return v;
}

/** A game of patience: one seat, columns and foundations on the table, moves between them. */
export function solo() {
  const v = base('demo-patience', 1, 0, 0);
  v.hands = 0;
  v.seats = seatInfo(1, () => 0);
  const column = (n, cards) => ({ kind: 'tableau', layout: 'column', owner: -1, name: `column ${n}`, note: '', cards });
  v.zones = [
    { kind: 'stock', layout: 'pile', owner: -1, name: 'stock', note: '', cards: Array.from({ length: 24 }, () => hidden()) },
    { kind: 'foundation', layout: 'pile', owner: -1, name: 'clubs', note: '', cards: [known(0, true)] },
    { kind: 'foundation', layout: 'pile', owner: -1, name: 'hearts', note: '', cards: [] },
    column(1, [known(4, true)]),
    column(2, [hidden(), known(2, true)]),
    column(3, [hidden(), hidden(), known(49, true)]),
    column(4, [hidden(), hidden(), hidden(), known(22, true), known(17, true)]),
  ];
  v.choices = [
    { action: 1, label: 'draw from the stock', key: 'd', picks: [[0, 23]] },
    { action: 2, label: 'move [[4]] to the clubs', key: 'm 1 c', picks: [[3, 0]], to: [1, -1] },
    { action: 3, label: 'move [[2]] to the hearts', key: 'm 2 h', picks: [[4, 1]], to: [2, -1] },
    { action: 4, label: 'move [[17]] onto [[22]]', key: 'm 4 3', picks: [[6, 4]], to: [5, -1] },
  ];
  v.prompt = 'Move a card, or draw from the stock.';
  return v;
}

/** Every fixture the unit tests read. */
export function allTables() {
  const out = {};
  for (const n of [2, 4, 8, 12]) out[`oldMaid${n}`] = oldMaid(n, 0);
  for (const n of [2, 8]) out[`bachelorGirl${n}`] = bachelorGirl(n, 0);
  out.layouts = layouts();
  out.solo = solo();
  out.cards = cardList();
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'fixtures', 'tables.json');
  writeFileSync(file, JSON.stringify(allTables()) + '\n');
  console.log(`wrote ${file}`);
}
