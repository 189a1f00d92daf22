// The card table: renders the structured view from the server, whatever the
// game. The viewer's hand sits at the bottom, the others around the top, the
// table's own zones and any fan offered to the viewer in the middle.
import { useEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { recordUrl } from './api';
import { isShortcut, mapChoices, pickZones, ShortcutBuffer, type ChoiceMap } from './choices';
import { Connection, initialTableState, reduceTable, socketUrl, type Status, type TableState } from './connection';
import { useFlip } from './flip';
import { Hand } from './hand';
import type { Choice, SeatPresence, ServerMessage, View } from './protocol';
import { RulesDialog } from './rules';
import { renderTokens, setSeatNames } from './tokens';
import { flipKeys, picksFor, ZoneView } from './zone';

// ----- Names and seats -----

export function seatTitle(view: View, presence: SeatPresence[], seat: number): string {
  const p = presence[seat];
  if (p && p.kind === 'human' && p.name) return p.name;
  return view.seats[seat]?.name ?? `Seat ${seat}`;
}

/** The seats in table order starting after `anchor`: left to right across the top. */
export function othersInOrder(players: number, anchor: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < players; i++) out.push((anchor + i) % players);
  return out;
}

function Presence({ p }: { p: SeatPresence | undefined }) {
  if (!p) return null;
  if (p.kind === 'bot') return <span class="bot-tag" title={p.name}>bot · {p.bot ?? p.name.replace(/ \(bot\)$/, '')}</span>;
  return <span class={`presence ${p.connected ? 'on' : 'off'}`} title={p.connected ? 'connected' : 'not connected'} />;
}

// ----- Pieces of the table -----

interface Shared {
  view: View;
  state: TableState;
  keys: string[][];
  map: ChoiceMap;
  onAct: (c: Choice) => void;
  featured: Set<number>;
}

function zonesOf(view: View, owner: number): number[] {
  return view.zones.map((_, i) => i).filter((i) => view.zones[i].owner === owner);
}

function SeatBox({ seat, s }: { seat: number; s: Shared }) {
  const { view, state, keys, map, onAct } = s;
  const info = view.seats[seat];
  const turn = view.to_move === seat && !view.terminal;
  // Empty piles of a seat say nothing that the counts do not.
  const zones = zonesOf(view, seat).filter((z) => view.zones[z].cards.length > 0 || s.featured.has(z));
  return (
    <div class={`seat${turn ? ' turn' : ''}${info?.out ? ' out' : ''}`} data-seat={seat}>
      <div class="seat-head">
        <Presence p={state.seats[seat]} />
        <span class="seat-name">{seatTitle(view, state.seats, seat)}</span>
        {info && info.score !== 0 && <span class="score" title="score">{info.score}</span>}
        <span class="card-count" title="cards in hand">
          {info?.cards ?? 0}
        </span>
      </div>
      {info?.status && <div class="seat-status">{renderTokens(info.status)}</div>}
      <div class="seat-zones">
        {zones.map((z) =>
          s.featured.has(z) ? (
            <div class="zone-away">offered ↓</div>
          ) : (
            <ZoneView
              zone={view.zones[z]}
              index={z}
              keys={keys[z]}
              size={view.zones[z].kind === 'hand' ? 'sm' : 'xs'}
              pileOver={Infinity}
              picks={picksFor(map.onCard, z)}
              onPick={onAct}
              peek={!view.terminal}
            />
          ),
        )}
      </div>
    </div>
  );
}

function ChoiceButtons({ choices, busy, onAct }: { choices: Choice[]; busy: boolean; onAct: (c: Choice) => void }) {
  if (!choices.length) return null;
  return (
    <div class="choices" role="group" aria-label="Your choices">
      {choices.map((c) => (
        <button
          type="button"
          class="choice"
          data-action={c.action}
          data-key={c.key}
          disabled={busy}
          aria-keyshortcuts={isShortcut(c.key) ? c.key : undefined}
          onClick={() => onAct(c)}
        >
          <span class="choice-label">{renderTokens(c.label)}</span>
          {isShortcut(c.key) && <kbd>{c.key}</kbd>}
        </button>
      ))}
    </div>
  );
}

