import { beforeEach, describe, expect, it } from 'vitest';
import { backoff, Connection, DEAD_MS, ELSEWHERE_MS, PING_MS, socketUrl, type Status } from './connection';
import fixtures from './fixtures/views.json';
import { FakeSocket } from './fakesocket';
import type { ServerMessage, View } from './protocol';

class FakeClock {
  t = 0;
  timers = new Map<number, { at: number; fn: () => void }>();
  next = 1;
  setTimeout = (fn: () => void, ms: number) => {
    this.timers.set(this.next, { at: this.t + ms, fn });
    return this.next++;
  };
  clearTimeout = (h: unknown) => {
    this.timers.delete(h as number);
  };
  now = () => this.t;
  advance(ms: number) {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
    }
    this.t = end;
  }
}

const joined: ServerMessage = {
  type: 'joined', table: 'k3j9x2ab', seat: 1, game: 'old-maid', title: 'Old Maid', preset: 'old-maid', players: 4, odds: true, absent_after: 0,
  seats: [{ kind: 'human', name: 'Ann', connected: true }, { kind: 'human', name: 'Bob', connected: true }, { kind: 'bot', bot: 'blind', name: 'Agatha' }, { kind: 'bot', bot: 'blind', name: 'Bertram' }],
  chat: [],
};
const update = (version: number, log: string[] = []): ServerMessage => ({ type: 'update', version, view: fixtures.drawer as unknown as View, log, last: null });

