// Everything the table page knows, folded from the server's messages. Pure, so
// that tests can feed it messages and look at the result.
import type { ChatLine, HintMessage, OddsFigures, Outcome, SeatPresence, ServerMessage, View, WhyMessage } from './protocol';

/** Chat lines kept in the page: the server's history holds 50. */
export const CHAT_KEEP = 200;

export interface TableState {
  table: string | null;
  seat: number;
  title: string;
  game: string;
  preset: string;
  seats: SeatPresence[];
  version: number | null;
  view: View | null;
  log: string[];
  /** `forced`: the seat's only move, played for this viewer by the server (it was not asked). */
  last: { seat: number; label?: string; forced?: boolean } | null;
  /** Set by a join: its first update carries the whole story, which replaces ours. */
  wholeLogNext: boolean;
  rematch: string | null;
  chat: ChatLine[];
  /** The table can show live odds. */
  oddsAvailable: boolean;
  /** The last odds message; its version says which view it is for. */
  odds: OddsFigures | null;
  /** Seconds before a bot plays for an absent person; 0: never. */
  absentAfter: number;
  /** Seconds people have in a timed window (the joined message); 0: no limit. */
  windowSeconds: number;
  /** The timed window open in the view on show, or null: when it ends on this
   * page's clock (Date.now() at arrival plus the `window_ms` the server sent). */
  window: TimedWindow | null;
  /** The result as data, once the game is over. */
  outcome: Outcome | null;
  /** A solitaire: moves can be taken back, and hints asked for. */
  canUndo: boolean;
  canHint: boolean;
  /** A solitaire: a move taken back can be played again (the last update said so). */
  canRedo: boolean;
  /** The last hint; its version says which view it is for. */
  hint: HintMessage | null;
  /** Why the last selection asked about makes no move; its version and picks say which. */
  why: WhyMessage | null;
  /** The story lines the last update brought (none after a join's whole story):
   * what happened in the move on show, such as the cards that ended a hand. */
  lastLines: string[];
}

export interface TimedWindow {
  /** When the window is let go, in Date.now() milliseconds of this page. */
  ends: number;
  /** Its whole length in milliseconds, for the bar: the table's window, or more if the server said more. */
  total: number;
}

export const initialTableState: TableState = {
  table: null,
  seat: -1,
  title: '',
  game: '',
  preset: '',
  seats: [],
  version: null,
  view: null,
  log: [],
  last: null,
  wholeLogNext: true,
  rematch: null,
  chat: [],
  oddsAvailable: false,
  odds: null,
  absentAfter: 0,
  windowSeconds: 0,
  outcome: null,
  window: null,
  canUndo: false,
  canHint: false,
  canRedo: false,
  hint: null,
  why: null,
  lastLines: [],
};

/** `now`: when the message arrived (Date.now()), to count a window down from. */
export function reduceTable(state: TableState, msg: ServerMessage, now: number = Date.now()): TableState {
  switch (msg.type) {
    case 'joined':
      return {
        ...state,
        table: msg.table,
        seat: msg.seat,
        title: msg.title,
        game: msg.game,
        preset: msg.preset,
        seats: msg.seats,
        wholeLogNext: true,
        chat: (msg.chat ?? []).slice(-CHAT_KEEP),
        oddsAvailable: !!msg.odds,
        odds: null,
        absentAfter: msg.absent_after ?? 0,
        canUndo: !!msg.undo,
        canHint: !!msg.hint,
        windowSeconds: msg.window_seconds ?? 0,
      };
    case 'update': {
      // On one socket updates come in order; an older one can only be a
      // leftover, unless a move was taken back.
      if (!msg.undone && !state.wholeLogNext && state.version !== null && msg.version < state.version) return state;
      return {
        ...state,
        version: msg.version,
        view: msg.view,
        log: state.wholeLogNext ? msg.log : [...state.log, ...msg.log],
        lastLines: state.wholeLogNext ? [] : msg.log,
        last: msg.last,
        wholeLogNext: false,
        window: timedWindow(state, msg.window_ms, now),
        outcome: msg.outcome ?? null,
        canRedo: !!msg.redo,
      };
    }
    case 'seats':
      return { ...state, seats: msg.seats };
    case 'chat': {
      const { seat, name, text, at } = msg;
      return { ...state, chat: [...state.chat, { seat, name, text, at }].slice(-CHAT_KEEP) };
    }
    case 'odds':
      return { ...state, odds: msg };
    case 'hint':
      return { ...state, hint: msg };
    case 'why':
      return { ...state, why: msg };
    case 'rematch':
      return { ...state, rematch: msg.table };
    default:
      return state;
  }
}

/** The window an update announces: counted down from its arrival; null without `window_ms`. */
function timedWindow(state: TableState, ms: number | undefined, now: number): TimedWindow | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return null;
  const ends = now + ms;
  // The same window told again (a pass in it): its bar keeps its whole length.
  const total = Math.max(ms, state.windowSeconds * 1000, state.window && state.window.ends >= now ? state.window.total : 0);
  return { ends, total };
}

/** The odds figures for the view on show, or null when they are for another version (or none). */
export function currentOdds(state: TableState): OddsFigures | null {
  const o = state.odds;
  return o && state.version !== null && o.version === state.version ? o : null;
}
