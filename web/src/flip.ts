// Card moves animate with FLIP: remember where every card was, let the new view
// render, then play each card from its old place to its new one. Cards are
// matched by a key: their index when known (with an occurrence number, as two
// packs hold equal cards), else their zone and position. A card whose key is new
// (a face-down card that became known on the way, say) flies in from where a
// vanished card was, if one vanished in the same update.
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { RefObject } from 'preact';

export const FLIP_MS = 300;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

type Rects = Map<string, Box>;

// Relative to the root, so that scrolling the page between two updates does not
// read as every card moving.
function measure(root: HTMLElement): Rects {
  const rects: Rects = new Map();
  const origin = root.getBoundingClientRect();
  root.querySelectorAll<HTMLElement>('[data-flip]').forEach((el) => {
    const r = el.getBoundingClientRect();
    rects.set(el.dataset.flip!, { left: r.left - origin.left, top: r.top - origin.top, width: r.width, height: r.height });
  });
  return rects;
}

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function play(el: HTMLElement, from: Box, to: Box): void {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const sx = to.width ? from.width / to.width : 1;
  const sy = to.height ? from.height / to.height : 1;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(sx - 1) < 0.01) return;
  if (typeof el.animate !== 'function') return;
  const flight = el.animate(
    [
      { transformOrigin: 'top left', transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, zIndex: 50 },
      { transformOrigin: 'top left', transform: 'none', zIndex: 50 },
    ],
    { duration: FLIP_MS, easing: 'cubic-bezier(.2,.7,.3,1)' },
  );
  // A card in flight lies over everything (z-index 50): it must not take a
  // click meant for what it passes over ("I'm back" while a stand-in plays,
  // a button of the choice bar), nor be clicked itself before it lands.
  el.style.pointerEvents = 'none';
  const landed = () => {
    // (Unless another flight of the same card is still under way.)
    const others = typeof el.getAnimations === 'function' ? el.getAnimations().filter((a) => a !== flight && a.playState === 'running') : [];
    if (others.length === 0) el.style.pointerEvents = '';
  };
  flight.addEventListener('finish', landed);
  flight.addEventListener('cancel', landed);
}

/** Animates the cards under `root` whenever `version` changes. */
export function useFlip(root: RefObject<HTMLElement | null>, version: unknown): void {
  const last = useRef<Rects>(new Map());
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const before = last.current;
    const after = measure(el);
    last.current = after;
    if (before.size === 0 || reducedMotion()) return;
    const vanished = [...before.keys()].filter((k) => !after.has(k));
    const nodes = new Map<string, HTMLElement>();
    el.querySelectorAll<HTMLElement>('[data-flip]').forEach((n) => nodes.set(n.dataset.flip!, n));
    for (const [key, rect] of after) {
      const node = nodes.get(key)!;
      const old = before.get(key) ?? (vanished.length ? before.get(vanished.shift()!) : undefined);
      if (old) play(node, old, rect);
    }
  }, [version]);
}
