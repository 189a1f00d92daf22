// The Spanish pack's faces, checked against how the pack is printed, not
// against the drawing code: a number card shows as many suit signs as its
// number, the courts are numbered 10, 11 and 12, and the frame line (la
// pinta) is whole for oros and broken once for copas, twice for espadas,
// three times for bastos (pt.wikipedia.org, "Baralho espanhol": "as copas
// uma interrupção, as espadas duas, os bastos três e os ouros, nenhuma").
import { render } from 'preact';
import { afterAll, describe, expect, it } from 'vitest';
import type { CardInfo } from './api';
import { CardFace } from './cards';
import tables from './fixtures/tables.json';
import { setCardNames, setNaming } from './tokens';

const SUITS: Array<[string, string, string, number]> = [
  ['clubs', 'bastos', 'B', 3],
  ['diamonds', 'oros', 'O', 0],
  ['hearts', 'copas', 'C', 1],
  ['spades', 'espadas', 'E', 2],
];
// French rank → [the number printed, the Spanish name]
const RANKS: Array<[number, number, string, string]> = [
  [1, 1, '1', '1'],
  [2, 2, '2', '2'],
  [3, 3, '3', '3'],
  [4, 4, '4', '4'],
  [5, 5, '5', '5'],
  [6, 6, '6', '6'],
  [7, 7, '7', '7'],
  [11, 10, 'S', 'sota'],
  [12, 11, 'C', 'caballo'],
  [13, 12, 'R', 'rey'],
];

function forty(): CardInfo[] {
  const out: CardInfo[] = [];
  SUITS.forEach(([suit, spanish, letter], s) =>
    RANKS.forEach(([rank, , short, name]) =>
      out.push({ index: s * 13 + rank - 1, short: `${rank}${suit[0]}`, name: `${rank} of ${suit}`, rank, suit, spanish_short: `${short}${letter}`, spanish_name: `${name} de ${spanish}` }),
    ),
  );
  return out;
}

function face(index: number): HTMLElement {
  const root = document.createElement('div');
  render(<CardFace index={index} />, root);
  return root;
}

describe('the Spanish pack drawn', () => {
  afterAll(() => {
    setNaming(undefined);
    setCardNames(tables.cards);
  });

  it('draws each of the forty as the pack prints it', () => {
    const cards = forty();
    const eight: CardInfo = { index: 7, short: '8c', name: '8 of clubs', rank: 8, suit: 'clubs' };
    setCardNames([...cards, eight]);
    setNaming('spanish');
    const drawn = new Set<string>();
    for (const c of cards) {
      const root = face(c.index);
      const svg = root.querySelector('svg.spanish-card');
      expect(svg, c.spanish_name).not.toBeNull();
      expect(svg!.getAttribute('aria-label')).toBe(c.spanish_name);
      const [, printed] = RANKS.find(([r]) => r === c.rank)!;
      const [, spanish, , breaks] = SUITS.find(([s]) => s === c.suit)!;
      // the number in both corners
      const index = [...root.querySelectorAll('text.index')].map((t) => t.textContent);
      expect(index).toEqual([String(printed), String(printed)]);
      // as many signs as the number; a court holds one
      const pips = root.querySelectorAll('.pip');
      expect(pips.length, c.spanish_name).toBe(printed <= 7 ? printed : 1);
      expect(root.querySelectorAll('.court').length).toBe(printed <= 7 ? 0 : 1);
      for (const p of pips) expect(p.getAttribute('data-suit')).toBe(spanish);
      // the breaks in the frame, top and bottom
      expect(root.querySelectorAll('.pinta').length, c.spanish_name).toBe(2 * breaks);
      // What is drawn, less what only names it (its label, data attributes).
      drawn.add(root.innerHTML.replace(/ (aria-label|data-[a-z]+)="[^"]*"/g, ''));
    }
    expect(drawn.size).toBe(40); // no two faces alike
    // A card the Spanish pack lacks (an ace-to-ten pack's 8) keeps its usual face.
    expect(face(7).querySelector('img.card-img')).not.toBeNull();
  });

  it('draws the usual faces when the table does not name its cards the Spanish way', () => {
    setCardNames(forty());
    setNaming(undefined);
    const root = face(12);
    expect(root.querySelector('svg.spanish-card')).toBeNull();
    expect(root.querySelector('img.card-img')).not.toBeNull();
  });
});
