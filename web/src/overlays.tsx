// What lies over the table for a moment: the summary between two hands, and the
// end of the game.
import { useEffect, useRef } from 'preact/hooks';
import { recordUrl } from './api';
import type { SoloStats } from './prefs';
import type { HandResult, View } from './protocol';
import { scoreWord, seatTitle } from './seats';
import { SheetTable } from './sheet';
import type { TableState } from './tablestate';
import { renderTokens } from './tokens';

/** Seconds the summary between hands stays up by itself. */
export const BETWEEN_HANDS_MS = 8000;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function ResultTable({ view, state, result }: { view: View; state: TableState; result: HandResult }) {
  return (
    <table class="standings">
      <thead>
        <tr>
          <th class="player-col">Player</th>
          <th class="num">This hand</th>
          <th class="num">Total</th>
        </tr>
      </thead>
      <tbody>
        {view.seats.map((_, i) => (
          <tr class={i === view.viewer ? 'standing-you' : ''} data-seat={i}>
            <td class="standing-name" title={seatTitle(view, state.seats, i)}>
              {seatTitle(view, state.seats, i)}
              {i === view.viewer ? ' (you)' : ''}
            </td>
            <td class="num" data-points={result.points[i] ?? 0}>
              {signed(result.points[i] ?? 0)}
            </td>
            <td class="num" data-total={result.totals[i] ?? 0}>
              {result.totals[i] ?? 0}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface BetweenHandsProps {
  view: View;
  state: TableState;
  /** The story of the move that ended the hand: the cards that decided it. */
  told: string[];
  onClose: () => void;
  summaries: boolean;
  onSummaries: (on: boolean) => void;
  /** A sheet over the table (a phone, with no room beside it), which a
   * player may put away to look at the table; else beside the table. */
  sheet?: boolean;
}

/** Lines of the move's story a summary shows at most (the last ones: the end of the hand). */
const TOLD_MAX = 8;

export function BetweenHands({ view, state, told, onClose, summaries, onSummaries, sheet = false }: BetweenHandsProps) {
  const result = view.last_hand!;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = setTimeout(onClose, BETWEEN_HANDS_MS);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [result.hand]);
  const word = view.hand_word || 'hand';
  const over = `${word[0].toUpperCase()}${word.slice(1)} ${result.hand} is over`;
  // The story of the move that ended the hand, less the summary it repeats.
  const lines = told.filter((l) => l !== result.summary).slice(-TOLD_MAX);
  // Beside the table, not over it: the cards on the felt stay in sight.
  return (
    <div class={`between-hands${sheet ? ' sheet' : ''}`} role="dialog" aria-label={over} data-hand={result.hand}>
      <div class="between-card">
        <h2>{over}</h2>
        <p class="result">{renderTokens(result.summary)}</p>
        {lines.length > 0 && (
          <ul class="between-told" data-role="hand-story" aria-label="How it ended">
            {lines.map((l) => (
              <li>{renderTokens(l)}</li>
            ))}
          </ul>
        )}
        <ResultTable view={view} state={state} result={result} />
        <div class="between-actions">
          <button type="button" class="primary" ref={button} data-role="next-hand" onClick={onClose}>
            On to the next {word}
          </button>
          {sheet && (
            <button type="button" class="ghost" data-role="look" onClick={onClose}>
              Look at the table
            </button>
          )}
        </div>
        <label class="between-switch">
          <input type="checkbox" data-role="summaries" checked={summaries} onChange={(e) => onSummaries((e.currentTarget as HTMLInputElement).checked)} />
          Show this after every {word}
        </label>
        <div class="between-timer" style={{ animationDuration: `${BETWEEN_HANDS_MS}ms` }} aria-hidden="true" />
      </div>
    </div>
  );
}

/** A solitaire's record in this browser, under its result. */
function SoloRecord({ stats, title }: { stats: SoloStats; title: string }) {
  const pct = stats.games ? Math.round((100 * stats.wins) / stats.games) : 0;
  return (
    <p class="solo-stats" data-role="solo-stats" data-games={stats.games} data-wins={stats.wins} data-streak={stats.streak}>
      {title} in this browser: {stats.games} played, {stats.wins} won ({pct}%); {stats.streak} won in a row now, best {stats.best}.
    </p>
  );
}

export function EndPanel({
  view,
  state,
  stats,
  onRematch,
  onHide,
}: {
  view: View;
  state: TableState;
  stats?: SoloStats | null;
  onRematch: () => void;
  onHide: () => void;
}) {
  const word = scoreWord(view);
  const scored = !!word && view.seats.some((s) => s.score !== 0);
  // The seats' public numbers (lives, chips), each a column of its own.
  const counters = [...new Set(view.seats.flatMap((s) => (s.counters ?? []).map((c) => c.name)))];
  const counter = (i: number, name: string) => view.seats[i].counters?.find((c) => c.name === name)?.value;
  // A match of several hands ends with the last hand's leftovers in the
  // seats' status and cards ("dealer", "natural 8"): they say nothing of it.
  const oneHand = view.hand <= 1;
  // Places come with the result (any game); without them, by score.
  const places = state.outcome?.places.length === view.seats.length ? state.outcome.places : null;
  const seats = view.seats.map((_, i) => i);
  const order = places
    ? seats.sort((a, b) => places[a] - places[b])
    : scored
      ? seats.sort((a, b) => view.seats[b].score - view.seats[a].score)
      : seats;
  const ranked = places !== null && state.outcome?.kind !== 'solo';
  // Cards still held at the end say who did best where that decides (the fewest win, or the one left holding loses).
  const held = oneHand && view.seats.some((s) => s.cards > 0);
  const status = oneHand && view.seats.some((s) => s.status || s.out);
  return (
    <div class="end-panel" role="dialog" aria-label="Game over">
      <h2>{state.outcome?.kind === 'solo' && state.outcome.places[0] === 1 ? 'Won!' : 'Game over'}</h2>
      <p class="result">{renderTokens(view.result)}</p>
      <table class="standings">
        <thead>
          <tr>
            {ranked && <th class="num place-col">Place</th>}
            <th class="player-col">Player</th>
            {status && <th>Status</th>}
            {held && <th class="num">Cards</th>}
            {counters.map((c) => (
              <th class="num" data-counter={c}>
                {c[0].toUpperCase() + c.slice(1)}
              </th>
            ))}
            {scored && <th class="num">{word![0].toUpperCase() + word!.slice(1)}</th>}
          </tr>
        </thead>
        <tbody>
          {order.map((i) => (
            <tr class={i === view.viewer ? 'standing-you' : ''} data-seat={i}>
              {ranked && places && (
                <td class="num" data-place={places[i]}>
                  {places[i]}
                </td>
              )}
              <td class="standing-name" title={seatTitle(view, state.seats, i)}>
                {seatTitle(view, state.seats, i)}
                {i === view.viewer ? ' (you)' : ''}
              </td>
              {status && <td>{renderTokens(view.seats[i].status || (view.seats[i].out ? 'out' : ''))}</td>}
              {held && (
                <td class="num" data-cards={view.seats[i].cards}>
                  {view.seats[i].cards}
                </td>
              )}
              {counters.map((c) => (
                <td class="num" data-counter={c}>
                  {counter(i, c) ?? ''}
                </td>
              ))}
              {scored && <td class="num">{view.seats[i].score}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {view.sheet && <SheetTable sheet={view.sheet} />}
      {view.last_hand && view.hand > 1 && <p class="hint">Last hand: {renderTokens(view.last_hand.summary)}</p>}
      {stats && <SoloRecord stats={stats} title={state.title || view.game} />}
      <div class="end-actions">
        {view.viewer >= 0 && (
          <button type="button" class="primary" data-role="rematch" onClick={onRematch}>
            Rematch
          </button>
        )}
        {state.table && (
          <a class="button" data-role="record" href={recordUrl(state.table)} download={`parlour-${state.table}.json`}>
            Download record
          </a>
        )}
        <a class="button" href="#/">
          Lobby
        </a>
        <button type="button" class="ghost" onClick={onHide}>
          Look at the table
        </button>
      </div>
    </div>
  );
}
