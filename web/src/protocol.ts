// The shapes of src/server/protocol.md, as TypeScript types. The server is the
// authority: these only describe what it sends, the UI never invents a field.

export interface CardView {
  face_up: boolean;
  /** Short name ("Q♠", "Archie"); null when this viewer may not see the card. */
  card: string | null;
  name: string | null;
  index: number | null;
}

export type ZoneKind = 'hand' | 'pairs' | 'aside' | 'stock' | 'discard' | 'table';

export interface Zone {
  kind: ZoneKind;
  /** A seat, or -1 for the table's own zones. */
  owner: number;
  name: string;
  fan: boolean;
  note: string;
  cards: CardView[];
}

export interface Choice {
  action: number;
  label: string;
  key: string;
  /** With `card`: the choice picks zones[zone].cards[card]. */
  zone?: number;
  card?: number;
  /** With zone and card: moves that card to position `to` of the same zone. */
  to?: number;
}

export interface SeatInfo {
  name: string;
  cards: number;
  score: number;
  out: boolean;
  status: string;
}

export interface View {
  game: string;
  /** The viewer's seat, -1 for a spectator. */
  viewer: number;
  players: number;
  /** The seat to move; negative for chance or the end. */
  to_move: number;
  dealer: number;
  hand: number;
  hands: number;
  terminal: boolean;
  result: string;
  seats: SeatInfo[];
  zones: Zone[];
  prompt: string;
  list_choices: boolean;
  choices: Choice[];
}

/** A seat as the server's presence messages describe it. */
export interface SeatPresence {
  kind: 'human' | 'bot';
  /** A person's chosen name ("Seat 1" until they give one); for a bot, "blind (bot)". */
  name: string;
  /** The bot's name, for a bot seat. */
  bot?: string;
  connected?: boolean;
}

export type ServerMessage =
  | {
      type: 'joined';
      table: string;
      seat: number;
      game: string;
      title: string;
      preset: string;
      players: number;
      seats: SeatPresence[];
    }
  | {
      type: 'update';
      version: number;
      view: View;
      log: string[];
      last: { seat: number; label: string } | null;
    }
  | { type: 'seats'; seats: SeatPresence[] }
  | { type: 'error'; code: string; message?: string }
  | { type: 'rematch'; table: string }
  | { type: 'pong' };

export type ClientMessage =
  | { type: 'join'; table: string; token?: string; name?: string }
  | { type: 'act'; action: number; version?: number }
  | { type: 'rematch' }
  | { type: 'ping' };
