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
} as const;

export type Switch = 'sound' | 'notify' | 'odds';

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

/** Every switch is off until the person turns it on (sound: the room may be shared). */
export function getSwitch(which: Switch): boolean {
  return read(KEYS[which]) === 'on';
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
