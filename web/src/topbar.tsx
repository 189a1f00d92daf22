// The bar over the table: the way back to the lobby, the game and hand, the
// connection, the switches for sound and notifications, and the rules.
import type { Status } from './connection';
import type { View } from './protocol';
import type { TableState } from './tablestate';

const STATUS_TEXT: Record<Status, string> = {
  connecting: 'Connecting…',
  open: 'Connected',
  reconnecting: 'Reconnecting…',
  replaced: 'Opened in another tab',
  failed: 'Could not join',
  stopped: 'Left',
};

export interface TopBarProps {
  state: TableState;
  status: Status;
  detail?: string;
  view?: View;
  onRules: () => void;
  onRetry?: () => void;
  sound?: boolean;
  onSound?: (on: boolean) => void;
  notify?: boolean;
  onNotify?: (on: boolean) => void;
  /** A match of several hands: a summary after each, or not. */
  summaries?: boolean;
  onSummaries?: (on: boolean) => void;
}

const ICONS: Record<string, string> = {
  sound: 'M3 9v6h4l5 4V5L7 9H3z M15.5 8.5a5 5 0 0 1 0 7 M18 6a8.5 8.5 0 0 1 0 12',
  mute: 'M3 9v6h4l5 4V5L7 9H3z M16 9l5 6 M21 9l-5 6',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4z M10 20a2 2 0 0 0 4 0',
  'bell-off': 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4z M10 20a2 2 0 0 0 4 0 M3 3l18 18',
  list: 'M4 6h16 M4 12h16 M4 18h10',
  'list-off': 'M4 6h16 M4 12h16 M4 18h10 M3 3l18 18',
};

/** A small line icon (fonts may lack the emoji). */
function Icon({ name }: { name: string }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d={ICONS[name]} fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}

/** A switch of the top bar: its icon and title say whether it is on ([on, off]). */
function Toggle(p: { on: boolean; set: (on: boolean) => void; role: string; word: string; icons: [string, string]; titles: [string, string] }) {
  return (
    <button type="button" class={`small toggle${p.on ? ' on' : ''}`} data-role={p.role} aria-pressed={p.on} title={p.on ? p.titles[0] : p.titles[1]} onClick={() => p.set(!p.on)}>
      <Icon name={p.on ? p.icons[0] : p.icons[1]} />
      <span class="toggle-word">{p.word}</span>
    </button>
  );
}

export function handText(view: View | undefined): string {
  if (!view) return '';
  const word = view.hand_word || 'hand';
  if (view.hands > 1) return ` · ${word} ${view.hand} of ${view.hands}`;
  return view.hand > 1 || view.hands === 0 ? ` · ${word} ${view.hand}` : '';
}

export function TopBar({ state, status, detail, view, onRules, onRetry, sound, onSound, notify, onNotify, summaries, onSummaries }: TopBarProps) {
  return (
    <header class="topbar">
      <a class="brand" href="#/" title="Back to the lobby">
        <span class="brand-mark">♠</span>
        <span class="brand-word"> Parlour</span>
      </a>
      <span class="game-title" title={state.title}>
        {state.title || view?.game}
        {handText(view)}
        {state.seat < 0 && state.table ? ' · watching' : ''}
      </span>
      <span class="spacer" />
      <span class={`conn conn-${status}`} role="status" title={detail ?? STATUS_TEXT[status]}>
        <span class="dot" />
        <span class="conn-text">{STATUS_TEXT[status]}</span>
      </span>
      {(status === 'replaced' || status === 'failed') && onRetry && (
        <button type="button" class="small" onClick={onRetry}>
          {status === 'replaced' ? 'Play here' : 'Retry'}
        </button>
      )}
      {onSound && <Toggle on={!!sound} set={onSound} role="sound" word="Sound" icons={['sound', 'mute']} titles={['Sound is on', 'Sound is off']} />}
      {onNotify && (
        <Toggle
          on={!!notify}
          set={onNotify}
          role="notify"
          word="Notify"
          icons={['bell', 'bell-off']}
          titles={['You are told when your turn comes while this tab is hidden', 'Tell me when my turn comes while this tab is hidden']}
        />
      )}
      {onSummaries && (
        <Toggle
          on={!!summaries}
          set={onSummaries}
          role="summaries-switch"
          word="Summaries"
          icons={['list', 'list-off']}
          titles={['A summary shows after every hand', 'Show a summary after every hand']}
        />
      )}
      <button type="button" class="small" onClick={onRules}>
        Rules
      </button>
    </header>
  );
}
