import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropTarget } from './cardslot';
import tables from './fixtures/tables.json';
import fixtures from './fixtures/views.json';
import type { View } from './protocol';
import { arrangeSeats, othersInOrder } from './seats';
import { initialTableState } from './tablestate';
import { click, key, mount, stateFor, view, type Rendered } from './testkit';

let r: Rendered;
beforeEach(() => (r = mount()));
afterEach(() => r.cleanup());

const $ = (sel: string) => r.root.querySelector<HTMLElement>(sel);
const $$ = (sel: string) => [...r.root.querySelectorAll<HTMLElement>(sel)];

describe('the table', () => {
  it('shows your hand as faces, at the bottom', () => {
    r.show(stateFor(view('drawer')));
    const hand = $('.me [data-zone-kind="hand"][data-owner="1"]')!;
    expect(hand.classList.contains('own-hand')).toBe(true);
    expect(hand.dataset.layout).toBe('fan');
    expect($$('.me .own-hand .card.face').map((f) => Number(f.dataset.cardIndex))).toEqual([9, 30, 47, 38, 50]);
    expect(hand.querySelector('img[src$="cards/QS.svg"]')).not.toBeNull();
    expect($('.table-page')!.getAttribute('data-version')).toBe('7');
  });

  it('lets the drawer click a card of the offered fan', () => {
    r.show(stateFor(view('drawer')));
    const fan = $('.offered [data-zone-kind="hand"][data-owner="0"]')!;
    const picks = fan.querySelectorAll<HTMLButtonElement>('button.card.pickable');
    expect(picks).toHaveLength(5);
    expect(picks[2].querySelector('.card-hint')!.textContent).toBe('3');
    click(picks[2]);
    expect(r.onAct).toHaveBeenCalledWith(expect.objectContaining({ action: 42, label: 'draw 3' }));
    // Draws are on the cards, not on buttons; the prompt says what to do.
    expect($$('.choices button')).toHaveLength(0);
    expect($('[data-role="prompt"]')!.textContent).toBe("Your turn. Pick a card from Ann's hand: 5 cards face down.");
    // Where the fan was, its owner's box says it is held out.
    expect($('.seat[data-seat="0"] .zone-away')!.textContent).toContain('holding out 5');
  });

  it('shows the other hands face down, with no card identity', () => {
    const all: [string, View][] = [
      ...(['drawer', 'offerer', 'waiting', 'picture'] as const).map((n) => [n, view(n)] as [string, View]),
      ...(['oldMaid2', 'oldMaid8', 'oldMaid12', 'bachelorGirl2', 'bachelorGirl8', 'layouts'] as const).map((n) => [n, view(n)] as [string, View]),
    ];
    for (const [name, v] of all) {
      r.show(stateFor(v));
      const zones = $$('[data-zone-kind="hand"]').filter((z) => Number(z.dataset.owner) !== v.viewer);
      expect(zones.length, name).toBe(v.players - 1);
      for (const z of zones) {
        expect(z.querySelector('[data-card-index], .card.face, img, svg'), name).toBeNull();
        expect(z.textContent, name).not.toMatch(/[♣♦♥♠]/);
      }
    }
  });

  it('seats the others round the table, clockwise from your left', () => {
    expect(othersInOrder(4, 1)).toEqual([2, 3, 0]);
    expect(arrangeSeats([1, 2, 3])).toEqual({ left: [], top: [1, 2, 3], right: [] });
    expect(arrangeSeats([1, 2, 3, 4, 5, 6, 7])).toEqual({ left: [1, 2], top: [3, 4, 5], right: [6, 7] });
    for (let n = 1; n <= 11; n++) {
      const others = Array.from({ length: n }, (_, i) => i + 1);
      const a = arrangeSeats(others);
      expect([...a.left, ...a.top, ...a.right], `${n} others`).toEqual(others);
      expect(a.left.length).toBe(a.right.length);
      expect(a.left.length).toBeLessThanOrEqual(Math.ceil(n / 3));
    }
    r.show(stateFor(view('oldMaid8')));
    const ring = (side: string) => $$(`.ring-${side} .seat`).map((s) => Number(s.dataset.seat));
    expect([ring('left'), ring('top'), ring('right')]).toEqual([[1, 2], [3, 4, 5], [6, 7]]);
    expect($('.felt')!.classList.contains('has-sides')).toBe(true);
    expect($('.table-page')!.dataset.crowd).toBe('some');
  });

  it('shows names whole in the title, bots by name, counts, status and presence', () => {
    r.show(stateFor(view('oldMaid8')));
    const seat = (s: number) => $(`.others .seat[data-seat="${s}"]`)!;
    expect(seat(4).querySelector('.seat-name')!.textContent).toBe('Constance Wetherby-Smythe');
    expect(seat(4).querySelector('.seat-name')!.getAttribute('title')).toBe('Constance Wetherby-Smythe');
    expect(seat(2).querySelector('.bot-tag')!.getAttribute('title')).toBe('a bot (blind)');
    expect(seat(2).querySelector('.presence.bot')).not.toBeNull();
    expect(seat(1).querySelector('.presence.off')).not.toBeNull();
    expect(seat(7).querySelector('.card-count')!.textContent).toBe(String(tables.oldMaid8.seats[7].cards));
    expect(seat(7).querySelector('.status-text')!.textContent).toBe('offering to Ann');
    // The server's "Seat n" reads as names everywhere.
    expect($('[data-role="prompt"]')!.textContent).toContain("Pick a card from Florence's hand");
    expect($('.me')!.classList.contains('turn')).toBe(true);
    expect(seat(3).querySelectorAll('[data-layout="row"] .card.face').length).toBe(tables.oldMaid8.zones[7].cards.length);
  });

  it('shows key hints as <kbd> beside buttons, never terminal syntax', () => {
    r.show(stateFor(view('offerer')));
    const buttons = $$('.choices button');
    expect(buttons.map((b) => b.querySelector('.choice-label')!.textContent)).toEqual(['offer', 'shuffle']);
    expect(buttons.map((b) => b.querySelector('kbd')!.textContent)).toEqual(['o', 's']);
    expect(buttons[0].getAttribute('aria-keyshortcuts')).toBe('o');
    const text = r.root.textContent!;
    expect(text).not.toMatch(/\bm \d+ \d+\b/);
    expect(text).not.toMatch(/\bo: offer\b/);
    click(buttons[1]);
    expect(r.onAct).toHaveBeenLastCalledWith(expect.objectContaining({ label: 'shuffle' }));
    // A key of several words gets no hint.
    r.show(stateFor({ ...view('offerer'), choices: [{ action: 9, label: 'let it go', key: 'n o' }] }));
    expect($('.choices button kbd')).toBeNull();
  });

  it('rearranges your hand by keyboard, the selection following the card', () => {
    r.show(stateFor(view('offerer')));
    const cards = $$('.own-hand .card.movable');
    expect(cards).toHaveLength(4);
    key(cards[0], 'ArrowRight');
    expect($('.own-hand .card[data-pos="0"]')!.classList.contains('selected')).toBe(true);
    key($('.own-hand .card[data-pos="0"]')!, 'ArrowRight');
    expect(r.onAct).toHaveBeenLastCalledWith(expect.objectContaining({ label: 'move 1 to 2', picks: [[0, 0]], to: [0, 1] }));
    // The selection went to position 2, where the card will be (this fixture does not move it).
    const bar = $('.arrange-bar')!;
    expect(bar.textContent).toBe('◀Move 4♣▶');
    click(bar.querySelector('[aria-label="Move right"]'));
    expect(r.onAct).toHaveBeenLastCalledWith(expect.objectContaining({ label: 'move 2 to 3' }));
  });

  it('finds the drop position nearest to the pointer', () => {
    expect(dropTarget([50, 100, 150, 200], 20)).toBe(0);
    expect(dropTarget([50, 100, 150, 200], 160)).toBe(2);
    expect(dropTarget([50, 100, 150, 200], 900)).toBe(3);
  });

  it('says whom it waits for, several at once too', () => {
    r.show(stateFor(view('waiting')));
    expect($('[data-role="prompt"]')!.textContent).toBe('Waiting for Agatha · drawing from Bob');
    const both = { ...view('waiting'), to_move: -3, actors: [0, 2], resolve: 'all' as const };
    r.show(stateFor(both));
    expect($('[data-role="prompt"]')!.textContent).toBe('Waiting for Ann and Agatha');
    expect($$('.others .seat.turn').map((s) => s.dataset.seat)).toEqual(['2', '0']);
  });

  it('lets you act where several seats may, with choices of your own', () => {
    const v = { ...view('offerer'), to_move: -3, actors: [0, 2], resolve: 'first' as const };
    r.show(stateFor(v));
    expect($('.table-page')!.classList.contains('my-turn')).toBe(true);
    expect($('.me')!.classList.contains('turn')).toBe(true);
  });

  it('shows the end with the result, the record and a rematch', () => {
    r.show(stateFor(view('terminal')));
    const end = $('.end-panel')!;
    expect(end.querySelector('.result')!.textContent).toBe('Agatha is left holding Q♠: Agatha is the Old Maid!');
    expect(end.querySelectorAll('tbody tr')).toHaveLength(4);
    // The cards still held, where anyone holds any.
    expect([...end.querySelectorAll<HTMLElement>('[data-cards]')].map((c) => c.textContent)).toEqual(['0', '0', '1', '0']);
    expect(end.querySelector<HTMLAnchorElement>('[data-role="record"]')!.getAttribute('href')).toBe('/api/tables/k3j9x2ab/record');
    click(end.querySelector('[data-role="rematch"]'));
    expect(r.onRematch).toHaveBeenCalled();
  });

  it('shows spectators the public view only', () => {
    r.show(stateFor(view('spectator')));
    expect($$('button.card, .choices button, .movable')).toHaveLength(0);
    expect($$('[data-zone-kind="hand"] [data-card-index]')).toHaveLength(0);
    expect($$('[data-zone-kind="pairs"] [data-card-index]').length).toBeGreaterThan(0);
    expect($('.chat-form')).toBeNull();
  });

  it('draws the picture deck itself', () => {
    r.show(stateFor(view('picture')));
    expect($$('.own-hand svg.picture-card')).toHaveLength(6);
    expect($$('.offered button.card.pickable')).toHaveLength(6);
    expect($('.own-hand svg[aria-label="the Old Maid"]')!.textContent).toContain('Old Maid');
  });

  it('waits for the server before the first view', () => {
    r.show(initialTableState);
    expect(r.root.textContent).toContain('Taking a seat');
  });

  it('keeps fixtures in the protocol shape', () => {
    for (const v of Object.values({ ...fixtures, ...tables }).filter((x) => x && typeof x === 'object' && 'zones' in x) as View[]) {
      expect(Array.isArray(v.actors)).toBe(true);
      for (const z of v.zones) expect(['hand', 'fan', 'row', 'pile', 'column', 'grid', 'trick', 'pot']).toContain(z.layout);
      for (const c of v.choices) expect(c).not.toHaveProperty('zone');
    }
  });
});
