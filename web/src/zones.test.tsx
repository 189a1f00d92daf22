// Zones drawn layout by layout, and the ways of choosing cards: a click, a
// selection of several, a move to another zone.
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { View, Zone } from './protocol';
import { click, key, mount, stateFor, view, type Rendered } from './testkit';
import { runsOfColumns } from './tableview';
import { layoutOf } from './zone';

let r: Rendered;
beforeEach(() => (r = mount()));
afterEach(() => r.cleanup());

const $ = (sel: string) => r.root.querySelector<HTMLElement>(sel);
const $$ = (sel: string) => [...r.root.querySelectorAll<HTMLElement>(sel)];
const zone = (i: number) => $(`[data-zone-index="${i}"]`)!;

describe('zones by layout', () => {
  beforeEach(() => r.show(stateFor(view('layouts'))));

  it('marks every zone with its layout, and its kind only as data', () => {
    const v = view('layouts');
    v.zones.forEach((z, i) => {
      expect(zone(i).dataset.layout).toBe(z.layout);
      expect(zone(i).classList.contains(`layout-${z.layout}`)).toBe(true);
      expect(zone(i).dataset.zoneKind).toBe(z.kind);
      expect(zone(i).className).not.toContain(z.kind === 'hand' ? 'zone-hand' : `zone-${z.kind}`);
    });
  });

  it('stacks a pile: the top three cards and a count', () => {
    const stock = zone(4);
    expect(stock.querySelectorAll('.card')).toHaveLength(3);
    expect(stock.querySelector('.zone-label .count')!.textContent).toBe('20');
    expect(stock.getAttribute('aria-label')).toBe('stock: 20 cards');
    // A pile of known cards shows its top card's face.
    const discard = zone(9);
    expect([...discard.querySelectorAll<HTMLElement>('.card.face')].map((c) => c.dataset.cardIndex)).toEqual(['12', '17']);
  });

  it('lays a grid in rows of its columns, empty slots drawn as places', () => {
    const grid = zone(5);
    expect(grid.style.getPropertyValue('--cols')).toBe('3');
    expect(grid.querySelectorAll('.card.empty-slot')).toHaveLength(2);
    expect(grid.querySelectorAll('.card.face')).toHaveLength(4);
    expect(grid.getAttribute('aria-label')).toBe('the grid: 4 cards');
  });

  it('places a trick round the middle by seat, the viewer below', () => {
    const cards = [...zone(6).querySelectorAll<HTMLElement>('.card.in-trick')];
    expect(cards).toHaveLength(3);
    const at = (c: HTMLElement) => [parseFloat(c.style.left), parseFloat(c.style.top)];
    const [left, top, right] = cards.map(at);
    // Seat 1 sits at the viewer's left, seat 2 across, seat 3 at the right.
    expect(left[0]).toBeLessThan(50);
    expect(top[1]).toBeLessThan(50);
    expect(right[0]).toBeGreaterThan(50);
    expect(cards[0].getAttribute('title')).toBe('jack of clubs, played by Bob');
  });

  it('gives a note and a name their whole text as a title, where one line may cut them short', () => {
    const v = view('layouts');
    const i = v.zones.findIndex((z) => z.owner < 0);
    v.zones[i] = { ...v.zones[i], name: 'the stock, turned over [[0]]', note: 'shuffled face down, offered to the next' };
    r.show(stateFor(v, { version: 99 }));
    expect(zone(i).querySelector<HTMLElement>('.zone-note')!.title).toBe('shuffled face down, offered to the next');
    expect(zone(i).querySelector<HTMLElement>('.zone-name')!.title).toMatch(/^the stock, turned over \S+$/);
  });

  it('shows a pot with its chips', () => {
    expect(zone(7).querySelector('.chip-count')!.textContent).toBe('120');
    expect(zone(7).getAttribute('aria-label')).toBe('the pot: 0 cards, 120 chips');
  });

  it('overlaps a column downwards', () => {
    expect(zone(8).querySelectorAll('.card')).toHaveLength(4);
    expect(zone(8).querySelectorAll('.card.back')).toHaveLength(2);
  });

  it('shows seats’ counters', () => {
    const counters = $$('.seat[data-seat="1"] .counter').map((c) => c.textContent);
    expect(counters).toEqual(['tricks 3', 'chips 40']);
  });

  it('draws an unknown layout as a row', () => {
    expect(layoutOf({ layout: 'spiral' } as unknown as Zone)).toBe('row');
  });
});