function Log({ lines }: { lines: string[] }) {
  const box = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const autoTop = useRef(0);
  useEffect(() => {
    const el = box.current;
    if (!el || !stick.current) return;
    el.scrollTop = el.scrollHeight;
    autoTop.current = el.scrollTop;
  }, [lines]);
  return (
    <ol
      class="log"
      ref={box}
      aria-live="polite"
      aria-label="Move log"
      onScroll={(e) => {
        const el = e.currentTarget;
        // Follow new lines unless the reader has scrolled back to read. A scroll
        // event can arrive after more lines did: at the place we scrolled to,
        // it is ours, not the reader's.
        stick.current = el.scrollTop >= autoTop.current - 2 || el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      {lines.map((l) => (
        <li>{renderTokens(l)}</li>
      ))}
    </ol>
  );
}

function EndPanel({ view, state, onRematch, onHide }: { view: View; state: TableState; onRematch: () => void; onHide: () => void }) {
  const order = view.seats.map((_, i) => i).sort((a, b) => view.seats[b].score - view.seats[a].score);
  const scored = view.seats.some((s) => s.score !== 0);
  return (
    <div class="end-panel" role="dialog" aria-label="Game over">
      <h2>Game over</h2>
      <p class="result">{renderTokens(view.result)}</p>
      <table class="standings">
        <thead>
          <tr>
            <th>Seat</th>
            <th>Status</th>
            {scored && <th>Score</th>}
          </tr>
        </thead>
        <tbody>
          {(scored ? order : view.seats.map((_, i) => i)).map((i) => (
            <tr class={i === view.viewer ? 'standing-you' : ''}>
              <td>
                {seatTitle(view, state.seats, i)}
                {i === view.viewer ? ' (you)' : ''}
              </td>
              <td>{renderTokens(view.seats[i].status || (view.seats[i].out ? 'out' : ''))}</td>
              {scored && <td class="num">{view.seats[i].score}</td>}
            </tr>
          ))}
        </tbody>
      </table>
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

const STATUS_TEXT: Record<Status, string> = {
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
  replaced: 'Opened in another tab',
  failed: 'Could not join',
  stopped: 'Left',
};

// ----- The table view (no connection: fed by props, so tests can render it) -----

export interface TableViewProps {
  state: TableState;
  status: Status;
  statusDetail?: string;
  busy?: boolean;
  onAct: (c: Choice) => void;
  onRematch: () => void;
  onRetry?: () => void;
}

export function TableView({ state, status, statusDetail, busy = false, onAct, onRematch, onRetry }: TableViewProps) {
  const [rules, setRules] = useState(false);
  const [hideEnd, setHideEnd] = useState(false);
  const felt = useRef<HTMLElement>(null);
  const view = state.view;
  useFlip(felt, state.version);
  useEffect(() => setHideEnd(false), [view?.terminal]);

  const map = useMemo(() => mapChoices(view), [view]);
  if (!view) {
    return (
      <div class="table-page loading" data-status={status}>
        <TopBar state={state} status={status} detail={statusDetail} onRules={() => setRules(true)} onRetry={onRetry} />
        <div class="felt empty">
          <p>{status === 'failed' ? statusDetail ?? 'This table cannot be joined.' : 'Taking a seat…'}</p>
        </div>
        {rules && state.game && <RulesDialog game={state.preset || state.game} onClose={() => setRules(false)} />}
      </div>
    );
  }

  const me = view.viewer;
  const anchor = me >= 0 ? me : 0;
  const keys = flipKeys(view);
  const ownHand = view.zones.findIndex((z) => z.kind === 'hand' && z.owner === anchor);
  // A fan offered to the viewer comes to the middle, large: the cards to pick from.
  const featured = new Set(pickZones(map).filter((z) => z !== ownHand && view.zones[z].fan));
  const shared: Shared = { view, state, keys, map, onAct, featured };
  const act = busy ? () => {} : onAct;
  const myTurn = me >= 0 && view.to_move === me && !view.terminal;
  const anchorZones = zonesOf(view, anchor).filter((z) => z !== ownHand && view.zones[z].cards.length > 0);
  const tableZones = zonesOf(view, -1);
  const waitingFor = view.to_move >= 0 && view.to_move < view.players ? seatTitle(view, state.seats, view.to_move) : null;

  return (
    <div
      class={`table-page${myTurn ? ' my-turn' : ''}`}
      data-version={state.version ?? ''}
      data-seat={me}
      data-status={status}
      data-terminal={view.terminal ? 'true' : 'false'}
    >
      <TopBar state={state} status={status} detail={statusDetail} onRules={() => setRules(true)} onRetry={onRetry} view={view} />
      <div class="table-main">
        <main class="felt" ref={felt}>
          <section class="opponents" aria-label="Other players">
            {othersInOrder(view.players, anchor).map((s) => (
              <SeatBox seat={s} s={{ ...shared, onAct: act }} />
            ))}
          </section>

          <section class="center" aria-label="The table">
            {tableZones.map((z) => (
              <ZoneView zone={view.zones[z]} index={z} keys={keys[z]} size="sm" label picks={picksFor(map.onCard, z)} onPick={act} peek={!view.terminal} />
            ))}
            {[...featured].map((z) => (
              <div class="offered" aria-label={`${seatTitle(view, state.seats, view.zones[z].owner)} holds out ${view.zones[z].cards.length} cards`}>
                <ZoneView
                  zone={view.zones[z]}
                  index={z}
                  keys={keys[z]}
                  size="lg"
                  picks={picksFor(map.onCard, z)}
                  onPick={act}
                  peek={!view.terminal}
                  class="fan-offered"
                />
              </div>
            ))}
            <div class={`prompt${myTurn ? ' mine' : ''}`} aria-live="polite">
              {view.terminal ? (
                renderTokens(view.result)
              ) : myTurn ? (
                renderTokens(view.prompt || 'Your turn.')
              ) : waitingFor ? (
                <>
                  Waiting for <strong>{waitingFor}</strong>
                  {view.seats[view.to_move]?.status ? <> · {renderTokens(view.seats[view.to_move].status)}</> : null}
                </>
              ) : null}
            </div>
          </section>

          <section class={`me seat${myTurn ? ' turn' : ''}`} data-seat={anchor} aria-label={me >= 0 ? 'You' : `Seat ${anchor}`}>
            <div class="seat-head">
              <Presence p={state.seats[anchor]} />
              <span class="seat-name">
                {me >= 0 ? `You · ${seatTitle(view, state.seats, anchor)}` : seatTitle(view, state.seats, anchor)}
              </span>
              {view.seats[anchor]?.score ? <span class="score">{view.seats[anchor].score}</span> : null}
              {view.seats[anchor]?.status && <span class="seat-status">{renderTokens(view.seats[anchor].status)}</span>}
            </div>
            {anchorZones.map((z) => (
              <ZoneView zone={view.zones[z]} index={z} keys={keys[z]} size="xs" picks={picksFor(map.onCard, z)} onPick={act} />
            ))}
            {ownHand >= 0 && <Hand zone={view.zones[ownHand]} index={ownHand} keys={keys[ownHand]} map={map} onAct={act} />}
            <ChoiceButtons choices={map.buttons} busy={busy} onAct={act} />
          </section>
        </main>
        <aside class="side">
          <h2 class="side-title">Table talk</h2>
          <Log lines={state.log} />
        </aside>
      </div>
      {view.terminal && !hideEnd && <EndPanel view={view} state={state} onRematch={onRematch} onHide={() => setHideEnd(true)} />}
      {view.terminal && hideEnd && (
        <button type="button" class="show-end primary" onClick={() => setHideEnd(false)}>
          Result
        </button>
      )}
      {rules && <RulesDialog game={state.preset || state.game || view.game} onClose={() => setRules(false)} />}
    </div>
  );
}

function TopBar({
  state,
  status,
  detail,
  onRules,
  onRetry,
  view,
}: {
  state: TableState;
  status: Status;
  detail?: string;
  onRules: () => void;
  onRetry?: () => void;
  view?: View;
}) {
  return (
    <header class="topbar">
      <a class="brand" href="#/" title="Back to the lobby">
        <span class="brand-mark">♠</span> Parlour
      </a>
      <span class="game-title">
        {state.title || view?.game}
        {view && view.hands > 1 ? ` · hand ${view.hand} of ${view.hands}` : view && view.hand > 1 ? ` · hand ${view.hand}` : ''}
        {state.seat < 0 && state.table ? ' · watching' : ''}
      </span>
      <span class="spacer" />
      <span class={`conn conn-${status}`} role="status" title={detail ?? ''}>
        <span class="dot" />
        {STATUS_TEXT[status]}
      </span>
      {(status === 'replaced' || status === 'failed') && onRetry && (
        <button type="button" class="small" onClick={onRetry}>
          {status === 'replaced' ? 'Play here' : 'Retry'}
        </button>
      )}
      <button type="button" class="small" onClick={onRules}>
        Rules
      </button>
    </header>
  );
}

// ----- Toasts -----

export interface Toast {
  id: number;
  text: string;
}

function Toasts({ toasts, dismiss }: { toasts: Toast[]; dismiss: (id: number) => void }) {
  return (
    <div class="toasts" aria-live="assertive">
      {toasts.map((t) => (
        <div class="toast" role="alert">
          <span>{t.text}</span>
          <button type="button" class="icon-button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}

// Errors that need no words: a stale action is answered by the newer view itself.
const QUIET_ERRORS = new Set(['stale']);

// ----- The page: a connection feeding the view -----

export function TablePage({ table, token, name }: { table: string; token?: string; name?: string }) {
  const [state, dispatch] = useReducer(reduceTable, initialTableState);
  const [status, setStatus] = useState<Status>('connecting');
  const [detail, setDetail] = useState<string | undefined>();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [busy, setBusy] = useState(false);
  const conn = useRef<Connection | null>(null);
  const viewRef = useRef<View | null>(null);
  viewRef.current = state.view;
  // Set while rendering, so every text below reads people's names.
  setSeatNames(state.seats.map((p) => (p.kind === 'human' && p.name && !/^Seat \d+$/.test(p.name) ? p.name : undefined)));

  const dismiss = (id: number) => setToasts((ts) => ts.filter((t) => t.id !== id));

  useEffect(() => {
    const c = new Connection({
      url: socketUrl(location),
      table,
      token,
      name,
      onStatus: (s, d) => {
        setStatus(s);
        setDetail(d);
        setBusy(c.isPending());
      },
      onMessage: (msg: ServerMessage) => {
        dispatch(msg);
        setBusy(c.isPending());
        if (msg.type === 'error' && !QUIET_ERRORS.has(msg.code)) {
          const id = Date.now() + Math.random();
          setToasts((ts) => [...ts.slice(-3), { id, text: msg.message || msg.code }]);
          setTimeout(() => dismiss(id), 8000);
        }
      },
    });
    conn.current = c;
    c.start();
    const wake = () => c.nudge();
    const onVisible = () => document.visibilityState === 'visible' && c.nudge();
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', onVisible);
      c.stop();
    };
  }, [table, token, name]);

  // A rematch moves everyone to the new table, with the same seat token.
  useEffect(() => {
    if (state.rematch) location.hash = `#/t/${state.rematch}${token ? `/${token}` : ''}`;
  }, [state.rematch, token]);

  const act = (c: Choice) => {
    if (conn.current?.act(c.action)) setBusy(true);
  };

  // Shortcut keys of the current choices, typed anywhere on the page.
  useEffect(() => {
    const buffer = new ShortcutBuffer((c) => act(c));
    const onKey = (e: KeyboardEvent) => {
      const t = e.target;
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1 || e.key === ' ') return;
      if (t instanceof Element && t.closest('input, textarea, select, [contenteditable], .modal')) return;
      const v = viewRef.current;
      if (!v || !v.choices.length) return;
      if (buffer.type(e.key, v.choices)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      buffer.reset();
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  useEffect(() => {
    const v = state.view;
    const mine = v && v.viewer >= 0 && v.to_move === v.viewer && !v.terminal;
    document.title = `${mine ? '● Your turn · ' : ''}${state.title || 'Parlour'} · Parlour`;
  }, [state.view, state.title]);

  return (
    <>
      <TableView
        state={state}
        status={status}
        statusDetail={detail}
        busy={busy}
        onAct={act}
        onRematch={() => conn.current?.rematch()}
        onRetry={() => conn.current?.retry()}
      />
      <Toasts toasts={toasts} dismiss={dismiss} />
    </>
  );
}


