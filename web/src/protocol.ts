// The shapes of src/server/protocol.md, as TypeScript types. The server is the
// authority: these only describe what it sends, the UI never invents a field.
// Zone kinds are plain strings on purpose: the UI draws by `layout` and never
// needs to know what a zone is.

export interface CardView {
  face_up: boolean;
  /** Short name ("Q♠", "Archie"); null when this viewer may not see the card. */
  card: string | null;
  name: string | null;
  index: number | null;
  /** A trick's card: the seat that played it. */
  seat?: number;
  /** A grid's empty slot: no card at all. */
  empty?: boolean;
}

/** How to draw a zone; all a renderer needs (protocol.md, "The view"). */
export type Layout = 'hand' | 'fan' | 'row' | 'pile' | 'column' | 'grid' | 'trick' | 'pot';

export interface Zone {
  /** What the zone is ("hand", "pairs", "stock"...): shown to nobody, styled by nobody. */
  kind: string;
  layout: Layout;
  /** A seat, or -1 for the table's own zones. */
  owner: number;
  name: string;
  note: string;
  cards: CardView[];
  /** grid: slots in a row. */
  columns?: number;
  /** pot: chips staked. */
  chips?: number;
  /** Every card may be selected, whether or not a choice picks it: a meld is chosen by its
   * cards, and a selection that makes none is explained (a `why` message). */
  pick_any?: boolean;
}

/** A card of the view: [zone, position] of zones[zone].cards[position]. */
export type CardRef = [number, number];

export interface Choice {
  action: number;
  label: string;
  /** What a person types at the terminal; the browser shows one-word keys as hints. */
  key: string;
  /** The cards the choice picks: one (click it) or several (select them, then choose). */
  picks?: CardRef[];
  /** A move: picks[0] goes to position to[1] of zone to[0] (-1: where the game puts it).
   * A card with several moves to other zones lists the best first: a click takes it. */
  to?: CardRef;
  /** A click on this zone itself takes the choice, even while it is empty (the stock). */
  zone?: number;
}

export interface Counter {
  name: string;
  value: number;
}

export interface SeatInfo {
  name: string;
  cards: number;
  score: number;
  out: boolean;
  status: string;
  counters?: Counter[];
}

export type Resolve = 'turn' | 'first' | 'all';

export interface HandResult {
  hand: number;
  summary: string;
  points: number[];
  totals: number[];
}

export interface View {
  game: string;
  /** The viewer's seat, -1 for a spectator. */
  viewer: number;
  players: number;
  /** The seat to move; -1 chance, -2 the end, -3 several seats at once (see actors). */
  to_move: number;
  /** Every seat that may act now. */
  actors: number[];
  resolve: Resolve;
  dealer: number;
  hand: number;
  /** What the game calls a hand: "hand", "deal" (Polignac), "coup" (Baccara), "round". */
  hand_word: string;
  /** 0: no fixed number of hands. */
  hands: number;
  terminal: boolean;
  result: string;
  /** What a seat's score counts, where "score" would not say ("players outlasted"). */
  score_word?: string;
  seats: SeatInfo[];
  zones: Zone[];
  prompt: string;
  list_choices: boolean;
  choices: Choice[];
  /** The last hand finished, until the next one ends; null before. */
  last_hand: HandResult | null;
  /** How the table names cards: absent the usual names; 'spanish' the Spanish pack's. */
  card_names?: string;
  /** A score-sheet, in a game that keeps one (Bridge). */
  sheet?: ScoreSheet;
}

export interface SheetEntry {
  what: string;
  /** A cell per column; 0: nothing written there. */
  points: number[];
  /** Below the line: a game was won here, and a rule is drawn under it. */
  ruled: boolean;
}

/** Columns "We" and "They" from a seat's side (a spectator's: each side's name). */
export interface ScoreSheet {
  columns: string[];
  note: string;
  /** Each in the order written; above the line they are drawn upwards from it. */
  above: SheetEntry[];
  below: SheetEntry[];
  games: number[];
  totals: number[];
  result: string;
}

