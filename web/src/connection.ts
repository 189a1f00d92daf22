// The WebSocket client of a table: joins, reconnects with backoff after any drop
// (rejoining with the same token, so the seat is restored), keeps the last
// version so that every action names the view it was chosen from, and folds the
// server's messages on to the page (tablestate.ts folds them into one state).
// Sockets and timers are injected, so the logic runs under test with a fake
// socket and fake time.
import { CHAT_MAX, NAME_MAX, type CardRef, type ClientMessage, type ServerMessage } from './protocol';

/** The part of the browser's WebSocket this client uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export type Status =
  | 'connecting' // first attempt under way
  | 'open' // joined
  | 'reconnecting' // dropped; waiting or trying again
  | 'replaced' // the seat was taken by another tab or device: we stay out
  | 'failed' // the server refused the join (unknown table, bad token)
  | 'stopped'; // the page left the table

export interface ConnectionOptions {
  url: string;
  table: string;
  token?: string;
  name?: string;
  /** Live odds wanted: asked for after every join where the table has them. */
  odds?: boolean;
  onMessage: (msg: ServerMessage) => void;
  onStatus: (status: Status, detail?: string) => void;
  createSocket?: (url: string) => SocketLike;
  clock?: Clock;
  random?: () => number;
}

const OPEN = 1;
/** Ping this often; a connection silent for PING_MS + DEAD_MS is taken for dead. */
export const PING_MS = 20_000;
export const DEAD_MS = 25_000;

/** Wait before the attempt after `failures` failed ones: 0.25 s doubling to 8 s, with jitter
 * so that a table's players do not all hit a restarted server at the same instant. */
