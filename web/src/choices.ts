// Which of a view's choices go where: on a card (click), on a card move (drag,
// or select and arrow keys), or on a button. Per protocol.md: a choice with
// `zone` and `card` picks that card; with `to` as well it moves the card within
// the zone; the others are buttons, and with `list_choices` every choice is a
// button.
import type { Choice, View } from './protocol';

export interface ChoiceMap {
  /** `${zone}:${card}` → the choice that picks that card. */
  onCard: Map<string, Choice>;
  /** Moves within a zone, by `${zone}:${card}` of the card moved. */
  moves: Map<string, Choice[]>;
  buttons: Choice[];
}

export const cardKey = (zone: number, card: number) => `${zone}:${card}`;

const targetsCard = (c: Choice) => c.zone !== undefined && c.zone >= 0 && c.card !== undefined && c.card >= 0;
const isMove = (c: Choice) => targetsCard(c) && c.to !== undefined && c.to >= 0;

export function mapChoices(view: View | null): ChoiceMap {
  const map: ChoiceMap = { onCard: new Map(), moves: new Map(), buttons: [] };
  if (!view) return map;
  for (const c of view.choices) {
    if (isMove(c)) {
      const k = cardKey(c.zone!, c.card!);
      map.moves.set(k, [...(map.moves.get(k) ?? []), c]);
    } else if (targetsCard(c)) {
      map.onCard.set(cardKey(c.zone!, c.card!), c);
    }
    if (view.list_choices || !targetsCard(c)) map.buttons.push(c);
  }
  return map;
}

/** The move choice that takes the card at `from` to `to` in `zone`, if it is legal. */
export function findMove(map: ChoiceMap, zone: number, from: number, to: number): Choice | undefined {
  return map.moves.get(cardKey(zone, from))?.find((c) => c.to === to);
}

/** Zones holding cards the viewer may pick (the offered fan), in zone order. */
export function pickZones(map: ChoiceMap): number[] {
  const zones = new Set<number>();
  for (const k of map.onCard.keys()) zones.add(Number(k.split(':')[0]));
  return [...zones].sort((a, b) => a - b);
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