describe('connection', () => {
  let sockets: FakeSocket[];
  let clock: FakeClock;
  let statuses: Status[];
  let messages: ServerMessage[];
  let conn: Connection;

  beforeEach(() => {
    sockets = [];
    clock = new FakeClock();
    statuses = [];
    messages = [];
    conn = new Connection({
      url: 'ws://host/ws', table: 'k3j9x2ab', token: 'a'.repeat(32), name: 'Bob',
      onMessage: (m) => messages.push(m),
      onStatus: (s) => statuses.push(s),
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      clock,
      random: () => 0.5,
    });
    conn.start();
  });

  it('joins with the token and name once open', () => {
    sockets[0].open();
    expect(sockets[0].sent).toEqual([{ type: 'join', table: 'k3j9x2ab', token: 'a'.repeat(32), name: 'Bob' }]);
    sockets[0].receive(joined);
    expect(conn.getStatus()).toBe('open');
  });

  it('sends actions with the version of the last view, once per view', () => {
    sockets[0].open();
    sockets[0].receive(joined);
    expect(conn.act(40)).toBe(false); // no view yet
    sockets[0].receive(update(17));
    expect(conn.act(42)).toBe(true);
    expect(conn.act(43)).toBe(false); // answered by the next update, not a second click
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'act', action: 42, version: 17 });
    sockets[0].receive(update(18));
    expect(conn.act(43)).toBe(true);
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'act', action: 43, version: 18 });
    sockets[0].receive({ type: 'error', code: 'stale', message: 'the table has moved on' });
    expect(conn.isPending()).toBe(false);
  });

  it('asks why selected cards make no move, with 1 to 52 of them, only while open', () => {
    expect(conn.why([[0, 1]])).toBe(false);
    sockets[0].open();
    sockets[0].receive(joined);
    expect(conn.why([])).toBe(false);
    expect(conn.why([[0, 1], [0, 4]])).toBe(true);
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'why', picks: [[0, 1], [0, 4]] });
  });

  it('reconnects with backoff after a drop and rejoins with the same token', () => {
    sockets[0].open();
    sockets[0].receive(joined);
    sockets[0].receive(update(5));
    sockets[0].drop();
    expect(conn.getStatus()).toBe('reconnecting');
    expect(conn.act(1)).toBe(false);
    clock.advance(backoff(0, () => 0.5) - 1);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
    // The server is still down: the next wait is longer.
    sockets[1].drop();
    clock.advance(backoff(0, () => 0.5));
    expect(sockets).toHaveLength(2);
    clock.advance(backoff(1, () => 0.5) - backoff(0, () => 0.5));
    expect(sockets).toHaveLength(3);
    sockets[2].open();
    expect(sockets[2].sent[0]).toEqual({ type: 'join', table: 'k3j9x2ab', token: 'a'.repeat(32), name: 'Bob' });
    sockets[2].receive(joined);
    sockets[2].receive(update(5));
    expect(conn.getStatus()).toBe('open');
    expect(conn.act(7)).toBe(true);
    expect(sockets[2].sent.at(-1)).toEqual({ type: 'act', action: 7, version: 5 });
    // Back to the shortest wait after a successful join.
    sockets[2].drop();
    clock.advance(backoff(0, () => 0.5));
    expect(sockets).toHaveLength(4);
  });

  it('backs off up to 8 s', () => {
    expect(backoff(0, () => 0.5)).toBe(250);
    expect(backoff(3, () => 0.5)).toBe(2000);
    expect(backoff(30, () => 0.5)).toBe(8000);
    expect(backoff(30, () => 1)).toBeLessThanOrEqual(9600);
  });

  it('stays out after being replaced, until asked to retry', () => {
    sockets[0].open();
    sockets[0].receive(joined);
    sockets[0].receive({ type: 'error', code: 'replaced', message: 'this seat was taken by another connection' });
    expect(conn.getStatus()).toBe('replaced');
    expect(sockets[0].closed).toBe(true);
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    conn.retry();
    expect(sockets).toHaveLength(2);
  });

  it('gives up on an unknown table or a bad token', () => {
    sockets[0].open();
    sockets[0].receive({ type: 'error', code: 'bad-token', message: 'no seat has this token' });
    expect(conn.getStatus()).toBe('failed');
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('tries again later when a join is refused for another reason', () => {
    sockets[0].open();
    sockets[0].receive({ type: 'error', code: 'storage', message: 'database: busy' });
    expect(conn.getStatus()).toBe('reconnecting');
    clock.advance(60_000);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toMatchObject({ type: 'join', token: 'a'.repeat(32) });
  });

  it('goes to the server that plays the table, joined or not, without a message to show', () => {
    const shown: string[] = [];
    const c = new Connection({
      url: 'ws://host/ws?table=t', table: 't', token: 'a'.repeat(32),
      onMessage: (m) => shown.push(m.type), onStatus: () => {},
      createSocket: (url) => { const s = new FakeSocket(url); sockets.push(s); return s; },
      clock, random: () => 0.5,
    });
    c.start();
    const first = sockets.length - 1;
    sockets[first].open();
    sockets[first].receive({ type: 'error', code: 'elsewhere', message: 'played by another server just now' });
    expect(c.getStatus()).toBe('reconnecting');
    clock.advance(60_000);
    expect(sockets).toHaveLength(first + 2);
    sockets[first + 1].open();
    sockets[first + 1].receive(joined);
    expect(c.getStatus()).toBe('open');
    // Joined, then the table moves: the same.
    sockets[first + 1].receive({ type: 'error', code: 'elsewhere', message: 'this table moves to another server' });
    expect(c.getStatus()).toBe('reconnecting');
    clock.advance(60_000);
    expect(sockets).toHaveLength(first + 3);
    expect(sockets[first + 2].url).toBe('ws://host/ws?table=t');
    expect(shown).not.toContain('error');
  });

  it('tries again within a second of each elsewhere, however often, where a drop backs off', () => {
    // The table is free within a second (a live holder asked to let it go) or once the dead
    // holder's lease runs out (5 s): a wait doubling to 8 s would find it there seconds late.
    const c = new Connection({
      url: 'ws://host/ws?table=t', table: 't', token: 'a'.repeat(32),
      onMessage: () => {}, onStatus: () => {},
      createSocket: (url) => { const s = new FakeSocket(url); sockets.push(s); return s; },
      clock, random: () => 1,  // the longest jitter
    });
    c.start();
    for (let tries = 0; tries < 8; tries++) {
      const s = sockets.at(-1)!;
      s.open();
      s.receive({ type: 'error', code: 'elsewhere', message: 'played by another server just now' });
      const had = sockets.length;
      clock.advance(ELSEWHERE_MS * 1.2 - 1);
      if (tries === 0) expect(backoff(0, () => 1)).toBeLessThan(ELSEWHERE_MS * 1.2);
      if (sockets.length === had) clock.advance(1);
      expect(sockets).toHaveLength(had + 1);
    }
    // A server gone (no answer at all) still backs off: 8 failures in, the wait is 8 s.
    const before = sockets.length;
    sockets.at(-1)!.drop();
    clock.advance(ELSEWHERE_MS * 1.2);
    expect(sockets).toHaveLength(before);
    clock.advance(backoff(8, () => 1));
    expect(sockets).toHaveLength(before + 1);
  });

  it('cuts a long name at 24 characters, never inside one', () => {
    const long = new Connection({
      url: 'ws://host/ws', table: 't', name: '😀'.repeat(30),
      onMessage: () => {}, onStatus: () => {},
      createSocket: (url) => { const s = new FakeSocket(url); sockets.push(s); return s; },
      clock, random: () => 0.5,
    });
    long.start();
    sockets.at(-1)!.open();
    expect(sockets.at(-1)!.sent[0].name).toBe('😀'.repeat(24));
  });

  it('pings, and takes a silent connection for dead', () => {
    sockets[0].open();
    sockets[0].receive(joined);
    clock.advance(PING_MS);
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'ping' });
    sockets[0].receive({ type: 'pong' });
    // Found dead at the first ping tick after PING_MS + DEAD_MS of silence.
    clock.advance(2 * PING_MS + DEAD_MS);
    expect(conn.getStatus()).toBe('reconnecting');
    expect(sockets[0].closed).toBe(true);
  });

  it('stops for good when the page leaves', () => {
    sockets[0].open();
    conn.stop();
    expect(sockets[0].closed).toBe(true);
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('stopped');
  });

  it('passes every message on', () => {
    sockets[0].open();
    sockets[0].receive(joined);
    sockets[0].receive({ type: 'seats', seats: [] });
    expect(messages.map((m) => m.type)).toEqual(['joined', 'seats']);
  });
});

