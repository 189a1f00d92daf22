// What a card needs to know of the table to act: the choice map, the selection
// and the ways to act, handed down by context from the table view (so that every
// layout's cards behave alike without threading props through each one).
import { createContext } from 'preact';
import { emptyMap, type ChoiceMap } from './choices';
import type { Choice } from './protocol';

/** A selected card: its key and which card it was (so a changed view can drop it). */
export interface Picked {
  key: string;
  card: number | null;
}

export interface TableCtxValue {
  map: ChoiceMap;
  selection: Picked[];
  /** The viewer's seat, or the seat drawn at the bottom for a spectator. */
  anchor: number;
  players: number;
  /** The action of the hint on show for this view, or null: a click on its card takes it. */
  hint: number | null;
  /** Why the selection on show makes no move, where the game has said (null: not known). */
  why: string | null;
  /** Asks the game why these cards (keys) make no move; the answer comes as `why`. */
  askWhy: (keys: string[]) => void;
  act: (c: Choice) => void;
  /** A click on a selectable card: toggles it in the selection. */
  toggle: (key: string, card: number | null) => void;
  /** Selects one card to arrange or move elsewhere; null: none. */
  pickOne: (key: string | null, card?: number | null) => void;
  /** A move was sent: the selection follows the card to its new place. */
  follow: (key: string, card: number | null) => void;
}

export const TableCtx = createContext<TableCtxValue>({
  map: emptyMap(),
  selection: [],
  anchor: 0,
  players: 0,
  hint: null,
  why: null,
  askWhy: () => {},
  act: () => {},
  toggle: () => {},
  pickOne: () => {},
  follow: () => {},
});

export const isSelected = (t: TableCtxValue, key: string) => t.selection.some((p) => p.key === key);
