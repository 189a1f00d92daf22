import { describe, expect, it, vi } from 'vitest';
import {
  findMove,
  findTransfer,
  isShortcut,
  mapChoices,
  pickSet,
  pickZones,
  selectionChoices,
  ShortcutBuffer,
  targetZones,
  toggleSelection,
  transferZones,
} from './choices';
import tables from './fixtures/tables.json';
import fixtures from './fixtures/views.json';
import type { Choice, View } from './protocol';

const drawer = fixtures.drawer as unknown as View;
const offerer = fixtures.offerer as unknown as View;
const layouts = tables.layouts as unknown as View;
const bachelor = tables.bachelorGirl2 as unknown as View;

describe('choice mapping', () => {
  it('puts draws on the offered cards and nothing on buttons', () => {
    const m = mapChoices(drawer);
    expect(m.buttons).toEqual([]);
    expect(m.click.size).toBe(5);
    expect(m.click.get('0:2')?.label).toBe('draw 3');
    expect(pickZones(m)).toEqual([0]);
    expect(m.moves.size).toBe(0);
    expect(m.selectable.size).toBe(0);
  });

  it('makes untargeted choices buttons and moves within a zone drags', () => {
    const m = mapChoices(offerer);
    expect(m.buttons.map((c) => c.key)).toEqual(['o', 's']);
    expect(m.click.size).toBe(0);
    expect(m.moves.get('0:0')).toHaveLength(3);
    expect(m.transfers.size).toBe(0);
    expect(findMove(m, 0, 0, 3)?.label).toBe('move 1 to 4');
    expect(findMove(m, 0, 3, 0)?.key).toBe('m 4 1');
    expect(findMove(m, 0, 2, 2)).toBeUndefined();
    expect(findMove(m, 2, 0, 1)).toBeUndefined();
  });

  it('shows every choice as a button when list_choices is set, cards still acting', () => {
    const m = mapChoices({ ...drawer, list_choices: true });
    expect(m.buttons).toHaveLength(5);
    expect(m.click.size).toBe(5);
    const bg = mapChoices(bachelor);
    expect(bg.buttons).toHaveLength(bachelor.choices.length);
    // The take picks a card laid before the next seat: zone 3 * 1 + 2.
    expect(bg.click.get('5:0')?.label).toMatch(/^take /);
  });

  it('sends choices of several picks through a selection', () => {
    const m = mapChoices(layouts);
    expect([...m.selectable].sort()).toEqual(['0:0', '0:1', '0:2']);
    expect(m.sets.map((c) => c.action)).toEqual([1, 2]);
    expect(m.click.get('0:3')?.action).toBe(3);
    expect(m.buttons.map((c) => c.label)).toEqual(['pass']);
    expect(pickSet(m.sets[0])).toEqual(['0:0', '0:1', '0:2']);
  });

  it('toggles a selection and finds the choices it leads to', () => {
    const m = mapChoices(layouts);
    let sel = toggleSelection(m, [], '0:1');
    expect(sel).toEqual(['0:1']);
    expect(selectionChoices(m, sel).map((x) => [x.choice.action, x.exact])).toEqual([
      [1, false],
      [2, false],
    ]);
    sel = toggleSelection(m, sel, '0:0');
    expect(selectionChoices(m, sel).map((x) => [x.choice.action, x.exact])).toEqual([
      [1, false],
      [2, true],
    ]);
    sel = toggleSelection(m, sel, '0:2');
    expect(selectionChoices(m, sel).filter((x) => x.exact).map((x) => x.choice.label)).toEqual(['play the three twos']);
    // A click on a selected card puts it back.
    expect(toggleSelection(m, sel, '0:0').sort()).toEqual(['0:1', '0:2']);
  });

  it('starts a selection afresh where a card can lead nowhere with the others', () => {
    const view: View = {
      ...layouts,
      choices: [
        { action: 1, label: 'pair A', key: 'a', picks: [[0, 0], [0, 1]] },
        { action: 2, label: 'pair B', key: 'b', picks: [[0, 2], [0, 3]] },
      ],
    };
    const m = mapChoices(view);
    expect(toggleSelection(m, ['0:0'], '0:2')).toEqual(['0:2']);
    expect(toggleSelection(m, ['0:0'], '0:1')).toEqual(['0:0', '0:1']);
  });

  it('sends several one-card choices on the same card through a selection', () => {
    const view: View = {
      ...layouts,
      choices: [
        { action: 1, label: 'take it', key: '1', picks: [[0, 4]] },
        { action: 2, label: 'take it with the wild card', key: '2', picks: [[0, 4]] },
      ],
    };
    const m = mapChoices(view);
    expect(m.click.size).toBe(0);
    expect(m.selectable.has('0:4')).toBe(true);
    expect(selectionChoices(m, ['0:4']).every((x) => x.exact)).toBe(true);
  });

  it('maps a move to another zone as a transfer', () => {
    const m = mapChoices(layouts);
    expect(transferZones(m, '0:5')).toEqual([9]);
    expect(findTransfer(m, '0:5', 9)?.action).toBe(4);
    expect(findTransfer(m, '0:5', 4)).toBeUndefined();
    expect(m.click.has('0:5')).toBe(false);
  });

  it('lets a click take the first move of a card where the game puts it, unless every choice is listed', () => {
    const m = mapChoices(layouts);
    expect(m.direct.get('0:5')?.action).toBe(4);
    expect(targetZones(m)).toEqual(new Set([9]));
    // A second way for the same card: the game lists its best first, and a click takes that.
    const two = mapChoices({ ...layouts, choices: [{ action: 6, label: 'stake', key: 's', picks: [[0, 5]], to: [7, -1] }, ...layouts.choices] });
    expect(two.direct.get('0:5')?.action).toBe(6);
    expect(findTransfer(two, '0:5', 9)?.action).toBe(4);
    // A place chosen in the zone: a click cannot say which.
    const placed = mapChoices({ ...layouts, choices: layouts.choices.map((c) => (c.action === 4 ? { ...c, to: [9, 0] as [number, number] } : c)) });
    expect(placed.direct.size).toBe(0);
    expect(mapChoices({ ...layouts, list_choices: true }).direct.size).toBe(0);
  });

  it('lets a click on a zone take its choice, and keeps it a button too', () => {
    const m = mapChoices({ ...layouts, choices: [...layouts.choices, { action: 7, label: 'turn a card from the stock', key: 't', zone: 4 }] });
    expect(m.zones.get(4)?.action).toBe(7);
    expect(m.buttons.map((c) => c.action)).toContain(7);
    // A zone that is not there is no place to click.
    expect(mapChoices({ ...layouts, choices: [{ action: 8, label: 'x', key: 'x', zone: 99 }] }).zones.size).toBe(0);
  });

  it("lets a click take a card's one move within a grid or column, never a hand's arrangement", () => {
    const grid = mapChoices({ ...layouts, choices: [{ action: 10, label: 'into the gap', key: 'g', picks: [[5, 1]], to: [5, 4] }] });
    expect(grid.direct.get('5:1')?.action).toBe(10);
    const twoGaps = mapChoices({
      ...layouts,
      choices: [
        { action: 10, label: 'to row 1', key: 'g 1', picks: [[5, 1]], to: [5, 0] },
        { action: 11, label: 'to row 2', key: 'g 2', picks: [[5, 1]], to: [5, 3] },
      ],
    });
    expect(twoGaps.direct.size).toBe(0);
    const hand = mapChoices({ ...layouts, choices: [{ action: 12, label: 'move it', key: 'm', picks: [[0, 1]], to: [0, 0] }] });
    expect(hand.direct.size).toBe(0);
    // Where every choice is listed as well (Montana), the click still takes it.
    expect(mapChoices({ ...layouts, list_choices: true, choices: [{ action: 10, label: 'into the gap', key: 'g', picks: [[5, 1]], to: [5, 4] }] }).direct.size).toBe(1);
  });

  it('ignores picks that point nowhere', () => {
    const m = mapChoices({ ...layouts, choices: [{ action: 9, label: 'odd', key: 'z', picks: [[-1, -1]] }] });
    expect(m.buttons.map((c) => c.action)).toEqual([9]);
    expect(m.click.size).toBe(0);
  });

  it('handles no view and no choices', () => {
    expect(mapChoices(null).buttons).toEqual([]);
    expect(mapChoices(fixtures.waiting as unknown as View).click.size).toBe(0);
  });

  it('takes one-word keys as shortcuts, never terminal syntax', () => {
    expect(isShortcut('o')).toBe(true);
    expect(isShortcut('12')).toBe(true);
    expect(isShortcut('done')).toBe(true);
    expect(isShortcut('m 1 2')).toBe(false);
    expect(isShortcut('')).toBe(false);
  });
});

