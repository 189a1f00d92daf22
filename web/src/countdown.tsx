// A timed window's countdown (protocol.md, `window_ms`): where several may act
// at once and each may let it go, people have the table's window_seconds to
// speak; then the server lets it go for them. A bar that shrinks and the
// seconds left, counted down on this page from when the update arrived.
import { useEffect, useState } from 'preact/hooks';
import type { TimedWindow } from './tablestate';

/** Whole seconds to show for `ms` left: 7 from 6001 to 7000, 0 only at the end. */
export function secondsLeft(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** What a screen reader is told: it changes only at the window's milestones. */
export function announcement(s: number, totalMs: number): string {
  if (s === 0) return 'Time is up.';
  if (s <= 5 && secondsLeft(totalMs) > 5) return 'Five seconds left.';
  return `${secondsLeft(totalMs)} seconds to answer.`;
}

/** How often the seconds are looked at: often enough that none is skipped. */
const TICK_MS = 200;

export interface CountdownProps {
  window: TimedWindow;
  /** The viewer may still speak in this window (else it is the others' time). */
  mine: boolean;
  /** For tests: the page's clock. */
  now?: () => number;
}

export function Countdown({ window: w, mine, now = Date.now }: CountdownProps) {
  const [t, setT] = useState(now);
  useEffect(() => {
    setT(now());
    const id = setInterval(() => {
      const n = now();
      setT(n);
      if (n >= w.ends) clearInterval(id);
    }, TICK_MS);
    return () => clearInterval(id);
  }, [w.ends]);
  const left = Math.max(0, w.ends - t);
  const s = secondsLeft(left);
  const fraction = w.total > 0 ? Math.min(1, left / w.total) : 0;
  const words = s === 0 ? 'Time is up' : `${s} second${s === 1 ? '' : 's'} left${mine ? ' to answer' : ''}`;
  return (
    <div
      class={`countdown${mine ? ' mine' : ''}${left <= Math.min(3000, w.total / 3) ? ' low' : ''}`}
      data-role="countdown"
      data-seconds={s}
      data-ms-left={Math.round(left)}
      role="timer"
      aria-label={words}
      title={words}
    >
      <div class="countdown-bar" aria-hidden="true">
        <span class="countdown-fill" style={{ transform: `scaleX(${fraction})` }} />
      </div>
      <span class="countdown-text" aria-hidden="true">
        {s} s
      </span>
      {/* Said when the window opens, when five seconds are left and at the end; not every second. */}
      <span class="sr-only" aria-live="polite">
        {announcement(s, w.total)}
      </span>
    </div>
  );
}
