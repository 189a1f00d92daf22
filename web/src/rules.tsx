// The rules of the game being played, from the server, in a dialog.
import { useEffect, useRef, useState } from 'preact/hooks';
import { getRules } from './api';
import { renderMarkdown } from './markdown';

export function RulesDialog({ game, onClose }: { game: string; onClose: () => void }) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

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
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div class="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div class="modal rules" role="dialog" aria-modal="true" aria-label="Rules">
        <div class="modal-head">
          <h2>Rules</h2>
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
