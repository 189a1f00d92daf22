// The viewer's own hand, large, faces up. When the view offers moves within it
// (rearranging a fan before offering it), a card can be dragged to a new
// place, or selected (click, Enter) and moved with the arrow keys.
import { useEffect, useRef, useState } from 'preact/hooks';
import { findMove, type ChoiceMap, cardKey } from './choices';
import type { Choice, Zone } from './protocol';
import { CardFace } from './cards';
import { CardSlot } from './zone';
import { cardName, renderTokens } from './tokens';

interface HandProps {
  zone: Zone;
  index: number;
  keys: string[];
  map: ChoiceMap;
  onAct: (c: Choice) => void;
}

interface Drag {
  from: number;
  pointer: number;
  x0: number;
  y0: number;
  moving: boolean;
  /** Card centres at the start, to find the place the card is dropped on. */
  centres: number[];
  target: number;
}

/** The position whose card centre is nearest to x. */
export function dropTarget(centres: number[], x: number): number {
  let best = 0;
  for (let i = 1; i < centres.length; i++) if (Math.abs(centres[i] - x) < Math.abs(centres[best] - x)) best = i;
  return best;
}

export function Hand({ zone, index, keys, map, onAct }: HandProps) {
  const [selected, setSelected] = useState<number | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [dx, setDx] = useState(0);
  const row = useRef<HTMLDivElement>(null);
  const canMove = (pos: number) => map.moves.has(cardKey(index, pos));
  const arranging = zone.cards.some((_, pos) => canMove(pos));

  // A selection outlives neither the moves nor the cards it pointed at.
  useEffect(() => {
    if (selected !== null && (!arranging || selected >= zone.cards.length)) setSelected(null);
  }, [arranging, zone.cards.length, selected]);

  // After a move is sent the selection follows the card to its new place, and
  // keyboard focus with it, so that arrow keys can go on moving it.
  useEffect(() => {
    if (selected === null) return;
    const el = row.current?.querySelectorAll<HTMLElement>('.card')[selected];
    if (el && row.current?.contains(document.activeElement)) el.focus();
  }, [selected, zone.cards]);

  const move = (from: number, to: number) => {
    const c = findMove(map, index, from, to);
    if (!c) return false;
    onAct(c);
    setSelected(to);
    return true;
  };

  const onKeyDown = (pos: number) => (e: KeyboardEvent) => {
    if (!canMove(pos)) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      e.stopPropagation();
      if (selected !== pos) setSelected(pos);
      else move(pos, pos + (e.key === 'ArrowLeft' ? -1 : 1));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      move(pos, e.key === 'Home' ? 0 : zone.cards.length - 1);
    } else if (e.key === 'Escape') {
      setSelected(null);
    }
  };

  const onPointerDown = (pos: number) => (e: PointerEvent) => {
    if (!canMove(pos) || e.button !== 0) return;
    const cards = row.current ? [...row.current.querySelectorAll<HTMLElement>('.card')] : [];
    const centres = cards.map((c) => {
      const r = c.getBoundingClientRect();
      return r.left + r.width / 2;
    });
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    setDrag({ from: pos, pointer: e.pointerId, x0: e.clientX, y0: e.clientY, moving: false, centres, target: pos });
    setDx(0);
  };

  const onPointerMove = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    const moved = Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) > 6;
    if (!drag.moving && !moved) return;
    const target = dropTarget(drag.centres, drag.centres[drag.from] + (e.clientX - drag.x0));
    setDrag({ ...drag, moving: true, target });
    setDx(e.clientX - drag.x0);
  };

  const onPointerUp = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    if (drag.moving && drag.target !== drag.from) move(drag.from, drag.target);
    else if (!drag.moving) setSelected(selected === drag.from ? null : drag.from);
    setDrag(null);
    setDx(0);
  };

  const n = zone.cards.length;
  return (
    <div
      class={`zone zone-hand own-hand size-lg spread${arranging ? ' arranging' : ''}`}
      data-zone-kind={zone.kind}
      data-owner={zone.owner}
      data-zone-index={index}
      aria-label={`Your hand: ${n} card${n === 1 ? '' : 's'}${arranging ? '. Select a card, then move it with the arrow keys' : ''}`}
      style={{ '--n': Math.max(n, 1) }}
    >
      <div class="zone-cards" ref={row} role={arranging ? 'listbox' : undefined} aria-orientation="horizontal">
        {zone.cards.map((c, pos) => {
          const movable = canMove(pos);
          const dragging = drag?.moving && drag.from === pos;
          const cls = [
            movable ? 'movable' : '',
            selected === pos ? 'selected' : '',
            dragging ? 'dragging' : '',
            drag?.moving && drag.target === pos && drag.from !== pos ? (drag.target < drag.from ? 'drop-before' : 'drop-after') : '',
          ]
            .filter(Boolean)
            .join(' ');
          if (!movable)
            return <CardSlot card={c} flip={keys[pos]} class={cls} pick={map.onCard.get(cardKey(index, pos))} onPick={onAct} />;
          const name = c.index !== null ? cardName(c.index) : 'a face-down card';
          return (
            <div
              class={`card ${c.index !== null ? 'face' : 'back'} ${cls}`}
              data-flip={keys[pos]}
              data-card-index={c.index ?? undefined}
              data-pos={pos}
              role="option"
              aria-selected={selected === pos}
              aria-label={`${name}, position ${pos + 1} of ${n}`}
              tabIndex={0}
              style={dragging ? { transform: `translate(${dx}px, -18px)`, zIndex: 40 } : undefined}
              onPointerDown={onPointerDown(pos)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => setDrag(null)}
              onKeyDown={onKeyDown(pos)}
              onKeyUp={(e) => {
                if (e.key === 'Enter' || e.key === ' ') setSelected(selected === pos ? null : pos);
              }}
            >
              {c.index !== null && <CardFace index={c.index} />}
            </div>
          );
        })}
      </div>
      {arranging && selected !== null && selected < n && (
        <div class="arrange-bar" role="group" aria-label="Move the selected card">
          <button type="button" class="small" disabled={!findMove(map, index, selected, selected - 1)} onClick={() => move(selected, selected - 1)} aria-label="Move left">
            ◀
          </button>
          <span>
            Move {zone.cards[selected].index !== null ? renderTokens(`[[${zone.cards[selected].index}]]`) : `card ${selected + 1}`}
          </span>
          <button type="button" class="small" disabled={!findMove(map, index, selected, selected + 1)} onClick={() => move(selected, selected + 1)} aria-label="Move right">
            ▶
          </button>
        </div>
      )}
    </div>
  );
}
