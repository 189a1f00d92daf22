// The card table: renders the structured view from the server, whatever the
// game. The viewer's seat sits at the bottom, the others round the table
// (up the left, across the top, down the right) on a wide screen and in compact
// rows on a phone; the table's own zones, any fan offered to the viewer and the
// prompt in the middle. No connection here: fed by props, so tests can render it.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ChoiceBar } from './choicebar';
import { Countdown } from './countdown';
import { mapChoices, parseKey, pickZones, refKey, targetZones, toggleSelection } from './choices';
import type { Status } from './connection';
import { useFlip } from './flip';
import { TableCtx, type Picked, type TableCtxValue } from './interact';
import { BetweenHands, EndPanel } from './overlays';
import { countSolo, getSwitch, setSwitch } from './prefs';
import type { CardRef, Choice, View, Zone } from './protocol';
import { RulesDialog } from './rules';
import { arrangeSeats, awayText, othersInOrder, percent, Presence, SeatBox, scoreWord, seatNames, seatTitle } from './seats';
import { SidePanel } from './side';
import { currentOdds, type TableState } from './tablestate';
import { renderTokens, setNaming, setSeatNames, tokensToText } from './tokens';
import { TopBar } from './topbar';
import { flipKeys, layoutOf, shortZoneName, zoneActive, ZoneView } from './zone';

export interface TableViewProps {
  state: TableState;
  status: Status;
  statusDetail?: string;
  busy?: boolean;
  onAct: (c: Choice) => void;
  onRematch: () => void;
  onRetry?: () => void;
  onChat?: (text: string) => boolean;
  oddsOn?: boolean;
  onOdds?: (on: boolean) => void;
  onBack?: () => void;
  /** Solitaires: take the last move back; ask for a hint. */
  onUndo?: () => void;
  onRedo?: () => void;
  onHint?: () => void;
  /** Asks why the selected cards make no move. */
  onWhy?: (picks: CardRef[]) => void;
  sound?: boolean;
  onSound?: (on: boolean) => void;
  notify?: boolean;
  onNotify?: (on: boolean) => void;
}

const NARROW = '(max-width: 760px)';
/** More cards than this in your hand on a phone: two rows. */
const BIG_HAND = 12;

/** A solitaire's grid of four rows or more: small cards, so that it fits above the prompt. */
function tallGrid(z: { layout: string; columns?: number; cards: unknown[] }): boolean {
  return z.layout === 'grid' && !!z.columns && z.cards.length / z.columns >= 4;
}

/** True on a phone-sized screen, following the window as it changes. */
/** The zones in order, each run of neighbouring overlapping columns together. */
export function runsOfColumns(zones: Zone[], order: number[]): number[][] {
  const runs: number[][] = [];
  for (const z of order) {
    const last = runs[runs.length - 1];
    if (last && layoutOf(zones[z]) === 'column' && layoutOf(zones[last[0]]) === 'column') last.push(z);
    else runs.push([z]);
  }
  return runs;
}

export function useNarrow(): boolean {
  const query = typeof matchMedia === 'function' ? matchMedia(NARROW) : null;
  const [narrow, setNarrow] = useState(!!query?.matches);
  useEffect(() => {
    if (!query) return;
    const on = () => setNarrow(query.matches);
    query.addEventListener?.('change', on);
    return () => query.removeEventListener?.('change', on);
  }, []);
  return narrow;
}

/** The selection kept across a new view: cards still selectable and still the same card. */
export function keepSelection(selection: Picked[], view: View, map: ReturnType<typeof mapChoices>): Picked[] {
  return selection.filter((p) => {
    const [z, pos] = p.key.split(':').map(Number);
    const c = view.zones[z]?.cards[pos];
    const usable = map.selectable.has(p.key) || map.moves.has(p.key) || map.transfers.has(p.key);
    return !!c && usable && c.index === p.card;
  });
}

/** The last hand's number, to see a new one end while playing. */
function useBetweenHands(view: View | null, lines: string[]) {
  const [shown, setShown] = useState<number | null>(null);
  // What happened in the move that ended the hand: the cards that decided it.
  const [told, setTold] = useState<string[]>([]);
  const [on, setOn] = useState(() => getSwitch('summaries'));
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!view) return;
    const hand = view.last_hand?.hand ?? 0;
    // The first view after a join sets the mark: a summary is news only while playing.
    if (last.current !== undefined && hand !== last.current && hand > 0 && !view.terminal) {
      setShown(hand);
      setTold(lines);
    }
    last.current = hand;
  }, [view]);
  return {
    shown: on && shown !== null && view?.last_hand?.hand === shown,
    told,
    close: () => setShown(null),
    // Summaries after every hand, or none: remembered in this browser.
    on,
    setOn: (v: boolean) => {
      setSwitch('summaries', v);
      setOn(v);
    },
  };
}

