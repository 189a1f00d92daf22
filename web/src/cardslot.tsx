// One card of a zone, as the viewer may use it: a face or a back; a button when a
// click acts or selects; a card to drag (within its zone, or to another zone)
// and to move with the keyboard when the view offers moves. The markup carries
// data attributes (card index, known index, key, action) so that tests can check
// that no hidden card ever reaches the page.
import type { ComponentChildren } from 'preact';
import { useContext, useRef, useState } from 'preact/hooks';
import { CardFace } from './cards';
import { cardKey, findMove, findTransfer, transferZones } from './choices';
import { isSelected, TableCtx, type TableCtxValue } from './interact';
import type { CardView } from './protocol';
import { cardName, renderTokens, tokensToText } from './tokens';

export interface CardSlotProps {
  card: CardView;
  zone: number;
  pos: number;
  /** Animation key (flip.ts). */
  flip?: string;
  /** Shown under a pickable card: the key to type. */
  hint?: string;
  /** The card lies face down before someone else: even if the viewer knows it
   * (they gave it away), it shows as a back with the name as a reminder. */
  peek?: boolean;
  /** Where a drag measures drop places: along rows (x) or down columns (y). */
  axis?: 'x' | 'y';
  class?: string;
  style?: Record<string, string | number>;
  /** Words for the card beyond its name ("played by Ann"). */
  caption?: string;
}

interface Drag {
  pointer: number;
  x0: number;
  y0: number;
  moving: boolean;
  /** Centres of the zone's cards at the start, to find the place dropped on. */
  centres: number[];
  target: number;
}

/** The position whose card centre is nearest to a coordinate. */
export function dropTarget(centres: number[], x: number): number {
  let best = 0;
  for (let i = 1; i < centres.length; i++) if (Math.abs(centres[i] - x) < Math.abs(centres[best] - x)) best = i;
  return best;
}

/** The zone (and place in it) under a point, other than the dragged card's own element. */
function zoneAt(x: number, y: number, self: Element): { zone: number; pos?: number } | null {
  const stack = typeof document.elementsFromPoint === 'function' ? document.elementsFromPoint(x, y) : [];
  for (const el of stack) {
    if (self.contains(el)) continue;
    const slot = el.closest<HTMLElement>('[data-pos]');
    const zone = el.closest<HTMLElement>('[data-zone-index]');
    if (zone) return { zone: Number(zone.dataset.zoneIndex), pos: slot && zone.contains(slot) ? Number(slot.dataset.pos) : undefined };
  }
  return null;
}

export function CardSlot(props: CardSlotProps) {
  const { card, zone, pos, flip, hint, peek = false, caption } = props;
  const t = useContext(TableCtx);
  const k = cardKey(zone, pos);
  if (card.empty) return <div class="card empty-slot" data-pos={pos} aria-label="an empty place" data-flip={flip} />;
  const peeked = peek && card.index !== null && !card.face_up;
  const known = card.index !== null && !peeked;
  const what = card.index !== null ? cardName(card.index) : 'a face-down card';
  const selected = isSelected(t, k);
  const cls = [
    'card',
    known ? 'face' : 'back',
    card.face_up ? 'face-up' : '',
    peeked ? 'peek' : '',
    selected ? 'selected' : '',
    props.class ?? '',
  ];
  const body = (
    <>
      {known ? (
        <CardFace index={card.index!} />
      ) : peeked ? (
        <span class="peek-label" title={`You know this is the ${cardName(card.index!)}`}>
          {renderTokens(`[[${card.index}]]`)}
        </span>
      ) : null}
      {hint && <span class="card-hint">{hint}</span>}
    </>
  );
  const common = {
    'data-flip': flip,
    'data-pos': pos,
    'data-card-key': k,
    'data-card-index': known ? card.index! : undefined,
    'data-known-index': peeked ? card.index! : undefined,
    style: props.style,
  };
  const extra = caption ? `, ${caption}` : '';

  const click = t.map.click.get(k);
  if (click)
    return (
      <button
        type="button"
        {...common}
        class={[...cls, 'pickable', click.action === t.hint ? 'hint-target' : ''].filter(Boolean).join(' ')}
        data-action={click.action}
        aria-label={`${tokensToText(click.label)}: ${what}${extra}`}
        title={tokensToText(click.label)}
        onClick={() => t.act(click)}
      >
        {body}
      </button>
    );
  if (t.map.moves.has(k) || t.map.transfers.has(k))
    return <MovableCard {...props} t={t} k={k} cls={cls.filter(Boolean).join(' ')} body={body} common={common} what={what + extra} />;
  if (t.map.selectable.has(k))
    return (
      <button
        type="button"
        {...common}
        class={[...cls, 'selectable'].filter(Boolean).join(' ')}
        aria-pressed={selected}
        aria-label={`${what}${extra}: ${selected ? 'selected' : 'select'}`}
        title={selected ? 'Selected: click to put it back' : 'Click to select'}
        onClick={() => t.toggle(k, card.index)}
      >
        {body}
      </button>
    );
  return (
    <div {...common} class={cls.filter(Boolean).join(' ')} title={known ? cardName(card.index!) + extra : caption}>
      {body}
    </div>
  );
}

interface MovableProps extends CardSlotProps {
  t: TableCtxValue;
  k: string;
  cls: string;
  body: ComponentChildren;
  common: Record<string, unknown>;
  what: string;
}

