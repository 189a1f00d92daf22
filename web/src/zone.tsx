// A zone of cards as the view gives it: face-down cards as backs, known cards
// as faces, cards the viewer may pick as buttons. The markup carries data
// attributes (zone kind, owner, card index) so that tests can check that no
// hidden card ever reaches the page.
import type { ComponentChildren } from 'preact';
import { CardFace } from './cards';
import type { Choice, CardView, View, Zone } from './protocol';
import { cardName, renderTokens, tokensToText } from './tokens';

export type CardSize = 'lg' | 'md' | 'sm' | 'xs';

/** Animation keys of every card of the view, zone by zone (see flip.ts). */
export function flipKeys(view: View): string[][] {
  const seen = new Map<number, number>();
  return view.zones.map((z) =>
    z.cards.map((c, pos) => {
      if (c.index === null) return `${z.kind}/${z.owner}/${pos}`;
      const n = seen.get(c.index) ?? 0;
      seen.set(c.index, n + 1);
      return `c${c.index}#${n}`;
    }),
  );
}

interface CardSlotProps {
  card: CardView;
  flip?: string;
  pick?: Choice;
  onPick?: (c: Choice) => void;
  /** Shown under a pickable face-down card: the number to type. */
  hint?: string;
  /** The card lies face down before someone else: even if the viewer knows it
   * (they gave it away), it shows as a back with the name as a reminder. */
  peek?: boolean;
  class?: string;
  children?: ComponentChildren;
}

export function CardSlot({ card, flip, pick, onPick, hint, peek = false, class: extra }: CardSlotProps) {
  const peeked = peek && card.index !== null && !card.face_up;
  const known = card.index !== null && !peeked;
  const cls = ['card', known ? 'face' : 'back', card.face_up ? 'face-up' : '', peeked ? 'peek' : '', pick ? 'pickable' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
  const body = known ? (
    <CardFace index={card.index!} />
  ) : peeked ? (
    <span class="peek-label" title={`You know this is the ${cardName(card.index!)}`}>
      {renderTokens(`[[${card.index}]]`)}
    </span>
  ) : null;
  const common = {
    class: cls,
    'data-flip': flip,
    'data-card-index': known ? card.index! : undefined,
    'data-known-index': peeked ? card.index! : undefined,
  };
  if (pick && onPick) {
    const what = card.index !== null ? cardName(card.index) : 'a face-down card';
    return (
      <button
        type="button"
        {...common}
        data-action={pick.action}
        aria-label={`${tokensToText(pick.label)}: ${what}`}
        title={tokensToText(pick.label)}
        onClick={() => onPick(pick)}
      >
        {body}
        {hint && <span class="card-hint">{hint}</span>}
      </button>
    );
  }
  return (
    <div {...common} title={known ? cardName(card.index!) : undefined}>
      {body}
    </div>
  );
}

interface ZoneViewProps {
  zone: Zone;
  index: number;
  keys: string[];
  size: CardSize;
  /** Pickable cards by position. */
  picks?: Map<number, Choice>;
  onPick?: (c: Choice) => void;
  /** Large piles of face-down cards collapse to a stack with a count. */
  pileOver?: number;
  label?: boolean;
  /** Someone else's face-down cards: known ones still show as backs (see CardSlot). */
  peek?: boolean;
  class?: string;
}

export function ZoneView({ zone, index, keys, size, picks, onPick, pileOver = 12, label = false, peek = false, class: extra }: ZoneViewProps) {
  const n = zone.cards.length;
  const allHidden = zone.cards.every((c) => c.index === null);
  const asPile = !picks?.size && allHidden && n > pileOver;
  const cls = ['zone', `zone-${zone.kind}`, `size-${size}`, asPile ? 'pile' : 'spread', extra ?? ''].filter(Boolean).join(' ');
  return (
    <div
      class={cls}
      data-zone-kind={zone.kind}
      data-owner={zone.owner}
      data-zone-index={index}
      aria-label={`${zone.name}: ${n} card${n === 1 ? '' : 's'}`}
      style={{ '--n': Math.max(n, 1), '--groups': Math.max(Math.ceil(n / 2), 1) }}
    >
      {label && (
        <div class="zone-label">
          {zone.name}
          {n > 0 && <span class="count">{n}</span>}
        </div>
      )}
      <div class="zone-cards">
        {asPile ? (
          // Only the top few as backs: a pile, not a carpet.
          zone.cards.slice(n - 3).map((c, i) => <CardSlot card={c} flip={keys[n - 3 + i]} class="in-pile" />)
        ) : (
          zone.cards.map((c, pos) => (
            <CardSlot card={c} flip={keys[pos]} pick={picks?.get(pos)} onPick={onPick} hint={picks?.get(pos)?.key} peek={peek} />
          ))
        )}
        {asPile && !label && <span class="pile-count">{n}</span>}
        {n === 0 && <div class="card empty-slot" aria-hidden="true" />}
      </div>
      {zone.note && <div class="zone-note">{renderTokens(zone.note)}</div>}
    </div>
  );
}

/** The positions of a zone that carry a pick choice. */
export function picksFor(onCard: Map<string, Choice>, zone: number): Map<number, Choice> {
  const out = new Map<number, Choice>();
  for (const [k, c] of onCard) {
    const [z, pos] = k.split(':').map(Number);
    if (z === zone) out.set(pos, c);
  }
  return out;
}
