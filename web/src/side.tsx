// The panel beside the table (below it, folded, on a phone): tabs for the log,
// the chat and, where the table has them, the live odds.
import { useEffect, useRef, useState } from 'preact/hooks';
import { OddsPanel } from './odds';
import { Chat, Log } from './panels';
import { SheetTable } from './sheet';
import type { TableState } from './tablestate';
import { renderTokens, tokensToText } from './tokens';

export type Tab = 'log' | 'chat' | 'odds' | 'sheet';

export interface SidePanelProps {
  state: TableState;
  oddsOn: boolean;
  onOdds: (on: boolean) => void;
  onChat: (text: string) => boolean;
}

export function SidePanel({ state, oddsOn, onOdds, onChat }: SidePanelProps) {
  const [tab, setTab] = useState<Tab>('log');
  // On a phone the panel is a bar until opened; on a wide screen it is always open.
  const [open, setOpen] = useState(false);
  const seen = useRef(state.chat.length);
  const sheet = state.view?.sheet;
  const chatShown = tab === 'chat';
  if (chatShown) seen.current = state.chat.length;
  const unread = Math.max(0, state.chat.length - seen.current);
  useEffect(() => {
    if (tab === 'odds' && !state.oddsAvailable) setTab('log');
    if (tab === 'sheet' && !sheet) setTab('log');
  }, [tab, state.oddsAvailable, !!sheet]);

  const tabs: [Tab, string][] = [
    ['log', 'Log'],
    ['chat', 'Chat'],
  ];
  if (state.oddsAvailable) tabs.push(['odds', 'Odds']);
  if (sheet) tabs.push(['sheet', 'Score']);
  const choose = (t: Tab) => {
    setOpen(t === tab ? !open : true);
    setTab(t);
  };
  const newest = state.chat.at(-1);
  const lastLog = state.log.at(-1);
  return (
    <aside class={`side${open ? ' open' : ''}`} data-tab={tab} aria-label="Log, chat, odds and score">
      <div class="side-tabs" role="tablist">
        {tabs.map(([t, label]) => (
          <button
            type="button"
            role="tab"
            class={`side-tab${tab === t ? ' current' : ''}`}
            aria-selected={tab === t}
            data-tab={t}
            onClick={() => choose(t)}
          >
            {label}
            {t === 'chat' && unread > 0 && (
              <span class="unread" aria-label={`${unread} new`}>
                {unread}
              </span>
            )}
          </button>
        ))}
        {/* One line, cut short on a phone: the whole of it in the title. */}
        <button
          type="button"
          class="side-peek"
          onClick={() => choose(unread > 0 ? 'chat' : tab)}
          aria-label={unread > 0 ? 'Open the chat' : 'Open the log: the whole story'}
          title={unread > 0 && newest ? `${newest.name}: ${newest.text}` : lastLog ? tokensToText(lastLog) : undefined}
        >
          {unread > 0 && newest ? (
            <>
              <b>{newest.name}:</b> {newest.text}
            </>
          ) : lastLog ? (
            renderTokens(lastLog)
          ) : null}
        </button>
        <button type="button" class="side-close icon-button" aria-label="Close the panel" onClick={() => setOpen(false)}>
          ✕
        </button>
      </div>
      <div class="side-body" role="tabpanel">
        {tab === 'log' && <Log lines={state.log} />}
        {tab === 'sheet' && sheet && <SheetTable sheet={sheet} />}
        {tab === 'chat' && <Chat lines={state.chat} seat={state.seat} onSend={onChat} />}
        {tab === 'odds' && (
          <OddsPanel on={oddsOn} onSwitch={onOdds} odds={state.odds} version={state.version} view={state.view} seats={state.seats} />
        )}
      </div>
    </aside>
  );
}
