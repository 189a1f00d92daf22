// The lobby form's logic, kept pure for tests: presets and their names for
// people, what a match is, option values as the server takes them, seats and
// bots, the player count, the absence timer and the time to challenge or claim.
import type { BotInfo, GameInfo, OptionSpec, Preset } from './api';

/** A game's own rules count as a preset named after the game, listed first. */
export function presetsOf(game: GameInfo): Preset[] {
  const own: Preset = game.presets.find((p) => p.name === game.name) ?? {
    name: game.name,
    summary: game.summary,
    settings: [],
    min_players: game.min_players,
    max_players: game.max_players,
    default_players: game.default_players,
    ...(game.match ? { match: game.match } : {}),
  };
  return [own, ...game.presets.filter((p) => p.name !== game.name)];
}

/** A preset as the game list offers it: by its summary, which says in words
 * what its rules are; its name is a key for the command line. */
export function presetLabel(preset: Preset): string {
  return preset.summary.trim() || preset.name;
}

/** The number of hands a match holds with `players`, by the preset's rules; 0 if not known. */
export function matchHands(preset: Preset, players: number): number {
  const m = preset.match;
  if (!m) return 0;
  const counted = m.by_players?.[players - preset.min_players];
  if (counted !== undefined) return counted;
  return players === preset.default_players ? m.hands : 0;
}

/** What a match is, in a sentence ("A match is 25 deals."), or null where the
 * server gives no fixed number. Changed house rules may change it, so then it says so. */
export function matchSentence(preset: Preset, players: number, houseRules: boolean): string | null {
  const hands = matchHands(preset, players);
  if (!preset.match || hands <= 0) return null;
  const word = preset.match.word || 'hand';
  const said = hands === 1 ? `A game is a single ${word}` : `A match is ${hands} ${word}s`;
  return houseRules ? `${said}, unless your house rules change it.` : `${said}.`;
}

/** A bot's name for people: the server's label, else its key with a capital. */
export function botLabel(bot: BotInfo): string {
  const label = bot.label?.trim();
  if (label) return label;
  return bot.name.charAt(0).toUpperCase() + bot.name.slice(1);
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

/** An option's name for people: its label, else its key. */
export function optionLabel(spec: OptionSpec): string {
  return spec.label?.trim() || spec.key;
}

/** Seat 0 human, the others the game's first bot; existing choices are kept when the count changes. */
export function resizeSeats(seats: string[], players: number, game: GameInfo): string[] {
  const bot = game.bots[0]?.name ?? 'human';
  const out = seats.slice(0, players);
  while (out.length < players) out.push(out.length === 0 ? 'human' : bot);
  return out;
}

/** Seats carried over to another game: humans stay, bots it lacks become its first bot. */
export function carrySeats(seats: string[], game: GameInfo, players: number): string[] {
  const kept = seats.map((x, i) => (i === 0 || x === 'human' || game.bots.some((b) => b.name === x) ? x : game.bots[0]?.name ?? 'human'));
  return resizeSeats(kept, players, game);
}

export function clampPlayers(n: number, preset: Preset): number {
  if (!Number.isFinite(n)) return preset.default_players;
  return Math.min(preset.max_players, Math.max(preset.min_players, Math.round(n)));
}

/** "A bot plays for anyone away for": seconds, 0 = off (protocol.md, "Absent players"). */
export const ABSENT_CHOICES: [number, string][] = [
  [0, 'off'],
  [30, '30 s'],
  [60, '1 min'],
  [120, '2 min'],
  [300, '5 min'],
];

/** "Time to challenge or claim": seconds people have where several may act at once
 * and each may let it go; 0 = no limit (protocol.md, `window_seconds`: 0 or 3 to 120). */
export const WINDOW_CHOICES: [number, string][] = [
  [0, 'no limit'],
  [5, '5 s'],
  [10, '10 s'],
  [15, '15 s'],
  [20, '20 s'],
  [30, '30 s'],
  [60, '1 min'],
  [120, '2 min'],
];

/** The server's default, and the lobby's. */
export const WINDOW_DEFAULT = 10;