/** A card the viewer may move: dragged with a pointer, or selected and moved with keys. */
function MovableCard({ card, zone, pos, axis = 'x', t, k, cls, body, common, what }: MovableProps) {
  // The drag lives in a ref: pointer events may come faster than renders.
  const drag = useRef<Drag | null>(null);
  const [offset, setOffset] = useState<[number, number] | null>(null);
  const marked = useRef<Element | null>(null);
  const selected = isSelected(t, k);
  const within = t.map.moves.has(k);
  const elsewhere = transferZones(t.map, k);
  // The hint on show, where it moves this card: a click takes it, so that a
  // player can follow hints by tapping. Else the card's first move, where the
  // game puts it (direct): a click does it.
  const here = [...(t.map.transfers.get(k) ?? []), ...(t.map.moves.get(k) ?? [])];
  const hinted = t.hint === null ? undefined : here.find((c) => c.action === t.hint);
  const direct = hinted ?? t.map.direct.get(k);
  // From the keyboard, a card with several places to go is selected, and the
  // place chosen after (a pointer drags it to another place than its first).
  const byKey = hinted ?? (here.length === 1 ? direct : undefined);
  const count = () => (document.querySelector(`[data-zone-index="${zone}"] .zone-cards`)?.querySelectorAll(':scope > .card').length ?? 0);

  const mark = (el: Element | null, how?: string) => {
    marked.current?.classList.remove('drop-before', 'drop-after');
    marked.current = el;
    if (el && how) el.classList.add(how);
  };

  const move = (to: number) => {
    const c = findMove(t.map, zone, pos, to);
    if (!c) return false;
    t.act(c);
    t.follow(cardKey(zone, to), card.index);
    return true;
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const forward = axis === 'x' ? 'ArrowRight' : 'ArrowDown';
    const back = axis === 'x' ? 'ArrowLeft' : 'ArrowUp';
    if (within && (e.key === forward || e.key === back)) {
      e.preventDefault();
      e.stopPropagation();
      if (!selected) t.pickOne(k, card.index);
      else move(pos + (e.key === back ? -1 : 1));
    } else if (within && (e.key === 'Home' || e.key === 'End')) {
      e.preventDefault();
      move(e.key === 'Home' ? 0 : count() - 1);
    } else if (e.key === 'Escape') {
      t.pickOne(null);
    } else if (e.key === ' ') {
      e.preventDefault(); // selects on key up, as Enter does; the page does not scroll
    }
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    const el = e.currentTarget as HTMLElement;
    const siblings = el.parentElement ? [...el.parentElement.querySelectorAll<HTMLElement>(':scope > .card')] : [];
    const centres = siblings.map((c) => {
      const r = c.getBoundingClientRect();
      return axis === 'x' ? r.left + r.width / 2 : r.top + r.height / 2;
    });
    el.setPointerCapture?.(e.pointerId);
    drag.current = { pointer: e.pointerId, x0: e.clientX, y0: e.clientY, moving: false, centres, target: pos };
  };

  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointer) return;
    const dx = e.clientX - d.x0;
    const dy = e.clientY - d.y0;
    if (!d.moving && Math.hypot(dx, dy) <= 6) return;
    if (!d.moving && elsewhere.length && !selected) t.pickOne(k, card.index);
    d.moving = true;
    d.target = d.centres.length ? dropTarget(d.centres, d.centres[pos] + (axis === 'x' ? dx : dy)) : pos;
    const el = e.currentTarget as HTMLElement;
    const over = el.parentElement?.querySelectorAll(':scope > .card')[d.target] ?? null;
    mark(within && d.target !== pos ? over : null, d.target < pos ? 'drop-before' : 'drop-after');
    setOffset(within && !elsewhere.length ? [dx, 0] : [dx, dy]);
  };

  const onPointerUp = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || e.pointerId !== d.pointer) return;
    drag.current = null;
    mark(null);
    setOffset(null);
    if (!d.moving) {
      if (direct) t.act(direct);
      else t.pickOne(selected ? null : k, card.index);
      return;
    }
    const at = elsewhere.length ? zoneAt(e.clientX, e.clientY, e.currentTarget as Element) : null;
    if (at && at.zone !== zone && elsewhere.includes(at.zone)) {
      const c = findTransfer(t.map, k, at.zone, at.pos);
      if (c) t.act(c);
    } else if (within && d.target !== pos) {
      move(d.target);
    }
  };

  const dragging = offset !== null;
  return (
    <div
      {...common}
      class={`${cls} movable${elsewhere.length ? ' goes-elsewhere' : ''}${direct ? ' pickable' : ''}${hinted ? ' hint-target' : ''}${dragging ? ' dragging' : ''}`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={
        direct && !byKey
          ? `${what}: a click will ${tokensToText(direct.label)}; Enter selects it, then choose where it goes`
          : direct
          ? `${tokensToText(direct.label)}: ${what}`
          : `${what}, place ${pos + 1}${within ? '. Enter selects it; the arrow keys move it' : '. Enter selects it; then choose where it goes'}`
      }
      title={direct ? tokensToText(direct.label) : undefined}
      data-action={direct?.action}
      style={offset ? { transform: `translate(${offset[0]}px, ${offset[1] - 18}px)`, zIndex: 40 } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        mark(null);
        setOffset(null);
      }}
      onKeyDown={onKeyDown}
      onKeyUp={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        if (byKey) t.act(byKey);
        else t.pickOne(selected ? null : k, card.index);
      }}
    >
      {body}
    </div>
  );
}
