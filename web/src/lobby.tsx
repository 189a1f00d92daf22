// The lobby: choose a game or preset, the players, the house rules and who
// sits where; create the table and hand out its invite links. Also the recent
// tables, to watch, and the players' results.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  createTable,
  getGames,
  getStats,
  listTables,
  seatLink,
  type CreatedTable,
  type GameInfo,
  type OptionSpec,
  type Preset,
  type StatRow,
  type TableSummary,
} from './api';

// ----- The form's logic, kept pure for tests -----

/** A game's own rules count as a preset named after the game, listed first. */
export function presetsOf(game: GameInfo): Preset[] {
  const own: Preset = game.presets.find((p) => p.name === game.name) ?? {
    name: game.name,
    summary: game.summary,
    settings: [],
    min_players: game.min_players,
    max_players: game.max_players,
    default_players: game.default_players,
  };
  return [own, ...game.presets.filter((p) => p.name !== game.name)];
}

/** The option values a preset starts from: the game's defaults, then the preset's settings. */
export function baseline(game: GameInfo, preset: Preset): Record<string, string> {
  const values: Record<string, string> = {};
  for (const o of game.options) values[o.key] = o.default;
  for (const s of preset.settings) {
    const eq = s.indexOf('=');
    if (eq > 0) values[s.slice(0, eq)] = s.slice(eq + 1);
  }
  return values;
}

const TRUE_WORDS = ['yes', 'true', '1', 'on'];

export function boolOf(value: string): boolean {
  return TRUE_WORDS.includes(value.toLowerCase());
}

/** Writes a value the way the server's option parser takes it. A bool keeps the
 * words of its default ("yes"/"no" or "true"/"false"), as the command line would. */
export function normalise(spec: OptionSpec, value: string): string {
  if (spec.type === 'bool') {
    const words = /^(yes|no)$/i.test(spec.default) ? ['yes', 'no'] : ['true', 'false'];
    return boolOf(value) ? words[0] : words[1];
  }
  if (spec.type === 'int') {
    const n = Math.round(Number(value));
    return Number.isFinite(n) && value.trim() !== '' ? String(n) : spec.default;
  }
  return value;
}

/** Only what differs from the preset's baseline goes to the server, as "key=value". */
export function optionArgs(game: GameInfo, preset: Preset, values: Record<string, string>): string[] {
  const base = baseline(game, preset);
  const out: string[] = [];
  for (const spec of game.options) {
    const v = values[spec.key];
    if (v === undefined) continue;
    if (normalise(spec, v) !== normalise(spec, base[spec.key] ?? spec.default)) out.push(`${spec.key}=${normalise(spec, v)}`);
  }
  return out;
}

/** Seat 0 human, the others the game's first bot; existing choices are kept when the count changes. */
export function resizeSeats(seats: string[], players: number, game: GameInfo): string[] {
  const bot = game.bots[0]?.name ?? 'human';
  const out = seats.slice(0, players);
  while (out.length < players) out.push(out.length === 0 ? 'human' : bot);
  return out;
}

export function clampPlayers(n: number, preset: Preset): number {
  if (!Number.isFinite(n)) return preset.default_players;
  return Math.min(preset.max_players, Math.max(preset.min_players, Math.round(n)));
}

// ----- Names -----

const NAME_KEY = 'parlour.name';

export function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

function saveName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // Private browsing: the name lasts for this page only.
  }
}

// ----- Pieces -----

