// What lies over the table for a moment: the summary between two hands, and the
// end of the game.
import { useEffect, useRef } from 'preact/hooks';
import { recordUrl } from './api';
import type { HandResult, View } from './protocol';
import { seatTitle } from './seats';
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

export function BetweenHands({ view, state, onClose }: { view: View; state: TableState; onClose: () => void }) {
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
  return (
    <div class="between-hands" role="dialog" aria-label={over} data-hand={result.hand} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class="between-card">
        <h2>{over}</h2>
        <p class="result">{renderTokens(result.summary)}</p>
        <ResultTable view={view} state={state} result={result} />
        <button type="button" class="primary" ref={button} data-role="next-hand" onClick={onClose}>
          On to the next hand
        </button>
        <div class="between-timer" style={{ animationDuration: `${BETWEEN_HANDS_MS}ms` }} aria-hidden="true" />
      </div>
    </div>
  );
}

export function EndPanel({ view, state, onRematch, onHide }: { view: View; state: TableState; onRematch: () => void; onHide: () => void }) {
  const scored = view.seats.some((s) => s.score !== 0);
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
  const held = view.seats.some((s) => s.cards > 0);
  return (
    <div class="end-panel" role="dialog" aria-label="Game over">
      <h2>Game over</h2>
      <p class="result">{renderTokens(view.result)}</p>
      <table class="standings">
        <thead>
          <tr>
            {ranked && <th class="num place-col">Place</th>}
            <th class="player-col">Player</th>
            <th>Status</th>
            {held && <th class="num">Cards</th>}
            {scored && <th class="num">Score</th>}
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
              <td>{renderTokens(view.seats[i].status || (view.seats[i].out ? 'out' : ''))}</td>
              {held && (
                <td class="num" data-cards={view.seats[i].cards}>
                  {view.seats[i].cards}
                </td>
              )}
              {scored && <td class="num">{view.seats[i].score}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {view.last_hand && view.hand > 1 && <p class="hint">Last hand: {renderTokens(view.last_hand.summary)}</p>}
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
