// Before taking a seat from an invite link: the name the others will see,
// remembered in the browser and offered again next time.
import { useEffect, useRef, useState } from 'preact/hooks';
import { markNamed, savedName, saveName } from './prefs';
import { NAME_MAX } from './protocol';

export function NamePrompt({ token, onJoin }: { token: string; onJoin: () => void }) {
  const [name, setName] = useState(savedName());
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const join = (e: Event) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return;
    saveName(n);
    markNamed(token);
    onJoin();
  };
  return (
    <div class="name-page">
      <form class="panel name-prompt" onSubmit={join} aria-label="Your name">
        <h1>
          <span class="brand-mark">♠</span> Parlour
        </h1>
        <p>You have been invited to a card table. What name should the other players see?</p>
        <label for="join-name">Your name</label>
        <input
          id="join-name"
          ref={input}
          type="text"
          autoComplete="nickname"
          maxLength={NAME_MAX}
          value={name}
          placeholder="e.g. Ann"
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <div class="row">
          <button type="submit" class="primary big" data-role="join" disabled={!name.trim()}>
            Take my seat
          </button>
        </div>
      </form>
    </div>
  );
}
