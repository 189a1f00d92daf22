import { describe, expect, it, vi } from 'vitest';
import { findMove, isShortcut, mapChoices, pickZones, ShortcutBuffer } from './choices';
import fixtures from './fixtures/views.json';
import type { Choice, View } from './protocol';

const drawer = fixtures.drawer as View;
const offerer = fixtures.offerer as View;

describe('choice mapping', () => {
  it('puts draws on the offered cards and nothing on buttons', () => {
    const m = mapChoices(drawer);
    expect(m.buttons).toEqual([]);
    expect(m.onCard.size).toBe(5);
    expect(m.onCard.get('0:2')?.label).toBe('draw 3');
    expect(pickZones(m)).toEqual([0]);
    expect(m.moves.size).toBe(0);
  });

  it('makes untargeted choices buttons and moves drags', () => {
    const m = mapChoices(offerer);
    expect(m.buttons.map((c) => c.key)).toEqual(['o', 's']);
    expect(m.onCard.size).toBe(0);
    expect(m.moves.get('0:0')).toHaveLength(3);
    expect(findMove(m, 0, 0, 3)?.label).toBe('move 1 to 4');
    expect(findMove(m, 0, 3, 0)?.key).toBe('m 4 1');
    expect(findMove(m, 0, 2, 2)).toBeUndefined();
    expect(findMove(m, 2, 0, 1)).toBeUndefined();
  });

  it('shows every choice as a button when list_choices is set', () => {
    const m = mapChoices({ ...drawer, list_choices: true });
    expect(m.buttons).toHaveLength(5);
    expect(m.onCard.size).toBe(5);
  });

  it('handles no view and no choices', () => {
    expect(mapChoices(null).buttons).toEqual([]);
    expect(mapChoices(fixtures.waiting as View).onCard.size).toBe(0);
  });

  it('takes one-word keys as shortcuts', () => {
    expect(isShortcut('o')).toBe(true);
    expect(isShortcut('12')).toBe(true);
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