describe('what a person sends besides actions', () => {
  let sockets: FakeSocket[];
  const make = (odds: boolean) => {
    sockets = [];
    const c = new Connection({
      url: 'ws://host/ws', table: 't', token: 'a'.repeat(32), odds,
      onMessage: () => {}, onStatus: () => {},
      createSocket: (url) => { const s = new FakeSocket(url); sockets.push(s); return s; },
      clock: new FakeClock(), random: () => 0.5,
    });
    c.start();
    return c;
  };

  it('says something at the table, trimmed and cut to 300 characters', () => {
    const c = make(false);
    expect(c.chat('hello')).toBe(false); // not joined yet
    sockets[0].open();
    sockets[0].receive(joined);
    expect(c.chat('  well played \n')).toBe(true);
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'chat', text: 'well played' });
    expect(c.chat('   ')).toBe(false);
    c.chat('x'.repeat(400));
    expect((sockets[0].sent.at(-1)!.text as string).length).toBe(300);
    expect(c.chat('a\u0007b')).toBe(true);
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'chat', text: 'a b' });
  });

  it('asks for live odds after every join where the table has them', () => {
    const c = make(true);
    sockets[0].open();
    sockets[0].receive(joined);
    expect(sockets[0].sent.filter((m) => m.type === 'odds')).toEqual([{ type: 'odds', on: true }]);
    c.setOdds(false);
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'odds', on: false });
    c.setOdds(true);
    sockets[0].drop();
    (c as unknown as { connect(): void }).connect();
    sockets.at(-1)!.open();
    sockets.at(-1)!.receive(joined);
    expect(sockets.at(-1)!.sent.filter((m) => m.type === 'odds')).toEqual([{ type: 'odds', on: true }]);
  });

  it('never asks for odds where the table has none', () => {
    const c = make(true);
    sockets[0].open();
    sockets[0].receive({ ...joined, odds: false } as ServerMessage);
    c.setOdds(true);
    expect(sockets[0].sent.filter((m) => m.type === 'odds')).toEqual([]);
  });

  it('says the person is back', () => {
    const c = make(false);
    sockets[0].open();
    sockets[0].receive(joined);
    expect(c.back()).toBe(true);
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'back' });
  });
});

describe('socket URL', () => {
  it('builds the socket URL from the page', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:18080' })).toBe('ws://127.0.0.1:18080/ws');
    expect(socketUrl({ protocol: 'https:', host: 'parlour.example' })).toBe('wss://parlour.example/ws');
    expect(socketUrl({ protocol: 'http:', host: 'h' }, 'k3j9x2ab')).toBe('ws://h/ws?table=k3j9x2ab');
    expect(socketUrl({ protocol: 'http:', host: 'h' }, 'a b&c')).toBe('ws://h/ws?table=a%20b%26c');
  });
});