export function backoff(failures: number, random: () => number = Math.random): number {
  const base = Math.min(8000, 250 * 2 ** Math.min(failures, 10));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The wait after `elsewhere`, before jitter (0.8 to 1.2 times it), however many tries failed:
 * the table is free once its holder lets it go (within a second, asked by the server we reached)
 * or its holder's lease runs out (5 s after it died), so trying again every second finds it
 * there sooner than a wait doubling to 8 s. */
export const ELSEWHERE_MS = 1000;

const defaultClock: Clock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export class Connection {
  private socket: SocketLike | null = null;
  private failures = 0;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private lastHeard = 0;
  private status: Status = 'connecting';
  /** The version of the last view received: every action is sent with it. */
  version: number | null = null;
  /** The version an action was sent from and not yet answered: no second click on the same view. */
  private pending: number | null = null;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly createSocket: (url: string) => SocketLike;
  private wantOdds: boolean;
  /** The joined table has live odds. */
  private oddsAvailable = false;

  constructor(private readonly opts: ConnectionOptions) {
    this.wantOdds = opts.odds ?? false;
    this.clock = opts.clock ?? defaultClock;
    this.random = opts.random ?? Math.random;
    this.createSocket = opts.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  }

  start(): void {
    this.connect();
  }

  stop(): void {
    this.setStatus('stopped');
    this.teardown();
  }

  /** After 'replaced' or 'failed': try again now, on the user's word. */
  retry(): void {
    this.failures = 0;
    this.teardown();
    this.connect();
  }

  /** Reconnect at once if we are waiting to (the page became visible, the network came back). */
  nudge(): void {
    if (this.status === 'reconnecting' && this.retryTimer !== null) {
      this.clock.clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.connect();
    }
  }

  getStatus(): Status {
    return this.status;
  }

  /** Sends an action chosen from the current view. False if it could not be sent now. */
  act(action: number): boolean {
    if (this.status !== 'open' || this.pending !== null || this.version === null) return false;
    this.pending = this.version;
    return this.send({ type: 'act', action, version: this.version });
  }

  isPending(): boolean {
    return this.pending !== null;
  }

  rematch(): boolean {
    return this.status === 'open' && this.send({ type: 'rematch' });
  }

  /** Says something at the table; false if it cannot be sent now or says nothing. */
  chat(text: string): boolean {
    const t = Array.from(text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()).slice(0, CHAT_MAX).join('');
    return t.length > 0 && this.status === 'open' && this.send({ type: 'chat', text: t });
  }

  /** Switches live odds on or off; remembered across reconnects. */
  setOdds(on: boolean): void {
    this.wantOdds = on;
    if (this.status === 'open' && this.oddsAvailable) this.send({ type: 'odds', on });
  }

  /** The person is back: the bot standing in for them stops. */
  back(): boolean {
    return this.status === 'open' && this.send({ type: 'back' });
  }

  /** Solitaires: take the last move back; ask for the game's own player's move. */
  undo(): boolean {
    return this.status === 'open' && this.send({ type: 'undo' });
  }

  /** Solitaires: play again the move taken back last. */
  redo(): boolean {
    return this.status === 'open' && this.send({ type: 'redo' });
  }

  hint(): boolean {
    return this.status === 'open' && this.send({ type: 'hint' });
  }

  /** Asks why the cards selected make no move (a meld that is none); the answer is a `why` message. */
  why(picks: CardRef[]): boolean {
    return this.status === 'open' && picks.length > 0 && picks.length <= 52 && this.send({ type: 'why', picks });
  }

  private send(msg: ClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  private setStatus(s: Status, detail?: string): void {
    this.status = s;
    this.opts.onStatus(s, detail);
  }

  private connect(): void {
    this.retryTimer = null;
    if (this.status !== 'connecting') this.setStatus(this.failures === 0 && this.version === null ? 'connecting' : 'reconnecting');
    const socket = this.createSocket(this.opts.url);
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.lastHeard = this.clock.now();
      const join: ClientMessage = { type: 'join', table: this.opts.table };
      if (this.opts.token) join.token = this.opts.token;
      // 24 characters, not UTF-16 units: a cut emoji would be invalid text.
      if (this.opts.name) join.name = Array.from(this.opts.name).slice(0, NAME_MAX).join('');
      this.send(join);
      this.schedulePing();
    };
    socket.onmessage = (ev) => {
      if (socket !== this.socket) return;
      this.lastHeard = this.clock.now();
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      this.receive(msg);
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.dropped();
    };
    // An error is always followed by a close, which does the work.
    socket.onerror = () => {};
  }

  private receive(msg: ServerMessage): void {
    switch (msg.type) {
      case 'joined':
        this.failures = 0;
        this.oddsAvailable = !!msg.odds;
        this.setStatus('open');
        if (this.oddsAvailable && this.wantOdds) this.send({ type: 'odds', on: true });
        break;
      case 'update':
        this.version = msg.version;
        this.pending = null;
        break;
      case 'error':
        // Any refusal answers the pending action; a newer view may be on its way.
        this.pending = null;
        if (msg.code === 'elsewhere') {
          // Another server plays the table (it moved, or the proxy and the servers briefly
          // disagree): connect again, with backoff, and the proxy sends us to it.
          this.dropped(ELSEWHERE_MS);
          return;
        }
        if (msg.code === 'replaced') {
          this.setStatus('replaced', msg.message);
          this.teardown();
        } else if ((msg.code === 'unknown-table' || msg.code === 'bad-token') && this.status !== 'open') {
          this.setStatus('failed', msg.message ?? msg.code);
          this.teardown();
        } else if (this.status !== 'open') {
          // Any other refusal of the join (storage trouble, say) may pass: try again later.
          this.dropped();
        }
        break;
    }
    this.opts.onMessage(msg);
  }

  private dropped(longest = Infinity): void {
    this.teardown();
    if (this.status === 'stopped' || this.status === 'replaced' || this.status === 'failed') return;
    this.pending = null;
    this.setStatus('reconnecting');
    let wait = backoff(this.failures++, this.random);
    if (longest < wait) wait = Math.round(longest * (0.8 + 0.4 * this.random()));
    this.retryTimer = this.clock.setTimeout(() => this.connect(), wait);
  }

  private schedulePing(): void {
    this.pingTimer = this.clock.setTimeout(() => {
      this.pingTimer = null;
      if (!this.socket) return;
      if (this.clock.now() - this.lastHeard > PING_MS + DEAD_MS) {
        // Half-open: the network went away without a close. Start over.
        this.dropped();
        return;
      }
      this.send({ type: 'ping' });
      this.schedulePing();
    }, PING_MS);
  }

  private teardown(): void {
    if (this.pingTimer !== null) this.clock.clearTimeout(this.pingTimer);
    this.pingTimer = null;
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close();
      } catch {
        // Closing a socket that never opened may throw in some browsers.
      }
    }
  }
}

/** ws:// or wss:// on the page's own host, as protocol.md asks; with the table, which a proxy in
 * front of several servers reads to send all of a table's clients to one of them. */
export function socketUrl(loc: { protocol: string; host: string }, table?: string): string {
  const base = `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
  return table ? `${base}?table=${encodeURIComponent(table)}` : base;
}