describe('shortcut buffer', () => {
  const choices = (keys: string[]): Choice[] => keys.map((key, i) => ({ action: i, label: key, key }));
  const clock = () => {
    const timers: (() => void)[] = [];
    return {
      timers,
      setTimeout: (fn: () => void) => timers.push(fn),
      clearTimeout: (h: unknown) => {
        timers[(h as number) - 1] = () => {};
      },
    };
  };

  it('fires a unique key at once', () => {
    const fire = vi.fn();
    const b = new ShortcutBuffer(fire, clock());
    expect(b.type('o', choices(['o', 's', 'm 1 2']))).toBe(true);
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ key: 'o' }));
    expect(b.type('x', choices(['o', 's']))).toBe(false);
  });

  it('waits when a longer key starts with the typed one', () => {
    const fire = vi.fn();
    const c = clock();
    const keys = choices(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    const b = new ShortcutBuffer(fire, c);
    b.type('1', keys);
    expect(fire).not.toHaveBeenCalled();
    b.type('2', keys);
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ key: '12' }));
    fire.mockClear();
    b.type('1', keys);
    c.timers[c.timers.length - 1]();
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ key: '1' }));
  });

  it('starts afresh after a dead end', () => {
    const fire = vi.fn();
    const keys = choices(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    const b = new ShortcutBuffer(fire, clock());
    b.type('1', keys);
    b.type('5', keys);
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ key: '5' }));
  });
});