describe('choosing cards', () => {
  beforeEach(() => r.show(stateFor(view('layouts'))));

  it('acts on a card of a single pick at once', () => {
    click($('.own-hand [data-card-key="0:3"]'));
    expect(r.onAct).toHaveBeenCalledWith(expect.objectContaining({ action: 3 }));
  });

  it('selects several cards and enables the choices whose picks equal them', () => {
    const pickButtons = () => $$('.pick-choices .choice') as HTMLButtonElement[];
    // Nothing selected: the choices wait, disabled, with a word on what to do.
    expect(pickButtons().map((b) => b.disabled)).toEqual([true, true]);
    expect($('.pick-hint')!.textContent).toBe('Select cards to play them.');
    const card = (pos: number) => $(`.own-hand [data-card-key="0:${pos}"]`)!;
    expect(card(0).getAttribute('aria-pressed')).toBe('false');
    click(card(0));
    expect(card(0).getAttribute('aria-pressed')).toBe('true');
    expect(card(0).classList.contains('selected')).toBe(true);
    expect(r.onAct).not.toHaveBeenCalled();
    click(card(1));
    const enabled = () => pickButtons().filter((b) => !b.disabled).map((b) => b.querySelector('.choice-label')!.textContent);
    expect(enabled()).toEqual(['play the pair of twos']);
    click(card(2));
    expect(enabled()).toEqual(['play the three twos']);
    click(card(2));
    click(pickButtons().find((b) => !b.disabled)!);
    expect(r.onAct).toHaveBeenCalledWith(expect.objectContaining({ action: 2 }));
    // Acting clears the selection.
    expect($$('.own-hand .card.selected')).toHaveLength(0);
  });

  it('lets any card of a pick_any zone be selected, and asks why a selection makes no move', () => {
    // A meld chosen by its cards (Conquian): every card of the hand may be
    // selected; cards that make no meld are not refused silently.
    const v = view('layouts');
    v.zones[0] = { ...v.zones[0], pick_any: true };
    const onWhy = vi.fn();
    r.show(stateFor(v), { onWhy });
    const card = (pos: number) => $(`.own-hand [data-card-key="0:${pos}"]`)!;
    // 6♣ alone would be played at a click; here a click selects it.
    click(card(3));
    click(card(4));
    expect($$('.own-hand .card.selected')).toHaveLength(2);
    expect(r.onAct).not.toHaveBeenCalled();
    expect(onWhy).toHaveBeenLastCalledWith([
      [0, 3],
      [0, 4],
    ]);
    expect($('[data-role="why-not"]')!.textContent).toBe('These cards make no move.');
    // The answer for this selection at this version is shown; one for another selection is not.
    r.show(stateFor(v, { why: { type: 'why', version: 7, picks: [[0, 4], [0, 3]], reason: '[[20]] and [[33]] are not a meld' } }), { onWhy });
    expect($('[data-role="why-not"]')!.textContent).toBe('6♣ and 9♦ are not a meld');
    r.show(stateFor(v, { why: { type: 'why', version: 6, picks: [[0, 3], [0, 4]], reason: 'old' } }), { onWhy });
    expect($('[data-role="why-not"]')!.textContent).toBe('These cards make no move.');
  });

  it('clears a selection on request', () => {
    click($('.own-hand [data-card-key="0:0"]'));
    click($('[data-role="clear-selection"]'));
    expect($$('.own-hand .card.selected')).toHaveLength(0);
  });

  it('moves a card to another zone: select it, then the place', () => {
    // Two places it may go: a click takes the first (the game lists its best
    // first); from the keys, Enter selects it and the place is chosen after.
    const v = view('layouts');
    v.choices.push({ action: 6, label: 'stake [[47]]', key: 's', picks: [[0, 5]], to: [7, -1] });
    r.show(stateFor(v));
    const q = $('.own-hand [data-card-key="0:5"]')!;
    expect(q.classList.contains('movable')).toBe(true);
    expect(q.classList.contains('pickable')).toBe(true);
    expect(q.getAttribute('aria-label')).toBe('queen of spades: a click will discard Q♠; Enter selects it, then choose where it goes');
    key(q, 'Enter');
    q.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', bubbles: true }));
    r.show(stateFor(v));
    expect(zone(9).classList.contains('drop-target')).toBe(true);
    expect(zone(7).classList.contains('drop-target')).toBe(true);
    expect(zone(4).classList.contains('drop-target')).toBe(false);
    // The move bar names the choices too, for the keyboard.
    expect($$('.arrange-bar .transfer .choice-label').map((b) => b.textContent)).toEqual(['discard Q♠', 'stake Q♠']);
    click(zone(9).querySelector('.drop-here'));
    expect(r.onAct).toHaveBeenCalledWith(expect.objectContaining({ action: 4 }));
  });

  it('puts a card whose one choice is a move where the game puts it there at a click or Enter', () => {
    const q = $('.own-hand [data-card-key="0:5"]')!;
    expect(q.classList.contains('pickable')).toBe(true);
    expect(q.getAttribute('aria-label')).toBe('discard Q♠: queen of spades');
    expect(q.querySelector('.card-hint')!.textContent).toBe('d');
    // Room is kept under the hand for the keys shown there.
    expect($('.own-hand')!.classList.contains('hinted')).toBe(true);
    act(() => {
      q.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerId: 1, clientX: 10, clientY: 10 }));
      q.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, button: 0, pointerId: 1, clientX: 10, clientY: 10 }));
    });
    expect(r.onAct).toHaveBeenCalledTimes(1);
    expect(r.onAct).toHaveBeenLastCalledWith(expect.objectContaining({ action: 4 }));
    act(() => void q.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', bubbles: true })));
    expect(r.onAct).toHaveBeenCalledTimes(2);
    expect($$('.own-hand .card.selected')).toHaveLength(0);
  });

  it('draws many buttons smaller', () => {
    expect($('.me .choices')!.classList.contains('many')).toBe(false);
    const v = view('layouts');
    for (let n = 1; n <= 6; n++) v.choices.push({ action: 100 + n, label: `call ${n}`, key: `c ${n}` });
    r.show(stateFor(v));
    expect($('.me .choices')!.classList.contains('many')).toBe(true);
  });

  it('draws an empty zone of yours where your cards may go', () => {
    const v = view('layouts');
    v.zones.push({ kind: 'table', layout: 'row', owner: 0, name: 'being played', note: '', cards: [] });
    v.choices.push({ action: 7, label: 'put down [[20]]', key: 'p', picks: [[0, 3]], to: [v.zones.length - 1, -1] });
    r.show(stateFor(v));
    const put = zone(v.zones.length - 1);
    expect(put.closest('.me-zones')).not.toBeNull();
    expect(put.querySelector('.card.empty-slot')).not.toBeNull();
    // Without a way there it says nothing the counts do not.
    r.show(stateFor({ ...v, choices: v.choices.filter((c) => c.action !== 7) }));
    expect($(`[data-zone-index="${v.zones.length - 1}"]`)).toBeNull();
  });

  it('keeps a selection across a new view only while it still means the same card', () => {
    click($('.own-hand [data-card-key="0:0"]'));
    const same = view('layouts');
    r.show(stateFor(same, { version: 8 }));
    expect($('.own-hand [data-card-key="0:0"]')!.classList.contains('selected')).toBe(true);
    const moved: View = view('layouts');
    moved.zones[0].cards = [...moved.zones[0].cards.slice(1), moved.zones[0].cards[0]];
    r.show(stateFor(moved, { version: 9 }));
    expect($$('.own-hand .card.selected')).toHaveLength(0);
  });
});

