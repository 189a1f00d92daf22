// Text from the server names cards as tokens, "[[n]]" with n a card index, so
// that each front end draws them its own way. Here: a small inline name with
// the suit symbol, red or black.
import { h, type ComponentChild } from 'preact';
import type { CardInfo } from './api';
import { isJoker, isPicture, isStandard } from './cardfiles';

export type Segment = { text: string } | { card: number };

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const RANK_NAMES = ['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king'];
const SUITS = ['♣', '♦', '♥', '♠'];
const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];

// Picture cards are named by the server (GET /api/cards); standard cards need no
// look-up, so tokens render even before that answer arrives.
const known = new Map<number, CardInfo>();

export function setCardNames(cards: CardInfo[]): void {
  for (const c of cards) known.set(c.index, c);
}

export function cardShort(index: number): string {
  if (isStandard(index)) return RANKS[Math.floor(index / 4)] + SUITS[index % 4];
  if (isJoker(index)) return 'Jkr';
  return known.get(index)?.short ?? `#${index}`;
}

export function cardName(index: number): string {
  if (isStandard(index)) return `${RANK_NAMES[Math.floor(index / 4)]} of ${SUIT_NAMES[index % 4]}`;
  if (isJoker(index)) return 'joker';
  return known.get(index)?.name ?? (index === 89 ? 'the Old Maid' : `card ${index}`);
}

export function isRed(index: number): boolean {
  return isStandard(index) && (index % 4 === 1 || index % 4 === 2);
}

/** Splits text into plain runs and card tokens; anything that is not a valid token stays text. */
export function parseTokens(text: string): Segment[] {
  const out: Segment[] = [];
  let plain = '';
  const re = /\[\[(\d{1,3})\]\]/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const n = Number(m[1]);
    if (!(isStandard(n) || isJoker(n) || isPicture(n))) continue;
    plain += text.slice(at, m.index);
    if (plain) out.push({ text: plain });
    plain = '';
    out.push({ card: n });
    at = m.index + m[0].length;
  }
  plain += text.slice(at);
  if (plain) out.push({ text: plain });
  return out;
}

/** The text with each token as plain words: for titles, aria labels and copying. */
export function tokensToText(text: string): string {
  return parseTokens(text)
    .map((s) => ('text' in s ? s.text : cardShort(s.card)))
    .join('');
}

function tokenClass(index: number): string {
  if (isPicture(index)) return index === 89 ? 'tok tok-picture tok-oldmaid' : 'tok tok-picture';
  return isRed(index) ? 'tok tok-red' : 'tok tok-black';
}

// The server's words call seats "Seat 2"; at a table of people, their names
// read better. Set from the seats message; only people who gave a name.
let seatNames: (string | undefined)[] = [];

export function setSeatNames(names: (string | undefined)[]): void {
  seatNames = names;
}

/** "Seat 2 draws" as "Bob draws", for each seat with a name. */
export function withSeatNames(text: string, names: (string | undefined)[] = seatNames): string {
  return text.replace(/\bSeat (\d+)\b/g, (whole, n: string) => names[Number(n)] ?? whole);
}

/** Preact children for a text with tokens. */
export function renderTokens(text: string): ComponentChild[] {
  return parseTokens(text).map((s) =>
    'text' in s
      ? withSeatNames(s.text)
      : h('span', { class: tokenClass(s.card), title: cardName(s.card), 'data-token': s.card }, cardShort(s.card)),
  );
}
