// Text from the server names cards as tokens, "[[n]]" with n a card index, so
// that each front end draws them its own way. Here: a small inline name with
// the suit symbol, red or black. Every card's names, rank, suit and picture
// come from the server's list (GET /api/cards): the browser does no arithmetic
// on card indices.
import { h, type ComponentChild } from 'preact';
import type { CardInfo } from './api';

export type Segment = { text: string } | { card: number };

const known = new Map<number, CardInfo>();
let lonePicture = -1;

/** Takes the server's card list; called once before the first page is drawn. */
export function setCardNames(cards: CardInfo[]): void {
  for (const c of cards) known.set(c.index, c);
  // The picture deck is listed in pairs of characters, the lone one last.
  lonePicture = Math.max(-1, ...[...known.values()].map((c) => c.picture ?? -1));
}

export function cardInfo(index: number): CardInfo | undefined {
  return known.get(index);
}

/** The picture card with no partner (the Old Maid of the picture deck). */
export function isLonePicture(info: CardInfo | undefined): boolean {
  return info?.picture !== undefined && info.picture === lonePicture;
}

/** How the table names its cards (View.card_names): '' the usual names, 'spanish' the Spanish pack's. */
let naming = '';
export function setNaming(names: string | undefined): void {
  naming = names ?? '';
}

/** Whether the table names (and draws) its cards as the Spanish pack. */
export function spanishNaming(): boolean {
  return naming === 'spanish';
}

export function cardShort(index: number): string {
  const info = known.get(index);
  if (naming === 'spanish' && info?.spanish_short) return info.spanish_short;
  return info?.short ?? `#${index}`;
}

export function cardName(index: number): string {
  const info = known.get(index);
  if (naming === 'spanish' && info?.spanish_name) return info.spanish_name;
  return info?.name ?? `card ${index}`;
}

export function isRed(index: number): boolean {
  const suit = known.get(index)?.suit;
  return suit === 'diamonds' || suit === 'hearts';
}

/** A token names a card the server listed; before the list arrives, any index. */
function isCard(n: number): boolean {
  return known.size ? known.has(n) : n < 256;
}

/** Splits text into plain runs and card tokens; anything that is not a valid token stays text. */
export function parseTokens(text: string): Segment[] {
  const out: Segment[] = [];
  let plain = '';
  const re = /\[\[(\d{1,3})\]\]/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const n = Number(m[1]);
    if (!isCard(n)) continue;
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

/** The text with each token as plain words and seats by name: for titles, aria labels and copying. */
export function tokensToText(text: string): string {
  return parseTokens(text)
    .map((s) => ('text' in s ? withSeatNames(s.text) : cardShort(s.card)))
    .join('');
}

function tokenClass(index: number): string {
  const info = known.get(index);
  if (info?.picture !== undefined) return isLonePicture(info) ? 'tok tok-picture tok-lone' : 'tok tok-picture';
  return isRed(index) ? 'tok tok-red' : 'tok tok-black';
}

// The server's words call seats "Seat 2"; people and bots read better by name.
// Set from the seats message.
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