function OptionField({ spec, value, base, onChange }: { spec: OptionSpec; value: string; base: string; onChange: (v: string) => void }) {
  const id = `opt-${spec.key}`;
  const changed = normalise(spec, value) !== normalise(spec, base);
  let input;
  if (spec.type === 'bool') {
    input = (
      <input id={id} type="checkbox" checked={boolOf(value)} onChange={(e) => onChange(normalise(spec, e.currentTarget.checked ? 'yes' : 'no'))} />
    );
  } else if (spec.type === 'int') {
    input = (
      <input
        id={id}
        type="number"
        min={spec.min}
        max={spec.max > spec.min ? spec.max : undefined}
        value={value}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
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
        <span class="option-key">{spec.key}</span>
        {spec.type === 'bool' && input}
      </label>
      {spec.type !== 'bool' && input}
      <p class="help" title={spec.source}>
        {spec.help}
      </p>
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

function Created({ created, onPlay }: { created: CreatedTable; onPlay: (token: string) => void }) {
  const origin = location.origin;
  const panel = useRef<HTMLDivElement>(null);
  // On a phone the links appear below the form: bring them into view.
  useEffect(() => panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }), [created.table]);
  const humans = created.seats.filter((s) => s.kind === 'human' && s.token);
  return (
    <div class="panel created" data-table={created.table} ref={panel}>
      <h2>Table {created.table} is ready</h2>
      <p class="hint">Send each player their own link: whoever holds a link plays that seat.</p>
      {humans.map((s) => (
        <CopyField label={`Seat ${s.seat}`} url={seatLink(origin, created.table, s.token)} role={`invite-${s.seat}`} />
      ))}
      <CopyField label="Watch" url={seatLink(origin, created.table)} role="spectate" />
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

function RecentTables({ tables }: { tables: TableSummary[] }) {
  if (!tables.length) return <p class="hint">No tables yet.</p>;
  return (
    <ul class="recent">
      {tables.map((t) => (
        <li data-table={t.table}>
          <div>
            <strong>{t.title}</strong>
            {t.preset && t.preset !== t.game ? <span class="muted"> · {t.preset}</span> : null}
            <div class="seats-line">
              {t.seats.map((s) => (
                <span class={`chip ${s.kind}${s.connected ? ' on' : ''}`}>{s.kind === 'bot' ? `${s.bot ?? s.name.replace(/ \(bot\)$/, '')} (bot)` : s.name || 'open seat'}</span>
              ))}
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

function Stats({ rows, titles }: { rows: StatRow[]; titles: Map<string, string> }) {
  if (!rows.length) return <p class="hint">Nobody has finished a game yet.</p>;
  const sorted = [...rows].sort((a, b) => b.won - a.won || b.score - a.score || a.name.localeCompare(b.name));
  return (
    <table class="stats">
      <thead>
        <tr>
          <th>Player</th>
          <th>Game</th>
          <th class="num">Played</th>
          <th class="num">Won</th>
          <th class="num">Lost</th>
          <th class="num">Score</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((r) => (
          <tr>
            <td>{r.name}</td>
            <td>{titles.get(r.game) ?? r.game}</td>
            <td class="num">{r.played}</td>
            <td class="num">{r.won}</td>
            <td class="num">{r.lost}</td>
            <td class="num">{r.score}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// ----- The lobby page -----

const DEFAULT_GAME = 'old-maid';

export function Lobby({ onName }: { onName?: (name: string) => void }) {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [gameName, setGameName] = useState(DEFAULT_GAME);
  const [presetName, setPresetName] = useState(DEFAULT_GAME);
  const [players, setPlayers] = useState(4);
  const [values, setValues] = useState<Record<string, string>>({});
  const [seats, setSeats] = useState<string[]>([]);
  const [name, setName] = useState(savedName());
  const [created, setCreated] = useState<CreatedTable | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tables, setTables] = useState<TableSummary[]>([]);
  const [stats, setStats] = useState<StatRow[]>([]);

  const game = games?.find((g) => g.name === gameName) ?? games?.[0];
  const preset = game ? presetsOf(game).find((p) => p.name === presetName) ?? presetsOf(game)[0] : undefined;

  const choose = (g: GameInfo, p: Preset) => {
    setGameName(g.name);
    setPresetName(p.name);
    setPlayers(p.default_players);
    setValues(baseline(g, p));
    setSeats((s) => resizeSeats(s.length ? s.map((x, i) => (i === 0 || x === 'human' || g.bots.some((b) => b.name === x) ? x : g.bots[0]?.name ?? 'human')) : [], p.default_players, g));
  };

  useEffect(() => {
    getGames().then(
      (gs) => {
        setGames(gs);
        const g = gs.find((x) => x.name === DEFAULT_GAME) ?? gs[0];
        if (g) choose(g, presetsOf(g)[0]);
      },
      (e: Error) => setLoadError(e.message),
    );
    const refresh = () => {
      listTables().then(setTables, () => {});
      getStats().then(setStats, () => {});
    };
    refresh();
    const timer = setInterval(refresh, 10_000);
    return () => clearInterval(timer);
  }, []);

  const titles = useMemo(() => new Map((games ?? []).map((g) => [g.name, g.title])), [games]);

  const submit = async (play: boolean) => {
    if (!game || !preset) return;
    setBusy(true);
    setError(null);
    try {
      const t = await createTable({ game: preset.name, players, options: optionArgs(game, preset, values), seats });
      setCreated(t);
      const first = t.seats.find((s) => s.kind === 'human' && s.token);
      if (play && first?.token) location.hash = `#/t/${t.table}/${first.token}`;
      listTables().then(setTables, () => {});
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const humans = seats.filter((s) => s === 'human').length;

  return (
    <div class="lobby">
      <header class="lobby-head">
        <div class="logo" aria-hidden="true">
          <span class="mini-card c1">Q♠</span>
          <span class="mini-card c2">A♥</span>
          <span class="mini-card c3">K♦</span>
        </div>
        <div>
          <h1>Parlour</h1>
          <p class="tagline">The traditional card games of the old rule books, at your own table.</p>
        </div>
      </header>

      {loadError && <p class="error-text">The server did not answer: {loadError}</p>}
      {!games && !loadError && <p class="hint">Laying out the cards…</p>}

      {games && game && preset && (
        <div class="lobby-grid">
          <form
            class="panel new-table"
            onSubmit={(e) => {
              e.preventDefault();
              submit(false);
            }}
          >
            <h2>New table</h2>
            <div class="field">
              <label for="name">Your name</label>
              <input
                id="name"
                type="text"
                maxLength={24}
                placeholder="shown to the other players"
                value={name}
                onInput={(e) => {
                  const v = e.currentTarget.value;
                  setName(v);
                  saveName(v);
                  onName?.(v);
                }}
              />
            </div>
            <div class="field">
              <label for="game">Game</label>
              <select
                id="game"
                value={`${game.name}/${preset.name}`}
                onChange={(e) => {
                  const [g, p] = e.currentTarget.value.split('/');
                  const gi = games.find((x) => x.name === g)!;
                  choose(gi, presetsOf(gi).find((x) => x.name === p)!);
                }}
              >
                {games.map((g) => (
                  <optgroup label={g.title}>
                    {presetsOf(g).map((p) => (
                      <option value={`${g.name}/${p.name}`}>{p.name === g.name ? `${g.title} (standard)` : p.name}</option>
                    ))}
                  </optgroup>
                ))}
              </select>
              <p class="help summary">{preset.summary}</p>
            </div>
            <div class="field">
              <label for="players">Players</label>
              <div class="stepper">
                <button type="button" class="small" aria-label="Fewer players" disabled={players <= preset.min_players} onClick={() => {
                  const n = clampPlayers(players - 1, preset);
                  setPlayers(n);
                  setSeats((s) => resizeSeats(s, n, game));
                }}>
                  −
                </button>
                <input
                  id="players"
                  type="number"
                  min={preset.min_players}
                  max={preset.max_players}
                  value={players}
                  onChange={(e) => {
                    const n = clampPlayers(Number(e.currentTarget.value), preset);
                    setPlayers(n);
                    setSeats((s) => resizeSeats(s, n, game));
                  }}
                />
                <button type="button" class="small" aria-label="More players" disabled={players >= preset.max_players} onClick={() => {
                  const n = clampPlayers(players + 1, preset);
                  setPlayers(n);
                  setSeats((s) => resizeSeats(s, n, game));
                }}>
                  +
                </button>
                <span class="help">
                  {preset.min_players}–{preset.max_players}
                </span>
              </div>
            </div>
            <fieldset class="seats">
              <legend>Seats</legend>
              {seats.map((s, i) => (
                <label class="seat-choice" data-seat={i}>
                  <span>Seat {i}</span>
                  <select
                    value={s}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setSeats((all) => all.map((x, j) => (j === i ? v : x)));
                    }}
                  >
                    <option value="human">Human</option>
                    {game.bots.map((b) => (
                      <option value={b.name} title={b.help}>
                        Bot: {b.name}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </fieldset>
            {game.options.length > 0 && (
              <details class="house-rules">
                <summary>
                  House rules
                  {optionArgs(game, preset, values).length > 0 && <span class="count">{optionArgs(game, preset, values).length} changed</span>}
                </summary>
                {game.options.map((o) => (
                  <OptionField
                    spec={o}
                    value={values[o.key] ?? o.default}
                    base={baseline(game, preset)[o.key] ?? o.default}
                    onChange={(v) => setValues((all) => ({ ...all, [o.key]: v }))}
                  />
                ))}
              </details>
            )}
            {error && <p class="error-text" role="alert">{error}</p>}
            <div class="row actions">
              <button type="button" class="primary big" data-role="play-now" disabled={busy || humans === 0} onClick={() => submit(true)}>
                {humans === 1 ? 'Play now' : 'Create & play'}
              </button>
              <button type="submit" class="secondary" data-role="create" disabled={busy}>
                Create table
              </button>
            </div>
          </form>

          <div class="lobby-side">
            {created && (
              <Created
                created={created}
                onPlay={(token) => {
                  location.hash = `#/t/${created.table}/${token}`;
                }}
              />
            )}
            <section class="panel">
              <h2>Recent tables</h2>
              <RecentTables tables={tables} />
            </section>
            <section class="panel">
              <h2>Players</h2>
              <Stats rows={stats} titles={titles} />
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
