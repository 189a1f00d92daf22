// What changed between two views that a person may want to hear about: their
// turn came, a card was drawn (a hand's count changed: cards went from one
// place to another), the game ended. Pure, so
// that tests can check it; the page turns these into sounds and notifications.
import type { View } from './protocol';

export type Signal = 'turn' | 'card' | 'end';

/** The viewer may act in this view. */
export function mayAct(view: View | null): boolean {
  return !!view && view.viewer >= 0 && !view.terminal && view.actors.includes(view.viewer) && view.choices.length > 0;
}

export function signalsBetween(prev: View | null, next: View | null): Signal[] {
  if (!prev || !next) return [];
  const out: Signal[] = [];
  if (next.terminal && !prev.terminal) out.push('end');
  else if (mayAct(next) && !mayAct(prev)) out.push('turn');
  if (!next.terminal && next.hand === prev.hand && next.seats.some((s, i) => prev.seats[i] !== undefined && s.cards !== prev.seats[i].cards))
    out.push('card');
  return out;
}