describe('a table of one', () => {
  beforeEach(() => r.show(stateFor(view('solo'))));

  it('draws no other seats, and the table’s zones larger', () => {
    expect($$('.others .seat')).toHaveLength(0);
    expect($('.others')!.dataset.count).toBe('0');
    expect($$('.table-zone.size-md')).toHaveLength(7);
  });

  it('takes a card from the top of a pile with a click', () => {
    const top = $('[data-zone-index="0"] [data-card-key="0:23"]')!;
    expect(top.classList.contains('pickable')).toBe(true);
    click(top);
    expect(r.onAct).toHaveBeenCalledWith(expect.objectContaining({ action: 1 }));
  });

  it('moves a card from a column to another zone, by mouse or keys', () => {
    // Two places it may go: a click takes the first the game lists (its best).
    const v = view('solo');
    v.choices.push({ action: 5, label: 'move [[17]] to the hearts', key: 'm 4 h', picks: [[6, 4]], to: [2, -1] });
    r.show(stateFor(v));
    const card = $('[data-card-key="6:4"]')!;
    expect(card.classList.contains('goes-elsewhere')).toBe(true);
    act(() => {
      card.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerId: 1, clientX: 10, clientY: 10 }));
      card.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, button: 0, pointerId: 1, clientX: 10, clientY: 10 }));
    });
    expect(r.onAct).toHaveBeenLastCalledWith(expect.objectContaining({ action: 4 }));
    r.onAct.mockClear();
    // From the keys, Enter selects it; the places it may go light up.
    act(() => {
      $('[data-card-key="6:4"]')!.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true, key: 'Enter' }));
    });
    expect(r.onAct).not.toHaveBeenCalled();
    expect($('[data-card-key="6:4"]')!.getAttribute('aria-pressed')).toBe('true');
    expect($$('.zone.drop-target').map((z) => z.dataset.zoneIndex)).toEqual(['2', '5']);
    click($('[data-zone-index="5"] .drop-here'));
    expect(r.onAct).toHaveBeenCalledWith(expect.objectContaining({ action: 4 }));
    // Escape puts a selection down.
    key($('[data-card-key="3:0"]')!, 'Escape');
    expect($$('.zone.drop-target')).toHaveLength(0);
  });

  it('moves a card by dragging it onto another zone', () => {
    const card = $('[data-card-key="6:4"]')!;
    const target = $('[data-zone-index="5"] .zone-cards')!;
    const real = document.elementsFromPoint;
    document.elementsFromPoint = (x: number, y: number) => (x === 300 && y === 40 ? [card, target] : []);
    const at = (type: string, x: number, y: number) =>
      act(() => void card.dispatchEvent(new PointerEvent(type, { bubbles: true, button: 0, pointerId: 7, clientX: x, clientY: y })));
    try {
      at('pointerdown', 10, 10);
      at('pointermove', 100, 20);
      expect($('[data-card-key="6:4"]')!.classList.contains('dragging')).toBe(true);
      at('pointermove', 300, 40);
      at('pointerup', 300, 40);
    } finally {
      document.elementsFromPoint = real;
    }
    expect(r.onAct).toHaveBeenCalledWith(expect.objectContaining({ action: 4 }));
    expect($$('.card.dragging')).toHaveLength(0);
  });

  it('puts a dragged card back where it was dropped on no place it may go', () => {
    const card = $('[data-card-key="6:4"]')!;
    const at = (type: string, x: number, y: number) =>
      act(() => void card.dispatchEvent(new PointerEvent(type, { bubbles: true, button: 0, pointerId: 7, clientX: x, clientY: y })));
    at('pointerdown', 10, 10);
    at('pointermove', 200, 200);
    at('pointerup', 200, 200);
    expect(r.onAct).not.toHaveBeenCalled();
  });
});

describe('a tableau', () => {
  it('keeps neighbouring overlapping columns in one run, and nothing else', () => {
    const z = (layout: string) => ({ kind: 'tableau', layout, owner: -1, name: layout, cards: [], note: '' }) as unknown as Zone;
    const zones = [z('pile'), z('pile'), z('column'), z('column'), z('column'), z('grid'), z('column')];
    expect(runsOfColumns(zones, [0, 1, 2, 3, 4, 5, 6])).toEqual([[0], [1], [2, 3, 4], [5], [6]]);
    expect(runsOfColumns(zones, [2, 4])).toEqual([[2, 4]]);
  });
});
