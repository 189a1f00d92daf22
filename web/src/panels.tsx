// The table's side panels: the log (what happened, in the server's words) and
// the chat (what people said).
import { useEffect, useRef, useState } from 'preact/hooks';
import { CHAT_MAX, type ChatLine } from './protocol';
import { renderTokens } from './tokens';

/** Keeps a scrolled list at its end while new lines come, unless the reader scrolled back. */
function useStick<T extends HTMLElement>(dep: unknown) {
  const box = useRef<T>(null);
  const stick = useRef(true);
  const autoTop = useRef(0);
  useEffect(() => {
    const el = box.current;
    if (!el || !stick.current) return;
    el.scrollTop = el.scrollHeight;
    autoTop.current = el.scrollTop;
  }, [dep]);
  const onScroll = (e: Event) => {
    const el = e.currentTarget as HTMLElement;
    // A scroll event can arrive after more lines did: at the place we scrolled
    // to, it is ours, not the reader's.
    stick.current = el.scrollTop >= autoTop.current - 2 || el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };
  return { box, onScroll };
}

export function Log({ lines }: { lines: string[] }) {
  const { box, onScroll } = useStick<HTMLOListElement>(lines);
  return (
    <ol class="log" ref={box} aria-live="polite" aria-label="The log" onScroll={onScroll}>
      {lines.map((l) => (
        <li>{renderTokens(l)}</li>
      ))}
    </ol>
  );
}

function clock(at: number): string {
  const d = new Date(at * 1000);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export interface ChatProps {
  lines: ChatLine[];
  /** The viewer's seat: their own lines stand out; -1 (a spectator) cannot speak. */
  seat: number;
  onSend: (text: string) => boolean;
}

export function Chat({ lines, seat, onSend }: ChatProps) {
  const { box, onScroll } = useStick<HTMLOListElement>(lines);
  const [text, setText] = useState('');
  const send = (e: Event) => {
    e.preventDefault();
    if (text.trim() && onSend(text)) setText('');
  };
  return (
    <div class="chat">
      <ol class="chat-lines" ref={box} aria-live="polite" aria-label="Chat" onScroll={onScroll}>
        {lines.length === 0 && <li class="chat-empty">Nobody has said anything yet.</li>}
        {lines.map((l) => (
          <li class={l.seat === seat ? 'mine' : ''} data-seat={l.seat}>
            <span class="chat-name" title={l.name}>
              {l.name}
            </span>
            <span class="chat-text">{l.text}</span>
            <time class="chat-time">{clock(l.at)}</time>
          </li>
        ))}
      </ol>
      {seat >= 0 ? (
        <form class="chat-form" onSubmit={send}>
          <input
            type="text"
            value={text}
            maxLength={CHAT_MAX}
            placeholder="Say something to the table"
            aria-label="Message to the table"
            onInput={(e) => setText(e.currentTarget.value)}
          />
          <button type="submit" class="small" disabled={!text.trim()}>
            Send
          </button>
        </form>
      ) : (
        <p class="hint chat-hint">Watching: only the players can talk.</p>
      )}
    </div>
  );
}
