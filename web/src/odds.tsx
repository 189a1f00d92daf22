// Live odds: a switch, and each seat's chance of the game's event from what the
// viewer's seat can know, for the view on show only (figures for an older or
// newer version wait); in games for stakes, each seat's expected result per
// chip under the optimal play, the table's edge and the optimal choice at the
// viewer's move. Data attributes carry the raw figures for tests.
import type { OddsFigures, SeatPresence, View } from './protocol';
import { oddsFigure, percent, seatTitle } from './seats';

export interface OddsPanelProps {
  on: boolean;
  onSwitch: (on: boolean) => void;
  /** The last odds message, whatever its version. */
  odds: OddsFigures | null;
  version: number | null;
  view: View | null;
  seats: SeatPresence[];
}

export function OddsPanel({ on, onSwitch, odds, version, view, seats }: OddsPanelProps) {
  const current = odds && version !== null && odds.version === version ? odds : null;
  const stakes = current?.kind === 'per_chip' || current?.kind === 'counters';
  return (
    <div class="odds-panel" data-odds-on={on ? 'true' : 'false'}>
      <label class="switch">
        <input type="checkbox" role="switch" checked={on} data-role="odds-switch" onChange={(e) => onSwitch(e.currentTarget.checked)} />
        <span>Live odds</span>
      </label>
      {!on ? (
        <p class="hint">Each player's chance (or, playing for stakes, the edge and the optimal choice), worked out from what you can see, after every move.</p>
      ) : !current ? (
        <p class="hint" data-odds-waiting="true">
          Working out the odds…
        </p>
      ) : current.error ? (
        <p class="hint" data-odds-error="true">
          No odds now: {current.error}
        </p>
      ) : (
        <div class="odds-figures" data-odds-version={current.version} data-odds-exact={current.exact ? 'true' : 'false'} data-odds-kind={current.kind ?? 'chance'}>
          {current.advice && (
            <p class="odds-advice" data-odds-advice="true">
              <strong>Optimal:</strong> {current.advice}
            </p>
          )}
          <p class="odds-event">{stakes ? 'Expected ' : 'Chance of '}{current.event ?? 'the event'}:</p>
          <table class="odds-table">
            <tbody>
              {(current.seats ?? []).map((p, s) => (
                <tr class={view && s === view.viewer ? 'mine' : ''}>
                  <td class="odds-name" title={seatTitle(view, seats, s)}>
                    {seatTitle(view, seats, s)}
                  </td>
                  <td class="num" data-odds-seat={s} data-odds-value={p} data-odds-version={current.version}>
                    {oddsFigure(current.kind, p, 4)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p class="odds-how">
            {current.exact
              ? 'Exact'
              : stakes
                ? `Not exact${current.precision ? `, within ±${current.precision.toExponential(1)}` : ''}`
                : `Estimated by sampling${current.precision ? `, within ±${percent(current.precision)}` : ''}`}
            {current.kind === 'per_chip' ? ' · per chip staked, all playing the optimal strategy' : ''}
            {current.kind === 'counters' ? ' · counters a hand, all playing the optimal strategy' : ''}
            {' · after move '}
            {current.version}
          </p>
          {(current.notes ?? []).map((n) => (
            <p class="odds-note" data-odds-note="true">
              {n}
            </p>
          ))}
          {current.method && <p class="odds-method">{current.method}</p>}
        </div>
      )}
    </div>
  );
}
