// Which of a view's choices go where (protocol.md, "The view"):
//   - one pick, and nothing else on that card: click the card;
//   - several picks (or several choices on one card): select the cards (a click
//     toggles), then the buttons whose pick-set equals the selection are enabled;
//   - `to` in the same zone: a move within it (drag, or select and arrow keys);
//   - `to` in another zone: drag the card there, or select it and choose the place;
//     where the game puts it (-1), a click takes the card's first move (the game
//     lists the best first: Klondike's foundation before a column);
//   - `to` in the same grid or column, the card's one move: a click does it too
//     (Montana); in a hand or fan, moves arrange it and a click only selects;
//   - `zone`: a click on that zone itself (the stock), even while it is empty;
//   - no picks: a button. With `list_choices` every choice is a button as well.
import type { CardRef, Choice, View } from './protocol';

export interface ChoiceMap {
  /** `${zone}:${pos}` → the one choice a click on that card takes. */
  click: Map<string, Choice>;
  /** Cards a click selects or unselects. */
  selectable: Set<string>;
  /** Cards of zones where any may be selected together (Zone.pick_any), whatever the choices. */
  free: Set<string>;
  /** Choices taken through a selection: enabled when their picks equal it. */
  sets: Choice[];
  /** Moves within a zone, by the key of the card moved. */
  moves: Map<string, Choice[]>;
  /** Moves to another zone, by the key of the card moved. */
  transfers: Map<string, Choice[]>;
  /** Cards whose moves go where the game puts them (the first the game lists,
   * its best), or whose one move is to a place in its own grid or column: a
   * click (or Enter) takes it, as a drag still can another. Not where the view
   * lists every choice as a button: there a card's move stays a deliberate drag. */
  direct: Map<string, Choice>;
  /** Zone index → the choice a click on the zone itself takes (Choice.zone). */
  zones: Map<number, Choice>;
  buttons: Choice[];
}

export const cardKey = (zone: number, pos: number) => `${zone}:${pos}`;
export const refKey = (r: CardRef) => cardKey(r[0], r[1]);
export const parseKey = (k: string): CardRef => k.split(':').map(Number) as CardRef;

const validRef = (r: unknown): r is CardRef => Array.isArray(r) && r.length === 2 && r[0] >= 0 && r[1] >= 0;
export const picksOf = (c: Choice): CardRef[] => (c.picks ?? []).filter(validRef);
const isMove = (c: Choice) => Array.isArray(c.to) && c.to.length === 2 && c.to[0] >= 0 && picksOf(c).length > 0;

/** The keys of a choice's picks, sorted: two choices pick the same set when these are equal. */
export function pickSet(c: Choice): string[] {
  return [...new Set(picksOf(c).map(refKey))].sort();
}

export function emptyMap(): ChoiceMap {
  return { click: new Map(), selectable: new Set(), free: new Set(), sets: [], moves: new Map(), transfers: new Map(), direct: new Map(), zones: new Map(), buttons: [] };
}

function push(m: Map<string, Choice[]>, k: string, c: Choice) {
  m.set(k, [...(m.get(k) ?? []), c]);
}

export function mapChoices(view: View | null): ChoiceMap {
  const map = emptyMap();
  if (!view) return map;
  const singles = new Map<string, Choice[]>();
  for (const c of view.choices) {
    const picks = picksOf(c);
    if (isMove(c)) {
      const k = refKey(picks[0]);
      push(c.to![0] === picks[0][0] ? map.moves : map.transfers, k, c);
    } else if (picks.length > 1) {
      map.sets.push(c);
      for (const p of picks) map.selectable.add(refKey(p));
    } else if (picks.length === 1) {
      push(singles, refKey(picks[0]), c);
    }
    if (picks.length === 0 && typeof c.zone === 'number' && c.zone >= 0 && c.zone < view.zones.length && !map.zones.has(c.zone)) map.zones.set(c.zone, c);
    if (view.list_choices || picks.length === 0) map.buttons.push(c);
  }
  // A zone whose every card may be selected (a meld chosen by its cards):
  // a click there selects, and a selection that makes no move is explained.
  view.zones.forEach((z, i) => {
    if (!z.pick_any) return;
    z.cards.forEach((_, pos) => {
      map.selectable.add(cardKey(i, pos));
      map.free.add(cardKey(i, pos));
    });
  });
  // A click acts only where it cannot mean anything else.
  for (const [k, cs] of singles) {
    if (cs.length === 1 && !map.selectable.has(k) && !map.moves.has(k) && !map.transfers.has(k)) map.click.set(k, cs[0]);
    else {
      map.selectable.add(k);
      map.sets.push(...cs);
    }
  }
  if (!view.list_choices)
    for (const [k, cs] of map.transfers)
      if (cs.every((c) => c.to![1] === -1) && !map.moves.has(k) && !map.selectable.has(k) && !singles.has(k)) map.direct.set(k, cs[0]);
  // A card's one place to go in its own grid or column: a click is as plain as
  // its button (Montana lists every choice, and a grid has no drag along one axis).
  for (const [k, cs] of map.moves) {
    const layout = view.zones[parseKey(k)[0]]?.layout;
    if (cs.length === 1 && (layout === 'grid' || layout === 'column') && !map.transfers.has(k) && !map.selectable.has(k) && !singles.has(k)) map.direct.set(k, cs[0]);
  }
  return map;
}

