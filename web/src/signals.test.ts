import { describe, expect, it } from 'vitest';
import fixtures from './fixtures/views.json';
import type { View } from './protocol';
import { mayAct, signalsBetween } from './signals';

const v = (name: keyof typeof fixtures) => fixtures[name] as unknown as View;

describe('signals', () => {
  it('knows when the viewer may act', () => {
    expect(mayAct(v('drawer'))).toBe(true);
    expect(mayAct(v('waiting'))).toBe(false);
    expect(mayAct(v('terminal'))).toBe(false);
    expect(mayAct(v('spectator'))).toBe(false);
    expect(mayAct(null)).toBe(false);
  });

  it('hears your turn coming, cards moving and the end', () => {
    expect(signalsBetween(null, v('drawer'))).toEqual([]);
    const mine: View = { ...v('waiting'), to_move: 1, actors: [1], choices: v('drawer').choices };
    expect(signalsBetween(v('waiting'), mine)).toEqual(['turn']);
    expect(signalsBetween(mine, mine)).toEqual([]);
    expect(signalsBetween(v('drawer'), v('drawer'))).toEqual([]);
    const drawn: View = { ...v('waiting'), seats: v('waiting').seats.map((s, i) => (i === 2 ? { ...s, cards: s.cards + 1 } : s)) };
    expect(signalsBetween(v('waiting'), drawn)).toEqual(['card']);
    expect(signalsBetween(v('waiting'), v('terminal'))).toEqual(['end']);
    expect(signalsBetween(v('terminal'), v('terminal'))).toEqual([]);
    // A new hand deals everyone new cards: no tick for that.
    expect(signalsBetween(v('waiting'), { ...drawn, hand: 2 })).toEqual([]);
  });
});
