// The form of a new table: your name, the game or preset (what it is, what a
// match is, its rules), the players, who sits where and what each bot does, how
// long before a bot plays for someone away (tables of several), how long people
// have to challenge or claim (games with such windows), a winnable deal
// (solitaires), and the house rules.
import { useEffect, useState } from 'preact/hooks';
import { createTable, type CreatedTable, type GameInfo, type Preset } from './api';
import {
  ABSENT_CHOICES,
  baseline,
  botLabel,
  carrySeats,
  clampPlayers,
  matchSentence,
  optionArgs,
  presetLabel,
  presetsOf,
  resizeSeats,
  WINDOW_CHOICES,
  WINDOW_DEFAULT,
} from './lobbylogic';
import { BotGuide, OptionField } from './lobbyparts';
import { savedName, saveName } from './prefs';
import { NAME_MAX } from './protocol';
import { RulesDialog } from './rules';

const DEFAULT_GAME = 'old-maid';

export interface NewTableFormProps {
  games: GameInfo[];
  /** A table was made; `play`: the person asked to sit down at once. */
  onCreated: (t: CreatedTable, play: boolean, name: string) => void;
}

export function NewTableForm({ games, onCreated }: NewTableFormProps) {
  const first = games.find((x) => x.name === DEFAULT_GAME) ?? games[0];
  const [gameName, setGameName] = useState(first.name);
  const [presetName, setPresetName] = useState(presetsOf(first)[0].name);
  const [players, setPlayers] = useState(presetsOf(first)[0].default_players);
  const [values, setValues] = useState<Record<string, string>>(() => baseline(first, presetsOf(first)[0]));
  const [seats, setSeats] = useState<string[]>(() => resizeSeats([], presetsOf(first)[0].default_players, first));
  const [absent, setAbsent] = useState(0);
  const [windowSeconds, setWindowSeconds] = useState(WINDOW_DEFAULT);
  const [winnable, setWinnable] = useState(false);
  const [name, setName] = useState(savedName());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rules, setRules] = useState(false);

  const game = games.find((g) => g.name === gameName) ?? first;
  const preset = presetsOf(game).find((p) => p.name === presetName) ?? presetsOf(game)[0];
  useEffect(() => setError(null), [gameName, presetName, players]);
  // A bot stands in for someone away so that the others need not wait: alone
  // at a table, nobody waits.
  const standIn = players > 1;
  // Only where several may act at once and let it pass does the table time them.
  const windows = game.timed_windows === true;

  const choose = (g: GameInfo, p: Preset) => {
    setGameName(g.name);
    setPresetName(p.name);
    setPlayers(p.default_players);
    setValues(baseline(g, p));
    setSeats((s) => carrySeats(s, g, p.default_players));
  };
  const resize = (n: number) => {
    const c = clampPlayers(n, preset);
    setPlayers(c);
    setSeats((s) => resizeSeats(s, c, game));
  };

  const submit = async (play: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const t = await createTable({
        game: preset.name,
        players,
        options: optionArgs(game, preset, values),
        seats,
        ...(standIn && absent > 0 ? { absent_after: absent } : {}),
        ...(windows ? { window_seconds: windowSeconds } : {}),
        ...(winnable && game.solver ? { winnable: true } : {}),
      });
      onCreated(t, play, name.trim());
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const humans = seats.filter((s) => s === 'human').length;
  const changed = optionArgs(game, preset, values).length;
  const match = matchSentence(preset, players, changed > 0);
  return (
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
          maxLength={NAME_MAX}
          autoComplete="nickname"
          placeholder="shown to the other players"
          value={name}
          onInput={(e) => {
            const v = e.currentTarget.value;
            setName(v);
            saveName(v.trim());
          }}
        />
      </div>
      <div class="field">
        <div class="label-row">
          <label for="game">Game</label>
          <button type="button" class="small" data-role="rules" onClick={() => setRules(true)}>
            Rules of {game.title}
          </button>
        </div>
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
                <option value={`${g.name}/${p.name}`}>{presetLabel(p)}</option>
              ))}
            </optgroup>
          ))}
        </select>
        {/* What the game is; then the rules chosen in full, as a phone's select shows only a line's start. */}
        {game.summary !== preset.summary && (
          <p class="help about" data-role="game-summary">
            {game.summary}
          </p>
        )}
        <p class="help summary" data-role="preset-summary">
          {presetLabel(preset)}
        </p>
        {match && (
          <p class="help match" data-role="match">
            {match}
          </p>
        )}
      </div>
      <div class="field">
        <label for="players">Players</label>
        <div class="stepper">
          <button type="button" class="small" aria-label="Fewer players" disabled={players <= preset.min_players} onClick={() => resize(players - 1)}>
            −
          </button>
          <input id="players" type="number" min={preset.min_players} max={preset.max_players} value={players} onChange={(e) => resize(Number(e.currentTarget.value))} />
          <button type="button" class="small" aria-label="More players" disabled={players >= preset.max_players} onClick={() => resize(players + 1)}>
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
              <option value="human">A person</option>
              {game.bots.map((b) => (
                <option value={b.name} title={b.help}>
                  Bot: {botLabel(b)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <BotGuide bots={game.bots} />
      </fieldset>
      {standIn && (
        <div class="field">
          <label for="absent">A bot plays for anyone away for</label>
          <select id="absent" data-role="absent" value={String(absent)} onChange={(e) => setAbsent(Number(e.currentTarget.value))}>
            {ABSENT_CHOICES.map(([s, label]) => (
              <option value={String(s)}>{label}</option>
            ))}
          </select>
          <p class="help">When someone's turn has waited this long, a bot plays their seat until they come back.</p>
        </div>
      )}
      {windows && (
        <div class="field">
          <label for="window">Time to challenge or claim</label>
          <select id="window" data-role="window" value={String(windowSeconds)} onChange={(e) => setWindowSeconds(Number(e.currentTarget.value))}>
            {WINDOW_CHOICES.map(([s, label]) => (
              <option value={String(s)}>{label}</option>
            ))}
          </select>
          <p class="help">Where everyone may act at once (to challenge a play, to claim a card), whoever has not spoken in this time lets it pass.</p>
        </div>
      )}
      {game.solver && (
        <div class="field">
          <label class="check">
            <input type="checkbox" data-role="winnable" checked={winnable} onChange={(e) => setWinnable(e.currentTarget.checked)} /> A winnable deal
          </label>
          <p class="help">Deal only a game the solver has proved can be won (knowing every card: it can still be lost).</p>
        </div>
      )}
      {game.options.length > 0 && (
        <details class="house-rules">
          <summary>
            House rules
            {changed > 0 && <span class="count">{changed} changed</span>}
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
      {error && (
        <p class="error-text" role="alert">
          {error}
        </p>
      )}
      <div class="row actions">
        <button type="button" class="primary big" data-role="play-now" disabled={busy || humans === 0} onClick={() => submit(true)}>
          {humans === 1 ? 'Play now' : 'Create & play'}
        </button>
        <button type="submit" class="secondary" data-role="create" disabled={busy}>
          Create table
        </button>
      </div>
      {rules && <RulesDialog game={preset.name} title={game.title} onClose={() => setRules(false)} />}
    </form>
  );
}
