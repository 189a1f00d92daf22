// The table page: asks a newcomer's name, holds the connection, folds what the
// server says into the table state and feeds the table view; typed shortcuts,
// toasts for refusals, sounds and notifications.
import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { ShortcutBuffer } from './choices';
import { Connection, socketUrl, type Status } from './connection';
import { NamePrompt } from './nameprompt';
import { getSwitch, hasNamed, savedName, setSwitch, type Switch } from './prefs';
import type { Choice, ServerMessage, View } from './protocol';
import { seatNames } from './seats';
import { mayAct, signalsBetween } from './signals';
import { askNotifications, notificationsSupported, notifyHidden, Sounds } from './sound';
import { initialTableState, reduceTable } from './tablestate';
import { TableView } from './tableview';
import { setSeatNames, tokensToText } from './tokens';

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

/** A switch remembered in the browser. */
function useSwitch(which: Switch): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => getSwitch(which));
  return [
    on,
    (v: boolean) => {
      setSwitch(which, v);
      setOn(v);
    },
  ];
}

export interface TablePageProps {
  table: string;
  token?: string;
  /** For tests: a sound maker that does not need WebAudio. */
  sounds?: Sounds;
}

export function TablePage({ table, token, sounds: soundsProp }: TablePageProps) {
  // Whoever opens an invite link gives a name first (once per seat and browser).
  const [named, setNamed] = useState(() => !token || hasNamed(token));
  const [state, dispatch] = useReducer(reduceTable, initialTableState);
  const [status, setStatus] = useState<Status>('connecting');
  const [detail, setDetail] = useState<string | undefined>();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [busy, setBusy] = useState(false);
  const [sound, setSound] = useSwitch('sound');
  const [notify, setNotify] = useSwitch('notify');
  const [oddsOn, setOddsOn] = useSwitch('odds');
  const conn = useRef<Connection | null>(null);
  const viewRef = useRef<View | null>(null);
  const sounds = useRef<Sounds>(soundsProp ?? new Sounds());
  viewRef.current = state.view;
  // Notifications read names too (the view sets them again as it renders).
  setSeatNames(seatNames(state.seats));

  const dismiss = (id: number) => setToasts((ts) => ts.filter((t) => t.id !== id));
  const toast = (text: string) => {
    const id = Date.now() + Math.random();
    setToasts((ts) => [...ts.slice(-3), { id, text }]);
    setTimeout(() => dismiss(id), 8000);
  };

  useEffect(() => {
    if (!named) return;
    const c = new Connection({
      url: socketUrl(location, table),
      table,
      token,
      name: savedName() || undefined,
      odds: getSwitch('odds'),
      onStatus: (s, d) => {
        setStatus(s);
        setDetail(d);
        setBusy(c.isPending());
      },
      onMessage: (msg: ServerMessage) => {
        dispatch(msg);
        setBusy(c.isPending());
        if (msg.type === 'error' && !QUIET_ERRORS.has(msg.code)) toast(msg.message || msg.code);
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
      conn.current = null;
    };
  }, [table, token, named]);

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
      if (t instanceof Element && t.closest('input, textarea, select, [contenteditable], .modal, .name-prompt')) return;
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

  // Sounds and notifications for what changed.
  const prev = useRef<View | null>(null);
  useEffect(() => {
    const v = state.view;
    const signals = signalsBetween(prev.current, v);
    prev.current = v;
    if (sound) for (const s of signals) sounds.current.play(s);
    if (notify && signals.includes('turn') && v) notifyHidden(`Your turn · ${state.title || 'Parlour'}`, tokensToText(v.prompt || 'Your turn.'), `parlour-${state.table}`);
  }, [state.view]);

  useEffect(() => {
    document.title = `${mayAct(state.view) ? '● Your turn · ' : ''}${state.title || 'Parlour'} · Parlour`;
  }, [state.view, state.title]);

  if (!named) return <NamePrompt token={token!} onJoin={() => setNamed(true)} />;

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
        onChat={(text) => conn.current?.chat(text) ?? false}
        oddsOn={oddsOn}
        onOdds={(on) => {
          setOddsOn(on);
          conn.current?.setOdds(on);
        }}
        onBack={() => conn.current?.back()}
        onUndo={() => conn.current?.undo()}
        onRedo={() => conn.current?.redo()}
        onHint={() => conn.current?.hint()}
        onWhy={(picks) => conn.current?.why(picks)}
        sound={sound}
        onSound={(on) => {
          setSound(on);
          if (on) {
            sounds.current.unlock();
            sounds.current.play('card');
          }
        }}
        notify={notify}
        onNotify={
          notificationsSupported()
            ? async (on) => {
                if (!on) return setNotify(false);
                if (await askNotifications()) setNotify(true);
                else toast('The browser does not allow notifications for this page.');
              }
            : undefined
        }
      />
      <Toasts toasts={toasts} dismiss={dismiss} />
    </>
  );
}
