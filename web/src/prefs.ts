// What the browser remembers between visits (localStorage): the person's name,
// the seats they have already named themselves at, and their switches (sound,
// notifications, live odds). Private browsing may refuse storage: then every
// preference lasts for the page only.

const KEYS = {
  name: 'parlour.name',
  named: 'parlour.named',
  sound: 'parlour.sound',
  notify: 'parlour.notify',
  odds: 'parlour.odds',
  summaries: 'parlour.summaries',
} as const;

export type Switch = 'sound' | 'notify' | 'odds' | 'summaries';

const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string): void {
  memory.set(key, value);
  try {
    localStorage.setItem(key, value);
  } catch {
    // Kept in memory only.
  }
}

export function savedName(): string {
  return read(KEYS.name) ?? '';
}

export function saveName(name: string): void {
  write(KEYS.name, name);
}

/** Switches that are on until the person turns them off. */
const ON_BY_DEFAULT: ReadonlySet<Switch> = new Set(['summaries']);

/** Every other switch is off until the person turns it on (sound: the room may be shared). */
export function getSwitch(which: Switch): boolean {
  const v = read(KEYS[which]);
  return v === null ? ON_BY_DEFAULT.has(which) : v === 'on';
}

export function setSwitch(which: Switch, on: boolean): void {
  write(KEYS[which], on ? 'on' : 'off');
}

/** Seats (by token) this browser already joined under a name: no need to ask again. */
const NAMED_KEEP = 50;

export function hasNamed(token: string): boolean {
  return (read(KEYS.named) ?? '').split(',').includes(token);
}

export function markNamed(token: string): void {
  const list = (read(KEYS.named) ?? '').split(',').filter((t) => t && t !== token);
  write(KEYS.named, [...list, token].slice(-NAMED_KEEP).join(','));
}

/** A solitaire's record in this browser, by preset ("klondike", "vegas"). */
export interface SoloStats {
  games: number;
  wins: number;
  /** Games won in a row, up to the last one. */
  streak: number;
  best: number;
}

interface StoredStats extends SoloStats {
  /** The last tables counted, so that a reload or an undo at the end counts a game once. */
  tables: string[];
}

const TABLES_KEPT = 100;
const statsKey = (preset: string) => `parlour.solo.${preset}`;

function readStats(preset: string): StoredStats {
  const none: StoredStats = { games: 0, wins: 0, streak: 0, best: 0, tables: [] };
  try {
    const v = JSON.parse(read(statsKey(preset)) ?? 'null');
    if (!v || typeof v !== 'object') return none;
    const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? Math.floor(x) : 0);
    return {
      games: n(v.games),
      wins: n(v.wins),
      streak: n(v.streak),
      best: n(v.best),
      tables: Array.isArray(v.tables) ? v.tables.filter((t: unknown) => typeof t === 'string').slice(-TABLES_KEPT) : [],
    };
  } catch {
    return none; // unreadable: start afresh rather than fail the page
  }
}

export function soloStats(preset: string): SoloStats {
  const { games, wins, streak, best } = readStats(preset);
  return { games, wins, streak, best };
}

/** Counts the end of a solitaire at `table` once (its first end), won or lost; returns the record after. */
export function countSolo(preset: string, table: string, won: boolean): SoloStats {
  const s = readStats(preset);
  if (!s.tables.includes(table)) {
    s.games += 1;
    s.wins += won ? 1 : 0;
    s.streak = won ? s.streak + 1 : 0;
    s.best = Math.max(s.best, s.streak);
    s.tables = [...s.tables, table].slice(-TABLES_KEPT);
    write(statsKey(preset), JSON.stringify(s));
  }
  return { games: s.games, wins: s.wins, streak: s.streak, best: s.best };
}