/** A seat as the server's presence messages describe it. */
export interface SeatPresence {
  kind: 'human' | 'bot';
  /** A person's chosen name ("Seat 1" until they give one); a bot's own name ("Agatha"). */
  name: string;
  /** Which bot plays a bot seat ("blind"). */
  bot?: string;
  connected?: boolean;
  /** A bot is playing this person's seat until they come back. */
  away?: boolean;
  /** While away: the bot playing the seat meanwhile ("Hector (bot)"). */
  stand_in?: string;
}

export interface ChatLine {
  seat: number;
  name: string;
  text: string;
  /** Unix seconds. */
  at: number;
}

export type OddsKind = 'chance' | 'per_chip' | 'counters';

export interface OddsFigures {
  type: 'odds';
  version: number;
  /** chance: each seat's chance of the event; per_chip: each seat's expected
   * result per chip staked under the optimal play (games for stakes);
   * counters: each seat's expected counters a hand (stakes without a unit). */
  kind?: OddsKind;
  /** What the figures are ("being left with the odd card"). */
  event?: string;
  seats?: number[];
  /** The optimal choice at the viewer's move, and why. */
  advice?: string;
  /** Further lines: the table's edge, the figures under other rules. */
  notes?: string[];
  exact?: boolean;
  precision?: number;
  method?: string;
  /** Set instead of the figures where none can be given (before the deal). */
  error?: string;
}

export interface Joined {
  type: 'joined';
  table: string;
  seat: number;
  game: string;
  title: string;
  preset: string;
  players: number;
  /** The table can show live odds. */
  odds?: boolean;
  /** A solitaire: its moves can be taken back, and hints asked for. */
  undo?: boolean;
  hint?: boolean;
  /** Seconds before a bot stands in for an absent person; 0 = never. */
  absent_after?: number;
  /** Seconds people have to speak in a timed window (a challenge, a claim); 0 = no limit. */
  window_seconds?: number;
  seats: SeatPresence[];
  chat?: ChatLine[];
}

/** A finished game's result: places by seat (1 best, shared on a tie) and the game's own scores. */
export interface Outcome {
  kind: 'loser' | 'ranking' | 'scores' | 'solo';
  places: number[];
  scores: number[];
}

export type ServerMessage =
  | Joined
  | {
      type: 'update';
      version: number;
      view: View;
      log: string[];
      /** `forced`: the seat's only move, played for this viewer by the server (it was not asked). */
      last: { seat: number; label?: string; forced?: boolean } | null;
      /** While a timed window is open: milliseconds left before it is let go for those who have not spoken. */
      window_ms?: number;
      /** Once the game is over: its result as data. */
      outcome?: Outcome;
      /** A move was taken back: this update's version is lower than the last. */
      undone?: boolean;
      /** At a solitaire: a move taken back can be played again. */
      redo?: boolean;
    }
  | HintMessage
  | WhyMessage
  | { type: 'seats'; seats: SeatPresence[] }
  | ({ type: 'chat' } & ChatLine)
  | OddsFigures
  | { type: 'error'; code: string; message?: string }
  | { type: 'rematch'; table: string }
  | { type: 'pong' };

/** The move the game's own player would make at a version, for a hint. */
export interface HintMessage {
  type: 'hint';
  version: number;
  action: number;
  label: string;
  /** The player that chose it ("solver"). */
  by: string;
  /** Set where the move comes from no line the player knows to lead anywhere: why (a guess). */
  doubt?: string;
}

/** Why the cards selected make no move, at a version: the game's words, or "" where it has none. */
export interface WhyMessage {
  type: 'why';
  version: number;
  picks: CardRef[];
  reason: string;
}

export type ClientMessage =
  | { type: 'join'; table: string; token?: string; name?: string }
  | { type: 'act'; action: number; version?: number }
  | { type: 'rematch' }
  | { type: 'chat'; text: string }
  | { type: 'odds'; on: boolean }
  | { type: 'back' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'hint' }
  | { type: 'why'; picks: CardRef[] }
  | { type: 'ping' };

/** Protocol limits the UI keeps to, so that the server never has to refuse. */
export const CHAT_MAX = 300;
export const NAME_MAX = 24;
