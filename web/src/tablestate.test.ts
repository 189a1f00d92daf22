import { describe, expect, it } from 'vitest';
import fixtures from './fixtures/views.json';
import type { Joined, ServerMessage, View } from './protocol';
import { CHAT_KEEP, currentOdds, initialTableState, reduceTable } from './tablestate';

const joined: Joined = {
  type: 'joined', table: 'k3j9x2ab', seat: 1, game: 'old-maid', title: 'Old Maid', preset: 'old-maid', players: 4, odds: true, absent_after: 60,
  seats: [
    { kind: 'human', name: 'Ann', connected: true, away: false },
    { kind: 'human', name: 'Bob', connected: true, away: false },
    { kind: 'bot', bot: 'blind', name: 'Agatha', connected: true },
    { kind: 'bot', bot: 'blind', name: 'Bertram', connected: true },
  ],
  chat: [{ seat: 0, name: 'Ann', text: 'hello', at: 1795335350 }],
};
const update = (version: number, log: string[] = [], window_ms?: number): ServerMessage => ({
  type: 'update',
  version,
  view: fixtures.drawer as unknown as View,
  log,
  last: null,
  ...(window_ms !== undefined ? { window_ms } : {}),
});

describe('table state', () => {
  it('replaces the log after a join and appends after', () => {
    let s = reduceTable(initialTableState, joined);
    s = reduceTable(s, update(3, ['a', 'b']));
    s = reduceTable(s, update(4, ['c']));
    expect(s.log).toEqual(['a', 'b', 'c']);
    expect(s.version).toBe(4);
    // A reconnect: the server sends the whole story again.
    s = reduceTable(s, joined);
    s = reduceTable(s, update(4, ['a', 'b', 'c']));
    expect(s.log).toEqual(['a', 'b', 'c']);
    s = reduceTable(s, update(5, ['d']));
    expect(s.log).toEqual(['a', 'b', 'c', 'd']);
  });

  it('takes an older update where a move was taken back, and keeps a hint for its version', () => {
    let s = reduceTable(initialTableState, { ...joined, undo: true, hint: true });
    expect(s.canUndo && s.canHint).toBe(true);
    s = reduceTable(s, update(3, ['a']));
    s = reduceTable(s, { type: 'hint', version: 3, action: 7, label: 'J♣ after 10♣', by: 'solver' });
    expect(s.hint?.action).toBe(7);
    s = reduceTable(s, { ...update(2, ['You take the move back.']), undone: true, redo: true } as ServerMessage);
    expect(s.version).toBe(2);
    expect(s.log.at(-1)).toBe('You take the move back.');
    // The hint was for version 3: not the view on show.
    expect(s.hint?.version).not.toBe(s.version);
    s = reduceTable(s, { type: 'why', version: 2, picks: [[0, 1]], reason: 'not a meld' });
    expect(s.why?.reason).toBe('not a meld');
    // The move taken back can be played again, until an update says not.
    expect(s.canRedo).toBe(true);
    s = reduceTable(s, { ...update(3, ['b']), redo: false } as ServerMessage);
    expect(s.canRedo).toBe(false);
  });

  it('ignores an older update', () => {
    let s = reduceTable(reduceTable(initialTableState, joined), update(6, ['x']));
    s = reduceTable(s, update(5, ['old']));
    expect(s.version).toBe(6);
    expect(s.log).toEqual(['x']);
  });

  it('keeps presence, the absence timer and the rematch table', () => {
    let s = reduceTable(initialTableState, joined);
    expect(s.seat).toBe(1);
    expect(s.absentAfter).toBe(60);
    expect(s.oddsAvailable).toBe(true);
    s = reduceTable(s, { type: 'seats', seats: [{ kind: 'human', name: 'Ann', connected: false, away: true }] });
    expect(s.seats[0]).toEqual({ kind: 'human', name: 'Ann', connected: false, away: true });
    s = reduceTable(s, { type: 'rematch', table: 'n3wt4b1e' });
    expect(s.rematch).toBe('n3wt4b1e');
  });

  it('takes the chat history from the join and adds what is said', () => {
    let s = reduceTable(initialTableState, joined);
    expect(s.chat.map((c) => c.text)).toEqual(['hello']);
    s = reduceTable(s, { type: 'chat', seat: 1, name: 'Bob', text: 'hi Ann', at: 1795335360 });
    expect(s.chat.at(-1)).toEqual({ seat: 1, name: 'Bob', text: 'hi Ann', at: 1795335360 });
    // A rejoin brings the history again: it replaces ours rather than doubling it.
    s = reduceTable(s, { ...joined, chat: [...joined.chat!, s.chat[1]] });
    expect(s.chat).toHaveLength(2);
    for (let i = 0; i < CHAT_KEEP + 10; i++) s = reduceTable(s, { type: 'chat', seat: 0, name: 'Ann', text: `${i}`, at: 0 });
    expect(s.chat).toHaveLength(CHAT_KEEP);
    expect(s.chat.at(-1)!.text).toBe(String(CHAT_KEEP + 9));
  });

  it('shows odds only for the view they were worked out for', () => {
    let s = reduceTable(reduceTable(initialTableState, joined), update(7));
    expect(currentOdds(s)).toBeNull();
    s = reduceTable(s, { type: 'odds', version: 7, event: 'being left with the odd card', seats: [0.2, 0.3, 0.5, 0], exact: true, precision: 1e-12, method: 'm' });
    expect(currentOdds(s)?.seats).toEqual([0.2, 0.3, 0.5, 0]);
    s = reduceTable(s, update(8));
    expect(currentOdds(s)).toBeNull();
    s = reduceTable(s, { type: 'odds', version: 8, error: 'before the deal' });
    expect(currentOdds(s)?.error).toBe('before the deal');
    // A rejoin forgets them until the server sends them again.
    expect(reduceTable(s, joined).odds).toBeNull();
  });

  it('counts a timed window down from the arrival of the update that tells it', () => {
    let s = reduceTable(initialTableState, { ...joined, window_seconds: 10 });
    expect(s.windowSeconds).toBe(10);
    s = reduceTable(s, update(3), 1000);
    expect(s.window).toBeNull();
    s = reduceTable(s, update(4, [], 9990), 5000);
    expect(s.window).toEqual({ ends: 14990, total: 10000 });
    // A pass in the same window: the time left as the server says, the bar as long.
    s = reduceTable(s, update(5, [], 6000), 9000);
    expect(s.window).toEqual({ ends: 15000, total: 10000 });
    // The window is let go (or taken): no more countdown.
    s = reduceTable(s, update(6), 15100);
    expect(s.window).toBeNull();
    // Without the table's seconds (an older server), the window's own length.
    s = reduceTable(reduceTable(initialTableState, joined), update(7, [], 4000), 0);
    expect(s.window).toEqual({ ends: 4000, total: 4000 });
  });
});
