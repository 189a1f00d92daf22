// Short tones made with WebAudio (no audio files): your turn, a card drawn, the
// end of a game. The audio context is made on the first sound after the person
// switched sound on (a click), as browsers ask.

export type Cue = 'turn' | 'card' | 'end';

interface Note {
  /** Hz. */
  freq: number;
  /** Seconds after the cue starts. */
  at: number;
  /** Seconds. */
  len: number;
  type: OscillatorType;
  gain: number;
}

/** The notes of each cue: a rising two-note call, a soft tick, a little cadence. */
export const CUES: Record<Cue, Note[]> = {
  turn: [
    { freq: 660, at: 0, len: 0.14, type: 'sine', gain: 0.18 },
    { freq: 990, at: 0.13, len: 0.2, type: 'sine', gain: 0.18 },
  ],
  card: [{ freq: 1400, at: 0, len: 0.05, type: 'triangle', gain: 0.08 }],
  end: [
    { freq: 523.25, at: 0, len: 0.18, type: 'triangle', gain: 0.16 },
    { freq: 659.25, at: 0.15, len: 0.18, type: 'triangle', gain: 0.16 },
    { freq: 783.99, at: 0.3, len: 0.18, type: 'triangle', gain: 0.16 },
    { freq: 1046.5, at: 0.45, len: 0.4, type: 'triangle', gain: 0.16 },
  ],
};

type AudioCtor = typeof AudioContext;

export class Sounds {
  private ctx: AudioContext | null = null;

  constructor(private readonly make: () => AudioContext | null = defaultContext) {}

  /** Plays a cue now; silently nothing where the browser has no WebAudio. */
  play(cue: Cue): void {
    this.ctx ??= this.make();
    const ctx = this.ctx;
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    const t0 = ctx.currentTime + 0.01;
    for (const n of CUES[cue]) {
      const osc = ctx.createOscillator();
      const env = ctx.createGain();
      osc.type = n.type;
      osc.frequency.value = n.freq;
      // A quick attack and an exponential fall: a struck note, no click.
      env.gain.setValueAtTime(0.0001, t0 + n.at);
      env.gain.exponentialRampToValueAtTime(n.gain, t0 + n.at + 0.01);
      env.gain.exponentialRampToValueAtTime(0.0001, t0 + n.at + n.len);
      osc.connect(env).connect(ctx.destination);
      osc.start(t0 + n.at);
      osc.stop(t0 + n.at + n.len + 0.02);
    }
  }

  /** Wakes the audio context inside a click, so later cues may sound. */
  unlock(): void {
    this.ctx ??= this.make();
    if (this.ctx?.state === 'suspended') void this.ctx.resume().catch(() => {});
  }
}

function defaultContext(): AudioContext | null {
  const w = globalThis as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor };
  const Ctor = w.AudioContext ?? w.webkitAudioContext;
  try {
    return Ctor ? new Ctor() : null;
  } catch {
    return null;
  }
}

// ----- Notifications -----

export function notificationsSupported(): boolean {
  return typeof Notification === 'function';
}

/** Asks the browser for permission (from a click); true if granted. */
export async function askNotifications(): Promise<boolean> {
  if (!notificationsSupported()) return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  try {
    return (await Notification.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

/** A notification, only while the tab is hidden and the person allowed it. */
export function notifyHidden(title: string, body: string, tag: string): boolean {
  if (!notificationsSupported() || Notification.permission !== 'granted') return false;
  if (typeof document !== 'undefined' && document.visibilityState !== 'hidden') return false;
  try {
    const n = new Notification(title, { body, tag });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    return true;
  } catch {
    return false;
  }
}