export function TableView(props: TableViewProps) {
  const { state, status, statusDetail, busy = false, onAct, onRematch, onRetry, onUndo, onRedo, onHint, onWhy } = props;
  const [rules, setRules] = useState(false);
  const [hideEnd, setHideEnd] = useState(false);
  const [selection, setSelection] = useState<Picked[]>([]);
  const followed = useRef<string | null>(null);
  const felt = useRef<HTMLElement>(null);
  const narrow = useNarrow();
  const view = state.view;
  useFlip(felt, state.version);
  useEffect(() => setHideEnd(false), [view?.terminal]);
  const between = useBetweenHands(view, state.lastLines);
  const map = useMemo(() => mapChoices(view), [view]);
  // A solitaire's end is counted once per table in this browser's record.
  const soloEnd = !!view?.terminal && state.outcome?.kind === 'solo' && (view?.viewer ?? -1) >= 0 && !!state.table;
  const won = soloEnd && state.outcome?.places[0] === 1;
  const solo = useMemo(() => (soloEnd ? countSolo(state.preset || state.game, state.table!, won) : null), [soloEnd, state.table]);
  // Set while rendering, so every text below reads people's and bots' names.
  setSeatNames(seatNames(state.seats));
  // The table's names for its cards (Conquian's Spanish pack), before any is drawn.
  setNaming(view?.card_names);

  // A new view keeps only the selected cards it still lets the viewer use.
  useLayoutEffect(() => {
    if (!view) return;
    setSelection((sel) => keepSelection(sel, view, map));
    // Keyboard focus follows a card the viewer moved, so the arrow keys go on moving it.
    const k = followed.current;
    followed.current = null;
    if (k && felt.current?.contains(document.activeElement)) felt.current.querySelector<HTMLElement>(`[data-card-key="${k}"]`)?.focus();
  }, [view, map]);

  const topBar = (v?: View) => (
    <TopBar
      state={state}
      status={status}
      detail={statusDetail}
      view={v}
      onRules={() => setRules(true)}
      onRetry={onRetry}
      sound={props.sound}
      onSound={props.onSound}
      notify={props.notify}
      onNotify={props.onNotify}
      summaries={between.on}
      onSummaries={v && v.hands !== 1 ? between.setOn : undefined}
    />
  );
  if (!view) {
    return (
      <div class="table-page loading" data-status={status}>
        {topBar()}
        <div class="felt empty">
          <p>{status === 'failed' ? statusDetail ?? 'This table cannot be joined.' : 'Taking a seat…'}</p>
        </div>
        {rules && state.game && <RulesDialog game={state.preset || state.game} onClose={() => setRules(false)} />}
      </div>
    );
  }

  const me = view.viewer;
  const anchor = me >= 0 ? me : 0;
  const hint = state.hint && state.hint.version === state.version && !view.terminal ? state.hint : null;
  const act = busy ? () => {} : onAct;
  // The answer to "why not" for the selection on show, at this version.
  const selected = selection.map((p) => p.key).sort().join();
  const why = state.why && state.why.version === state.version && state.why.picks.map(refKey).sort().join() === selected ? state.why.reason : null;
  const ctx: TableCtxValue = {
    map,
    selection,
    anchor,
    players: view.players,
    hint: hint ? hint.action : null,
    why,
    askWhy: (keys) => onWhy?.(keys.map(parseKey)),
    act: (c) => {
      act(c);
      if (!busy) setSelection([]);
    },
    toggle: (key, card) => setSelection((sel) => toggleSelection(map, sel.map((p) => p.key), key).map((k) => sel.find((p) => p.key === k) ?? { key: k, card })),
    pickOne: (key, card = null) => setSelection(key ? [{ key, card }] : []),
    follow: (key, card) => {
      followed.current = key;
      setSelection([{ key, card }]);
    },
  };
  const keys = flipKeys(view);
  const ownHand = view.zones.findIndex((z) => z.owner === anchor && (layoutOf(z) === 'hand' || layoutOf(z) === 'fan'));
  // A fan offered to the viewer comes to the middle, large: the cards to pick from.
  const featured = new Set(pickZones(map).filter((z) => z !== ownHand && view.zones[z].owner !== anchor && layoutOf(view.zones[z]) === 'fan'));
  const myTurn = me >= 0 && !view.terminal && view.actors.includes(me) && view.choices.length > 0;
  // Where the viewer's cards may go is drawn even while empty.
  const targets = targetZones(map);
  const mine = view.zones
    .map((_, i) => i)
    .filter((z) => view.zones[z].owner === anchor && z !== ownHand && (view.zones[z].cards.length > 0 || zoneActive(ctx, z, view.zones[z]) || targets.has(z)));
  const tableZones = view.zones.map((_, i) => i).filter((z) => view.zones[z].owner < 0 || view.zones[z].owner >= view.players);
  const odds = props.oddsOn ? currentOdds(state) : null;
  const oddsOf = (s: number) => (odds && !odds.error ? odds.seats?.[s] : undefined);
  const others = othersInOrder(view.players, anchor);
  const ring = arrangeSeats(others);
  // With the table nearly to oneself, its zones are drawn larger.
  const roomy = others.length <= 1 && featured.size === 0;
  const waitingSeats = view.actors.filter((s) => s !== me && s >= 0 && s < view.players);
  const waiting = waitingSeats.map((s) => seatTitle(view, state.seats, s));
  const myPresence = state.seats[anchor];
  const myScoreWord = scoreWord(view);
  const away = me >= 0 && myPresence?.away;
  const name = (s: number) => seatTitle(view, state.seats, s);
  // A timed window is open: several may speak, and those who do not are passed for when it ends.
  const timed = !!state.window && !view.terminal;
  const summary =
    between.shown && !view.terminal ? (
      <BetweenHands view={view} state={state} told={between.told} onClose={between.close} summaries={between.on} onSummaries={between.setOn} sheet={narrow} />
    ) : null;
  const seatBox = (s: number) => <SeatBox seat={s} view={view} state={state} keys={keys} featured={featured} odds={oddsOf(s)} oddsKind={odds?.kind} narrow={narrow} />;

  return (
    <TableCtx.Provider value={ctx}>
      <div
        class={`table-page${myTurn ? ' my-turn' : ''}${won ? ' won' : ''}`}
        data-version={state.version ?? ''}
        data-seat={me}
        data-status={status}
        data-terminal={view.terminal ? 'true' : 'false'}
        data-players={view.players}
        data-crowd={others.length > 11 ? 'throng' : others.length > 7 ? 'many' : others.length > 3 ? 'some' : 'few'}
      >
        {topBar(view)}
        <div class="table-main">
          <main class={`felt${ring.left.length ? ' has-sides' : ''}`} ref={felt}>
            <div class="others" aria-label="Other players" data-count={others.length}>
              <div class="ring ring-left">{ring.left.map(seatBox)}</div>
              <div class="ring ring-top">{ring.top.map(seatBox)}</div>
              <div class="ring ring-right">{ring.right.map(seatBox)}</div>
            </div>

            <section class="center" aria-label="The table">
              {(tableZones.length > 0 || featured.size > 0) && (
                <div class="center-zones">
                  {runsOfColumns(view.zones, tableZones).map((run) => {
                    const zones = run.map((z) => (
                      <ZoneView zone={view.zones[z]} index={z} keys={keys[z]} size={roomy && !tallGrid(view.zones[z]) ? 'md' : 'sm'} label peek={!view.terminal} seatName={name} class="table-zone" />
                    ));
                    // Overlapping columns (a tableau) stand in a row of their own, their tops level.
                    return layoutOf(view.zones[run[0]]) === 'column' && run.length > 1 ? (
                      <div class="column-run" style={{ '--run': run.length }}>
                        {zones}
                      </div>
                    ) : (
                      zones
                    );
                  })}
                  {[...featured].map((z) => (
                    <div class="offered" aria-label={`${name(view.zones[z].owner)} holds out ${view.zones[z].cards.length} cards`}>
                      <ZoneView zone={view.zones[z]} index={z} keys={keys[z]} size="lg" peek={!view.terminal} class="fan-offered" />
                    </div>
                  ))}
                </div>
              )}
            </section>

            <section class={`me seat${myTurn ? ' turn' : ''}${mine.length ? ' has-zones' : ''}${timed ? ' timed' : ''}`} data-seat={anchor} aria-label={me >= 0 ? 'You' : name(anchor)}>
              <div class={`prompt${myTurn ? ' mine' : ''}`} aria-live="polite" data-role="prompt">
                {view.terminal ? (
                  renderTokens(view.result)
                ) : myTurn ? (
                  /your (turn|move)/i.test(view.prompt) || !view.prompt || timed ? (
                    renderTokens(view.prompt || 'Your turn.')
                  ) : (
                    // Every prompt says it is your turn, not only what to do
                    // (in a timed window the countdown says it is yours to speak).
                    <>
                      <strong class="your-turn">Your turn.</strong> {renderTokens(view.prompt)}
                    </>
                  )
                ) : waiting.length ? (
                  <>
                    Waiting for <strong>{waiting.join(waiting.length > 2 ? ', ' : ' and ')}</strong>
                    {waiting.length === 1 && view.seats[waitingSeats[0]]?.status ? <> · {renderTokens(view.seats[waitingSeats[0]].status)}</> : null}
                  </>
                ) : (
                  'The cards are being dealt…'
                )}
              </div>
              {timed && <Countdown window={state.window!} mine={myTurn} />}
              {(state.canUndo || state.canHint) && !view.terminal && me >= 0 && (
                <div class="solitaire-help">
                  {state.canUndo && (
                    <button type="button" data-role="undo" disabled={!state.version} onClick={() => onUndo?.()}>
                      Undo
                    </button>
                  )}
                  {state.canUndo && (
                    <button type="button" data-role="redo" disabled={!state.canRedo} onClick={() => onRedo?.()}>
                      Redo
                    </button>
                  )}
                  {state.canHint && (
                    <button type="button" data-role="hint" disabled={!myTurn} onClick={() => onHint?.()}>
                      Hint
                    </button>
                  )}
                  {hint && !hint.doubt && (
                    <span class="hint-line" data-role="hint-text" data-action={hint.action}>
                      Hint ({hint.by}): {renderTokens(hint.label)}
                    </span>
                  )}
                  {hint && hint.doubt && (
                    <span class="hint-line no-line" data-role="hint-text" data-action={hint.action} data-doubt="true" role="status">
                      <strong>No more moves known</strong> that lead anywhere: {renderTokens(hint.doubt)}. A guess: {renderTokens(hint.label)}
                    </span>
                  )}
                </div>
              )}
              <div class="seat-head">
                <Presence p={myPresence} />
                <span class="seat-name" title={name(anchor)}>
                  {me >= 0 ? `You · ${name(anchor)}` : name(anchor)}
                </span>
                {oddsOf(anchor) !== undefined && <span class="odds-badge">{percent(oddsOf(anchor)!)}</span>}
                {view.seats[anchor]?.score && myScoreWord ? (
                  <span class="score" title={myScoreWord}>
                    {myScoreWord} <b>{view.seats[anchor].score}</b>
                  </span>
                ) : null}
                {(view.seats[anchor]?.counters ?? []).map((c) => (
                  <span class="counter" data-counter={c.name}>
                    {c.name} <b>{c.value}</b>
                  </span>
                ))}
                {view.seats[anchor]?.status && (
                  <span class="seat-status" title={tokensToText(view.seats[anchor].status)}>
                    {renderTokens(view.seats[anchor].status)}
                  </span>
                )}
              </div>
              {me < 0 && !away && awayText(myPresence) && <div class="seat-status">{awayText(myPresence)}</div>}
              {mine.length > 0 && (
                <div class="me-zones">
                  {mine.map((z) => (
                    <ZoneView zone={view.zones[z]} index={z} keys={keys[z]} size={narrow ? 'xs' : 'sm'} caption={shortZoneName(view.zones[z].name)} seatName={name} />
                  ))}
                </div>
              )}
              {ownHand >= 0 && (
                // A big hand on a phone goes in two rows: one row of 20 cards leaves 15 px strips.
                <ZoneView zone={view.zones[ownHand]} index={ownHand} keys={keys[ownHand]} size="lg" class="own-hand" rows={narrow && view.zones[ownHand].cards.length > BIG_HAND ? 2 : 1} />
              )}
              <ChoiceBar map={map} busy={busy} />
            </section>
          </main>
          <SidePanel state={state} oddsOn={!!props.oddsOn} onOdds={props.onOdds ?? (() => {})} onChat={props.onChat ?? (() => false)} />
        </div>
        {summary}
        {/* Fixed at the foot of the window, over the table (and between hands), so
            that it stays put while a stand-in plays your seat. */}
        {away && (
          <div class="away-banner" role="alert">
            <span>{awayText(myPresence)?.replace(/^away — /, 'You were away: ') ?? 'You were away.'}</span>
            <button type="button" class="primary" data-role="back" onClick={props.onBack}>
              I'm back
            </button>
          </div>
        )}
        {view.terminal && !hideEnd && <EndPanel view={view} state={state} stats={solo} onRematch={onRematch} onHide={() => setHideEnd(true)} />}
        {view.terminal && hideEnd && (
          <button type="button" class="show-end primary" onClick={() => setHideEnd(false)}>
            Result
          </button>
        )}
        {rules && <RulesDialog game={state.preset || state.game || view.game} onClose={() => setRules(false)} />}
      </div>
    </TableCtx.Provider>
  );
}
