// The rules of a game or preset, from the server, in a dialog: at the table,
// and in the lobby for the game chosen.
import { useEffect, useRef, useState } from 'preact/hooks';
import { getRules } from './api';
import { renderMarkdown } from './markdown';

/** `title`: the game's name for the heading, where the page does not show it. */
export function RulesDialog({ game, title, onClose }: { game: string; title?: string; onClose: () => void }) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The latest onClose, so that a page that re-renders with a new one (the
  // lobby's refresh, a table's update) neither moves the focus nor re-binds keys.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let live = true;
    getRules(game).then(
      (md) => live && setHtml(renderMarkdown(md)),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [game]);

  useEffect(() => {
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div class="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class="modal rules" role="dialog" aria-modal="true" aria-label={title ? `Rules of ${title}` : 'Rules'}>
        <div class="modal-head">
          <h2>{title ? `Rules of ${title}` : 'Rules'}</h2>
          <button type="button" class="icon-button" ref={closeButton} onClick={onClose} aria-label="Close the rules">
            ✕
          </button>
        </div>
        <div class="modal-body markdown">
          {error ? <p class="error-text">{error}</p> : html === null ? <p>Loading…</p> : <div dangerouslySetInnerHTML={{ __html: html }} />}
        </div>
      </div>
    </div>
  );
}
