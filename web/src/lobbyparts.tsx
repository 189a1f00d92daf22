// Pieces of the lobby: an option of the house rules, what each bot does, a
// link to copy, the links of a new table, the recent tables and the players'
// results.
import { useEffect, useRef, useState } from 'preact/hooks';
import { seatLink, type BotInfo, type CreatedTable, type OptionSpec, type StatRow, type TableSummary } from './api';
import { boolOf, botLabel, normalise, optionLabel } from './lobbylogic';

export function OptionField({ spec, value, base, onChange }: { spec: OptionSpec; value: string; base: string; onChange: (v: string) => void }) {
  const id = `opt-${spec.key}`;
  const changed = normalise(spec, value) !== normalise(spec, base);
  let input;
  if (spec.type === 'bool') {
    input = <input id={id} type="checkbox" checked={boolOf(value)} onChange={(e) => onChange(normalise(spec, e.currentTarget.checked ? 'yes' : 'no'))} />;
  } else if (spec.type === 'int') {
    input = (
      <input id={id} type="number" min={spec.min} max={spec.max > spec.min ? spec.max : undefined} value={value} onInput={(e) => onChange(e.currentTarget.value)} />
    );
  } else {
    input = (
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {spec.choices.map((c) => (
          <option value={c}>{c}</option>
        ))}
      </select>
    );
  }
  return (
    <div class={`option option-${spec.type}${changed ? ' changed' : ''}`} data-option={spec.key}>
      <label for={id}>
        <span class="option-label">{optionLabel(spec)}</span>
        {spec.type === 'bool' && input}
      </label>
      {spec.type !== 'bool' && input}
      <p class="help" title={spec.source}>
        {spec.help}
      </p>
    </div>
  );
}

/** What each bot of the game does, in words on the page: a phone shows no
 * option's title. Two lines at most each (lobby.css), the whole a tap away. */
export function BotGuide({ bots }: { bots: BotInfo[] }) {
  if (!bots.length) return null;
  return (
    <div class="bot-guide" data-role="bot-guide">
      {bots.map((b) => (
        <details class="bot-help" data-bot={b.name}>
          <summary>
            <strong>{botLabel(b)}</strong>
            <span class="bot-line">{b.help}</span>
          </summary>
        </details>
      ))}
    </div>
  );
}

function CopyField({ label, url, role }: { label: string; url: string; role: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async (e: Event) => {
    const input = (e.currentTarget as HTMLElement).parentElement?.querySelector('input');
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard permission: select the text for a manual copy.
      input?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <div class="copy-field" data-role={role}>
      <span class="copy-label">{label}</span>
      <input type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} aria-label={label} />
      <button type="button" class="small" onClick={copy}>
        {copied ? 'Copied ✓' : 'Copy'}
      </button>
    </div>
  );
}

export function Created({ created, onPlay }: { created: CreatedTable; onPlay: (token: string) => void }) {
  const origin = location.origin;
  const panel = useRef<HTMLDivElement>(null);
  // On a phone the links appear below the form: bring them into view.
  useEffect(() => panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }), [created.table]);
  const humans = created.seats.filter((s) => s.kind === 'human' && s.token);
  const bots = created.seats.filter((s) => s.kind === 'bot');
  return (
    <div class="panel created" data-table={created.table} ref={panel}>
      <h2>Table {created.table} is ready</h2>
      <p class="hint">Send each player their own link: whoever holds a link plays that seat.</p>
      {humans.map((s) => (
        <CopyField label={`Seat ${s.seat}`} url={seatLink(origin, created.table, s.token)} role={`invite-${s.seat}`} />
      ))}
      <CopyField label="Watch" url={seatLink(origin, created.table)} role="spectate" />
      {bots.length > 0 && (
        <p class="hint">
          Bots: {bots.map((b) => `${b.name ?? b.bot ?? 'bot'} (seat ${b.seat})`).join(', ')}
        </p>
      )}
      <div class="row">
        {humans.length > 0 && (
          <button type="button" class="primary" data-role="play" onClick={() => onPlay(humans[0].token!)}>
            Play seat {humans[0].seat}
          </button>
        )}
        <a class="button" href={`#/t/${created.table}`}>
          Watch
        </a>
      </div>
    </div>
  );
}

/** `presets`: each preset's summary by its name, to say which rules a table plays. */
export function RecentTables({ tables, presets }: { tables: TableSummary[]; presets: Map<string, string> }) {
  if (!tables.length) return <p class="hint">No tables yet.</p>;
  return (
    <ul class="recent">
      {tables.map((t) => (
        <li data-table={t.table}>
          <div class="recent-main">
            <strong>{t.title}</strong>
            {t.preset && t.preset !== t.game ? (
              <div class="muted variant" title={presets.get(t.preset) ?? t.preset}>
                {presets.get(t.preset) ?? t.preset}
              </div>
            ) : null}
            <div class="seats-line">
              {t.seats.map((s) => {
                const name = s.kind === 'bot' ? `${s.name || s.bot} (bot)` : s.name || 'open seat';
                return (
                  <span class={`chip ${s.kind}${s.connected ? ' on' : ''}`} title={name}>
                    {name}
                  </span>
                );
              })}
            </div>
          </div>
          <div class="recent-side">
            <span class={`state ${t.finished ? 'done' : 'live'}`}>{t.finished ? 'finished' : `in play · ${t.actions} moves`}</span>
            <a class="button small" href={`#/t/${t.table}`}>
              Watch
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Stats({ rows, titles }: { rows: StatRow[]; titles: Map<string, string> }) {
  if (!rows.length) return <p class="hint">Nobody has finished a game yet.</p>;
  const sorted = [...rows].sort((a, b) => b.won - a.won || b.score - a.score || a.name.localeCompare(b.name));
  // Seven columns outgrow a phone: there the game goes under the player's name
  // (lobby.css), and what still does not fit scrolls in its panel, not the page.
  return (
    <div class="table-scroll">
      <table class="stats">
        <thead>
          <tr>
            <th>Player</th>
            <th class="game-col">Game</th>
            <th class="num">Played</th>
            <th class="num">Won</th>
            <th class="num">Lost</th>
            <th class="num">Score</th>
            <th class="num" title="games won in a row: now (the most)">Streak</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((r) => (
            <tr>
              <td>
                <span class="stat-name" title={r.name}>
                  {r.name}
                </span>
                <span class="stat-game">{titles.get(r.game) ?? r.game}</span>
              </td>
              <td class="game-col">{titles.get(r.game) ?? r.game}</td>
              <td class="num">{r.played}</td>
              <td class="num">{r.won}</td>
              <td class="num">{r.lost}</td>
              <td class="num">{r.score}</td>
              <td class="num">
                {r.streak ?? 0}
                {(r.best_streak ?? 0) > 0 && <span class="best"> ({r.best_streak})</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
