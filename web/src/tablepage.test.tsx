// The table page wired to a (fake) WebSocket: join, keys, errors, rematch, drops.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fixtures from './fixtures/views.json';
import type { ServerMessage } from './protocol';
import { FakeSocket } from './fakesocket';
import { TablePage } from './table';

const joined: ServerMessage = {
  type: 'joined', table: 'k3j9x2ab', seat: 1, game: 'old-maid', title: 'Old Maid', preset: 'old-maid', players: 4,
  seats: [
    { kind: 'human', name: 'Ann', connected: true },
    { kind: 'human', name: 'Bob', connected: true },
    { kind: 'bot', name: 'blind (bot)', bot: 'blind', connected: true },
    { kind: 'bot', name: 'random (bot)', bot: 'random', connected: true },
  ],
};

let root: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  root = document.createElement('div');
  document.body.appendChild(root);
  location.hash = '#/t/k3j9x2ab/' + 'b'.repeat(32);
  act(() => {
    render(<TablePage table="k3j9x2ab" token={'b'.repeat(32)} name="Bob" />, root);
  });
});

afterEach(() => {
  act(() => render(null, root));
  root.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function serve(msg: ServerMessage, ws = FakeSocket.all.at(-1)!) {
  act(() => ws.receive(msg));
}

function start() {
  const ws = FakeSocket.all[0];
  act(() => ws.open());
  serve(joined);
  serve({ type: 'update', version: 7, view: fixtures.drawer as never, log: fixtures.log, last: null });
  return ws;
}

describe('the table page', () => {
  it('joins on the page host and renders the first view', () => {
    const ws = start();
    expect(ws.url).toMatch(/^ws:\/\/.*\/ws$/);
    expect(ws.sent[0]).toEqual({ type: 'join', table: 'k3j9x2ab', token: 'b'.repeat(32), name: 'Bob' });
    expect(root.querySelector('.table-page')!.getAttribute('data-status')).toBe('open');
    expect(root.querySelectorAll('.own-hand .card.face')).toHaveLength(5);
    expect(root.querySelectorAll('.log li')).toHaveLength(fixtures.log.length);
    expect(root.querySelector('.conn')!.textContent).toContain('Connected');
  });

  it('acts on a number key with the view version, once', () => {
    const ws = start();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: '3', bubbles: true }));
    });
    expect(ws.sent.at(-1)).toEqual({ type: 'act', action: 42, version: 7 });
    act(() => {
      root.querySelector<HTMLButtonElement>('.offered button.card')!.click();
    });
    expect(ws.sent.filter((m) => m.type === 'act')).toHaveLength(1);
  });

  it('shows server errors as dismissable toasts, but not stale ones', () => {
    start();
    serve({ type: 'error', code: 'stale', message: 'the table has moved on' });
    expect(root.querySelectorAll('.toast')).toHaveLength(0);
    serve({ type: 'error', code: 'illegal', message: 'that card is not offered' });
    expect(root.querySelector('.toast')!.textContent).toContain('that card is not offered');
    act(() => root.querySelector<HTMLButtonElement>('.toast button')!.click());
    expect(root.querySelectorAll('.toast')).toHaveLength(0);
    serve({ type: 'error', code: 'not-your-turn', message: 'wait for Seat 0' });
    act(() => {
      vi.advanceTimersByTime(9000);
    });
    expect(root.querySelectorAll('.toast')).toHaveLength(0);
  });

  it('reconnects by itself and rejoins with the same token', () => {
    start();
    act(() => FakeSocket.all[0].drop());
    expect(root.querySelector('.table-page')!.getAttribute('data-status')).toBe('reconnecting');
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(FakeSocket.all).toHaveLength(2);
    act(() => FakeSocket.all[1].open());
    expect(FakeSocket.all[1].sent[0]).toMatchObject({ type: 'join', token: 'b'.repeat(32) });
    serve(joined);
    serve({ type: 'update', version: 7, view: fixtures.drawer as never, log: fixtures.log, last: null });
    expect(root.querySelector('.table-page')!.getAttribute('data-status')).toBe('open');
    // The whole story came again: it replaces the log rather than doubling it.
    expect(root.querySelectorAll('.log li')).toHaveLength(fixtures.log.length);
  });

  it('shows presence and follows a rematch with the same token', () => {
    start();
    serve({ type: 'seats', seats: joined.seats.map((s, i) => (i === 0 ? { ...s, connected: false } : s)) as never });
    expect(root.querySelector('.seat[data-seat="0"] .presence')!.className).toContain('off');
    serve({ type: 'rematch', table: 'n3wt4b1e' });
    expect(location.hash).toBe('#/t/n3wt4b1e/' + 'b'.repeat(32));
  });
});