/** The zones some card may be moved to: drawn even while empty, to show where cards go. */
export function targetZones(map: ChoiceMap): Set<number> {
  const out = new Set<number>();
  for (const cs of map.transfers.values()) for (const c of cs) out.add(c.to![0]);
  return out;
}

/** The move that takes the card at `from` to `to` in `zone`, if it is legal. */
export function findMove(map: ChoiceMap, zone: number, from: number, to: number): Choice | undefined {
  return map.moves.get(cardKey(zone, from))?.find((c) => c.to![1] === to);
}

/** The move of a card to another zone (any place in it the game allows), if it is legal. */
export function findTransfer(map: ChoiceMap, key: string, zone: number, pos?: number): Choice | undefined {
  const all = map.transfers.get(key)?.filter((c) => c.to![0] === zone) ?? [];
  return all.find((c) => c.to![1] === pos) ?? all.find((c) => c.to![1] === -1) ?? all[0];
}

/** The zones a card can be moved to. */
export function transferZones(map: ChoiceMap, key: string): number[] {
  return [...new Set((map.transfers.get(key) ?? []).map((c) => c.to![0]))];
}

/** Zones holding cards the viewer may pick by clicking or selecting, in zone order. */
export function pickZones(map: ChoiceMap): number[] {
  const zones = new Set<number>();
  for (const k of [...map.click.keys(), ...map.selectable]) zones.add(parseKey(k)[0]);
  return [...zones].sort((a, b) => a - b);
}

/** The selection after a click on `key`: toggled, or started afresh where it can lead nowhere. */
export function toggleSelection(map: ChoiceMap, selection: string[], key: string): string[] {
  if (selection.includes(key)) return selection.filter((k) => k !== key);
  const next = [...selection, key];
  const reachable = map.sets.some((c) => next.every((k) => pickSet(c).includes(k)));
  return reachable || next.every((k) => map.free.has(k)) ? next : [key];
}

/** The choices still reachable from a selection, and whether each matches it exactly. */
export function selectionChoices(map: ChoiceMap, selection: string[]): { choice: Choice; exact: boolean }[] {
  const want = [...selection].sort();
  return map.sets
    .filter((c) => want.every((k) => pickSet(c).includes(k)))
    .map((c) => ({ choice: c, exact: pickSet(c).join() === want.join() }));
}

/** A key is a shortcut when it is one word a person can type: "o", "3", "12". */
export function isShortcut(key: string): boolean {
  return key.length > 0 && !/\s/.test(key);
}

/**
 * Typed shortcuts. Keys may be longer than one character ("12" when a fan holds
 * twelve or more cards), so keystrokes gather in a buffer: an exact match fires
 * at once unless a longer key starts with it, in which case it fires after a
 * short pause; a buffer that no key starts with is dropped.
 */
export class ShortcutBuffer {
  private buffer = '';
  private timer: unknown = null;

  constructor(
    private readonly fire: (c: Choice) => void,
    private readonly clock: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(h: unknown): void } = {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
    },
    private readonly pauseMs = 700,
  ) {}

  /** Returns true when the key was taken as (part of) a shortcut. */
  type(ch: string, choices: Choice[]): boolean {
    this.cancel();
    const keys = choices.filter((c) => isShortcut(c.key));
    let buf = this.buffer + ch;
    if (!keys.some((c) => c.key.startsWith(buf))) {
      buf = ch; // a fresh start: the old buffer was a dead end
      if (!keys.some((c) => c.key.startsWith(buf))) {
        this.buffer = '';
        return false;
      }
    }
    const exact = keys.find((c) => c.key === buf);
    const longer = keys.some((c) => c.key !== buf && c.key.startsWith(buf));
    if (exact && !longer) {
      this.buffer = '';
      this.fire(exact);
    } else {
      this.buffer = buf;
      if (exact)
        this.timer = this.clock.setTimeout(() => {
          this.buffer = '';
          this.timer = null;
          this.fire(exact);
        }, this.pauseMs);
    }
    return true;
  }

  cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  reset(): void {
    this.cancel();
    this.buffer = '';
  }
}
