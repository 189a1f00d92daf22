// Everything the table page knows, folded from the server's messages. Pure, so
// that tests can feed it messages and look at the result.
import type { ChatLine, OddsFigures, SeatPresence, ServerMessage, View } from './protocol';

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
  last: { seat: number; label?: string } | null;
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
};

export function reduceTable(state: TableState, msg: ServerMessage): TableState {
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
      };
    case 'update': {
      // On one socket updates come in order; an older one can only be a leftover.
      if (!state.wholeLogNext && state.version !== null && msg.version < state.version) return state;
      return {
        ...state,
        version: msg.version,
        view: msg.view,
        log: state.wholeLogNext ? msg.log : [...state.log, ...msg.log],
        last: msg.last,
        wholeLogNext: false,
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
    case 'rematch':
      return { ...state, rematch: msg.table };
    default:
      return state;
  }
}

/** The odds figures for the view on show, or null when they are for another version (or none). */
export function currentOdds(state: TableState): OddsFigures | null {
  const o = state.odds;
  return o && state.version !== null && o.version === state.version ? o : null;
}
