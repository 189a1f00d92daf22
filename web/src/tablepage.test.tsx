// The table page wired to a (fake) WebSocket: the name asked first, join, keys,
// errors, rematch, drops, chat, odds, coming back, sounds and notifications.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fakesocket';
import tables from './fixtures/tables.json';
import fixtures from './fixtures/views.json';
import { hasNamed, markNamed } from './prefs';
import type { Joined, ServerMessage, View } from './protocol';
import type { Cue, Sounds } from './sound';
import { TablePage } from './table';
import { setCardNames } from './tokens';

setCardNames(tables.cards);

const TOKEN = 'b'.repeat(32);
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

let root: HTMLElement;
let played: Cue[];

/** Opens the page at seat TOKEN, or as a spectator with null. */
function open(token: string | null = TOKEN) {
  played = [];
  const sounds = { play: (c: Cue) => played.push(c), unlock: () => {} } as unknown as Sounds;
  act(() => {
    render(<TablePage table="k3j9x2ab" token={token ?? undefined} sounds={sounds} />, root);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  localStorage.clear();
  localStorage.setItem('parlour.name', 'Bob');
  vi.stubGlobal('WebSocket', FakeSocket);
  root = document.createElement('div');
  document.body.appendChild(root);
  location.hash = '#/t/k3j9x2ab/' + TOKEN;
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

const update = (version: number, view: View = fixtures.drawer as unknown as View, log: string[] = []): ServerMessage => ({ type: 'update', version, view, log, last: null });

function start() {
  markNamed(TOKEN);
  open();
  const ws = FakeSocket.all[0];
  act(() => ws.open());
  serve(joined);
  serve(update(7, fixtures.drawer as unknown as View, fixtures.log));
  return ws;
}

describe('the name asked first', () => {
  it('asks whoever opens an invite link, prefilled, before joining', () => {
    open();
    expect(FakeSocket.all).toHaveLength(0);
    const input = root.querySelector<HTMLInputElement>('#join-name')!;
    expect(input.value).toBe('Bob');
    act(() => {
      input.value = 'Roberta';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => void root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(localStorage.getItem('parlour.name')).toBe('Roberta');
    expect(hasNamed(TOKEN)).toBe(true);
    const ws = FakeSocket.all[0];
    act(() => ws.open());
    expect(ws.sent[0]).toEqual({ type: 'join', table: 'k3j9x2ab', token: TOKEN, name: 'Roberta' });
  });

  it('needs a name', () => {
    localStorage.removeItem('parlour.name');
    open();
    expect(root.querySelector<HTMLButtonElement>('[data-role="join"]')!.disabled).toBe(true);
  });

  it('does not ask again at a seat already named, nor a spectator', () => {
    markNamed(TOKEN);
    open();
    expect(root.querySelector('.name-prompt')).toBeNull();
    expect(FakeSocket.all).toHaveLength(1);
    act(() => render(null, root));
    FakeSocket.all = [];
    open(null);
    expect(root.querySelector('.name-prompt')).toBeNull();
    act(() => FakeSocket.all[0].open());
    expect(FakeSocket.all[0].sent[0]).toEqual({ type: 'join', table: 'k3j9x2ab', name: 'Bob' });
  });
});

describe('the table page', () => {
  it('joins on the page host and renders the first view', () => {
    const ws = start();
    expect(ws.url).toMatch(/^ws:\/\/.*\/ws\?table=k3j9x2ab$/);
    expect(ws.sent[0]).toEqual({ type: 'join', table: 'k3j9x2ab', token: TOKEN, name: 'Bob' });
    expect(root.querySelector('.table-page')!.getAttribute('data-status')).toBe('open');
    expect(root.querySelectorAll('.own-hand .card.face')).toHaveLength(5);
    expect(root.querySelectorAll('.log li')).toHaveLength(fixtures.log.length);
    expect(root.querySelector('.conn')!.textContent).toContain('Connected');
  });

  it('acts on a number key with the view version, once', () => {
    const ws = start();
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: '3', bubbles: true })));
    expect(ws.sent.at(-1)).toEqual({ type: 'act', action: 42, version: 7 });
    act(() => root.querySelector<HTMLButtonElement>('.offered button.card')!.click());
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
    act(() => void vi.advanceTimersByTime(9000));
    expect(root.querySelectorAll('.toast')).toHaveLength(0);
  });

  it('reconnects by itself and rejoins with the same token', () => {
    start();
    act(() => FakeSocket.all[0].drop());
    expect(root.querySelector('.table-page')!.getAttribute('data-status')).toBe('reconnecting');
    act(() => void vi.advanceTimersByTime(400));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => FakeSocket.all[1].open());
    expect(FakeSocket.all[1].sent[0]).toMatchObject({ type: 'join', token: TOKEN });
    serve(joined);
    serve(update(7, fixtures.drawer as unknown as View, fixtures.log));
    expect(root.querySelector('.table-page')!.getAttribute('data-status')).toBe('open');
    // The whole story came again: it replaces the log rather than doubling it.
    expect(root.querySelectorAll('.log li')).toHaveLength(fixtures.log.length);
  });

  it('shows presence and follows a rematch with the same token', () => {
    start();
    serve({ type: 'seats', seats: joined.seats.map((s, i) => (i === 0 ? { ...s, connected: false } : s)) });
    expect(root.querySelector('.seat[data-seat="0"] .presence')!.className).toContain('off');
    serve({ type: 'rematch', table: 'n3wt4b1e' });
    expect(location.hash).toBe('#/t/n3wt4b1e/' + TOKEN);
  });

  it('sends chat and shows what others say', () => {
    const ws = start();
    act(() => root.querySelector<HTMLButtonElement>('.side-tab[data-tab="chat"]')!.click());
    expect(root.querySelector('.chat-lines')!.textContent).toContain('hello');
    const input = root.querySelector<HTMLInputElement>('.chat-form input')!;
    act(() => {
      input.value = 'good luck';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => void root.querySelector('.chat-form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(ws.sent.at(-1)).toEqual({ type: 'chat', text: 'good luck' });
    serve({ type: 'chat', seat: 0, name: 'Ann', text: 'thanks!', at: 1795335400 });
    expect([...root.querySelectorAll('.chat-text')].map((t) => t.textContent)).toEqual(['hello', 'thanks!']);
    // Typing in the chat never plays a card.
    act(() => void input.dispatchEvent(new KeyboardEvent('keydown', { key: '3', bubbles: true })));
    expect(ws.sent.filter((m) => m.type === 'act')).toHaveLength(0);
  });

  it('switches live odds, remembers it, and asks again after a rejoin', () => {
    const ws = start();
    act(() => root.querySelector<HTMLButtonElement>('.side-tab[data-tab="odds"]')!.click());
    const sw = root.querySelector<HTMLInputElement>('[data-role="odds-switch"]')!;
    act(() => {
      sw.checked = true;
      sw.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(ws.sent.at(-1)).toEqual({ type: 'odds', on: true });
    expect(localStorage.getItem('parlour.odds')).toBe('on');
    serve({ type: 'odds', version: 7, event: 'being left with the odd card', seats: [0.1, 0.2, 0.3, 0.4], exact: true, precision: 1e-12, method: 'm' });
    expect([...root.querySelectorAll<HTMLElement>('[data-odds-seat]')].map((e) => e.dataset.oddsValue)).toEqual(['0.1', '0.2', '0.3', '0.4']);
    act(() => FakeSocket.all[0].drop());
    act(() => void vi.advanceTimersByTime(400));
    act(() => FakeSocket.all[1].open());
    serve(joined);
    expect(FakeSocket.all[1].sent.filter((m) => m.type === 'odds')).toEqual([{ type: 'odds', on: true }]);
  });

  it('counts a timed window down from when its update came, and drops it with the next', () => {
    start();
    serve({ ...joined, window_seconds: 5 });
    serve({ type: 'update', version: 8, view: fixtures.drawer as unknown as View, log: [], last: null, window_ms: 4000 });
    const timer = () => root.querySelector<HTMLElement>('[data-role="countdown"]');
    expect(timer()!.dataset.seconds).toBe('4');
    act(() => void vi.advanceTimersByTime(1500));
    expect(timer()!.dataset.seconds).toBe('3');
    serve(update(9, fixtures.waiting as unknown as View));
    expect(timer()).toBeNull();
  });

  it('ranks the seats at the end by the places the result gives', () => {
    start();
    serve({ ...update(10, fixtures.terminal as unknown as View), outcome: { kind: 'ranking', places: [2, 1, 4, 3], scores: [-2, 0, -9, -5] } } as ServerMessage);
    const rows = [...root.querySelectorAll('.end-panel tbody tr')].map((r) => r.getAttribute('data-seat'));
    expect(rows).toEqual(['1', '0', '3', '2']);
    expect(root.querySelector('.end-panel tbody tr [data-place]')!.textContent).toBe('1');
  });

  it('sends "back" from a seat marked away', () => {
    const ws = start();
    serve({ type: 'seats', seats: joined.seats.map((s, i) => (i === 1 ? { ...s, away: true } : s)) });
    act(() => root.querySelector<HTMLButtonElement>('[data-role="back"]')!.click());
    expect(ws.sent.at(-1)).toEqual({ type: 'back' });
  });

  it('plays sounds only when switched on, and remembers the switch', () => {
    start();
    serve(update(8, { ...(fixtures.waiting as unknown as View) }));
    expect(played).toEqual([]);
    const button = root.querySelector<HTMLButtonElement>('[data-role="sound"]')!;
    expect(button.getAttribute('aria-pressed')).toBe('false');
    act(() => button.click());
    expect(localStorage.getItem('parlour.sound')).toBe('on');
    played.length = 0;
    serve(update(9, fixtures.drawer as unknown as View));
    expect(played).toContain('turn');
    serve(update(10, fixtures.terminal as unknown as View));
    expect(played).toContain('end');
  });

  it('notifies of your turn while the tab is hidden, once allowed', async () => {
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'default';
      static requestPermission = vi.fn(async () => {
        FakeNotification.permission = 'granted';
        return 'granted';
      });
      onclick: (() => void) | null = null;
      constructor(title: string, opts: { body?: string }) {
        shown.push({ title, body: opts.body });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    start();
    await act(async () => root.querySelector<HTMLButtonElement>('[data-role="notify"]')!.click());
    expect(FakeNotification.requestPermission).toHaveBeenCalled();
    expect(localStorage.getItem('parlour.notify')).toBe('on');
    serve(update(8, fixtures.waiting as unknown as View));
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    serve(update(9, fixtures.drawer as unknown as View));
    hidden.mockRestore();
    expect(shown).toEqual([{ title: 'Your turn · Old Maid', body: "Pick a card from Ann's hand: 5 cards face down." }]);
  });
});
