// The viewer's buttons: the choices not tied to cards (and every choice where
// the view lists them all), the choices reached by selecting cards, and the
// moves of a selected card. Each shows its key as a hint where it is one word.
import { useContext, useEffect } from 'preact/hooks';
import { findMove, isShortcut, parseKey, pickSet, selectionChoices, type ChoiceMap } from './choices';
import { TableCtx } from './interact';
import type { Choice } from './protocol';
import { renderTokens } from './tokens';

/** More buttons than this are drawn smaller, so that your seat stays low (a call with a number, say). */
const MANY = 6;

/** Selection choices shown at most; beyond, the person narrows them by selecting. */
const MAX_SHOWN = 8;

export function ChoiceButton({ c, busy, onAct, disabled = false, extra = '' }: { c: Choice; busy: boolean; onAct: (c: Choice) => void; disabled?: boolean; extra?: string }) {
  const hint = isShortcut(c.key);
  return (
    <button
      type="button"
      class={`choice${extra ? ` ${extra}` : ''}`}
      data-action={c.action}
      data-key={c.key}
      disabled={busy || disabled}
      aria-keyshortcuts={hint ? c.key : undefined}
      onClick={() => onAct(c)}
    >
      <span class="choice-label">{renderTokens(c.label)}</span>
      {hint && (
        <kbd aria-hidden="true" title={`Type ${c.key}`}>
          {c.key}
        </kbd>
      )}
    </button>
  );
}

export function ChoiceBar({ map, busy }: { map: ChoiceMap; busy: boolean }) {
  const t = useContext(TableCtx);
  const selection = t.selection.map((p) => p.key);
  const want = [...selection].sort().join();
  const listed = new Set(map.buttons.map((c) => c.action));
  const viaSelection = map.sets.filter((c) => !listed.has(c.action));
  const reachable = selectionChoices({ ...map, sets: viaSelection }, selection);
  const single = selection.length === 1 ? selection[0] : null;
  const moves = single ? map.moves.get(single) : undefined;
  const transfers = single ? map.transfers.get(single) : undefined;
  // Cards selected that no choice takes (a meld that is none): the game says why.
  const unmatched = selection.length > 0 && reachable.length === 0 && !moves && !transfers;
  useEffect(() => {
    if (unmatched) t.askWhy(selection);
  }, [unmatched, want, map]);
  if (!map.buttons.length && !viaSelection.length && !moves && !transfers && !unmatched) return null;
  return (
    <div class="choice-bar">
      {map.buttons.length > 0 && (
        <div class={`choices${map.buttons.length > MANY ? ' many' : ''}`} role="group" aria-label="Your choices">
          {map.buttons.map((c) => (
            <ChoiceButton c={c} busy={busy} onAct={t.act} extra={selection.length && pickSet(c).join() === want ? 'matches' : ''} />
          ))}
        </div>
      )}
      {(viaSelection.length > 0 || unmatched) && (
        <div class="choices pick-choices" role="group" aria-label="Choices for the selected cards">
          {selection.length === 0 && <span class="pick-hint">Select cards to play them.</span>}
          {(selection.length > 0 || viaSelection.length <= MAX_SHOWN) &&
            reachable.slice(0, MAX_SHOWN).map(({ choice, exact }) => (
              <ChoiceButton c={choice} busy={busy} onAct={t.act} disabled={!exact} extra="pick-choice" />
            ))}
          {selection.length > 0 && reachable.length > MAX_SHOWN && <span class="pick-hint">and {reachable.length - MAX_SHOWN} more</span>}
          {unmatched && (
            <span class="pick-hint why-not" data-role="why-not" role="status">
              {t.why ? renderTokens(t.why) : 'These cards make no move.'}
            </span>
          )}
          {selection.length > 0 && (
            <button type="button" class="small ghost" data-role="clear-selection" onClick={() => t.pickOne(null)}>
              Clear
            </button>
          )}
        </div>
      )}
      {single && (moves || transfers) && <MoveBar k={single} map={map} busy={busy} />}
    </div>
  );
}

/** The selected card's moves: a step left or right within its zone, or a place elsewhere. */
function MoveBar({ k, map, busy }: { k: string; map: ChoiceMap; busy: boolean }) {
  const t = useContext(TableCtx);
  const [zone, pos] = parseKey(k);
  const step = (d: number) => {
    const c = findMove(map, zone, pos, pos + d);
    if (!c) return;
    t.act(c);
    t.follow(`${zone}:${pos + d}`, t.selection[0]?.card ?? null);
  };
  const moves = map.moves.get(k);
  const card = t.selection[0]?.card;
  return (
    <div class="arrange-bar" role="group" aria-label="Move the selected card">
      {moves && (
        <button type="button" class="small" disabled={busy || !findMove(map, zone, pos, pos - 1)} onClick={() => step(-1)} aria-label="Move left">
          ◀
        </button>
      )}
      <span>Move {card !== null && card !== undefined ? renderTokens(`[[${card}]]`) : `card ${pos + 1}`}</span>
      {moves && (
        <button type="button" class="small" disabled={busy || !findMove(map, zone, pos, pos + 1)} onClick={() => step(1)} aria-label="Move right">
          ▶
        </button>
      )}
      {(map.transfers.get(k) ?? []).map((c) => (
        <ChoiceButton c={c} busy={busy} onAct={t.act} extra="transfer" />
      ))}
    </div>
  );
}
