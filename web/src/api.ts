// The server's HTTP API (protocol.md, "HTTP API"). Every call throws an Error
// carrying the server's own explanation when the answer is not a success.
import type { SeatPresence } from './protocol';

export interface OptionSpec {
  key: string;
  /** The option's name for people ("The odd card"). */
  label?: string;
  type: 'bool' | 'int' | 'choice';
  choices: string[];
  /** As typed on the command line: "true", "3", "queen". */
  default: string;
  help: string;
  min: number;
  max: number;
  /** Where the rule comes from: the rule book quoted. */
  source?: string;
}

/** What a match is by a preset's rules, as the table's header will count it. */
export interface Match {
  /** Hands in a match at the default number of players. */
  hands: number;
  /** What the game calls a hand: "hand", "deal", "coup", "round". */
  word: string;
  /** Hands for each number of players from `min_players` on; 0 where that number plays no fixed number. */
  by_players?: number[];
}

export interface Preset {
  name: string;
  summary: string;
  /** "key=value" strings applied over the game's defaults. */
  settings: string[];
  min_players: number;
  max_players: number;
  default_players: number;
  /** Absent where the default number plays no fixed number of hands (a game to a target). */
  match?: Match;
}

export interface BotInfo {
  name: string;
  /** Its name for people ("Sharp", "Deep search"). */
  label?: string;
  /** How it plays. */
  help: string;
}

export interface GameInfo {
  name: string;
  title: string;
  summary: string;
  min_players: number;
  max_players: number;
  default_players: number;
  /** Tables of this game can show live odds. */
  odds?: boolean;
  /** A solver can prove a deal winnable: tables may ask for such a deal. */
  solver?: boolean;
  /** Several may act at once until they let it pass (a challenge, a claim): `window_seconds` matters. */
  timed_windows?: boolean;
  /** A match by the game's own rules: its own preset's, where none is named after the game. */
  match?: Match;
  bots: BotInfo[];
  options: OptionSpec[];
  presets: Preset[];
}

export interface CardInfo {
  index: number;
  short: string;
  name: string;
  rank?: number;
  suit?: string;
  picture?: number;
  /** The Spanish pack's names, for the forty cards it has: "SC", "sota de copas". */
  spanish_short?: string;
  spanish_name?: string;
}

export interface CreateTable {
  game: string;
  players?: number;
  options?: string[];
  seats?: string[];
  /** Seconds before a bot plays for an absent person (0 = never; else 10 to 3600). */
  absent_after?: number;
  /** Seconds people have to speak where several may act at once (a challenge, a claim): 0 = no limit, else 3 to 120; default 10. */
  window_seconds?: number;
  seed?: number;
  /** Deal only what the game's solver proves winnable (games with `solver`). */
  winnable?: boolean;
}

export interface CreatedSeat {
  seat: number;
  kind: 'human' | 'bot';
  token?: string;
  bot?: string;
  /** A bot's name ("Agatha"). */
  name?: string;
}

export interface CreatedTable {
  table: string;
  game: string;
  preset: string;
  players: number;
  seats: CreatedSeat[];
}

export interface TableSummary {
  table: string;
  game: string;
  title: string;
  preset: string;
  players: number;
  finished: boolean;
  actions: number;
  /** Unix seconds. */
  created?: number;
  seats: SeatPresence[];
}

export interface StatRow {
  name: string;
  game: string;
  played: number;
  won: number;
  lost: number;
  score: number;
  /** Games won in a row: now, and the most. */
  streak?: number;
  best_streak?: number;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, init);
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      const body = (await res.json()) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      // Not JSON: the status line says enough.
    }
    throw new Error(message);
  }
  return (await res.json()) as T;
}

export const getGames = () => call<GameInfo[]>('/api/games');
export const getCards = () => call<CardInfo[]>('/api/cards');
export const listTables = () => call<TableSummary[]>('/api/tables');
export const getStats = () => call<StatRow[]>('/api/stats');

export function createTable(req: CreateTable): Promise<CreatedTable> {
  return call<CreatedTable>('/api/tables', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(req),
  });
}

export async function getRules(gameOrPreset: string): Promise<string> {
  const res = await fetch(`/api/games/${encodeURIComponent(gameOrPreset)}/rules`);
  if (!res.ok) throw new Error(`no rules for ${gameOrPreset} (${res.status})`);
  return res.text();
}

export function recordUrl(table: string): string {
  return `/api/tables/${encodeURIComponent(table)}/record`;
}

/** Invite links live in the hash so that the server only ever serves one page. */
export function seatLink(origin: string, table: string, token?: string): string {
  return `${origin}/#/t/${table}${token ? `/${token}` : ''}`;
}
