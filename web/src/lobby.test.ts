import { describe, expect, it } from 'vitest';
import type { GameInfo } from './api';
import fixtures from './fixtures/views.json';
import {
  ABSENT_CHOICES,
  baseline,
  boolOf,
  botLabel,
  carrySeats,
  clampPlayers,
  matchHands,
  matchSentence,
  normalise,
  optionArgs,
  optionLabel,
  presetLabel,
  presetsOf,
  resizeSeats,
} from './lobbylogic';

const oldMaid = fixtures.games[0] as GameInfo;
const bachelor = fixtures.games[1] as GameInfo;
const [standard] = presetsOf(oldMaid);
const peter = presetsOf(oldMaid).find((p) => p.name === 'schwarzer-peter')!;
const keepDrawing = presetsOf(oldMaid).find((p) => p.name === 'old-maid-keep-drawing')!;

describe('lobby options', () => {
  it('lists the game itself first, then its presets', () => {
    const names = presetsOf(oldMaid).map((p) => p.name);
    expect(names[0]).toBe('old-maid');
    expect(names).toContain('schwarzer-peter');
    expect(names.filter((n) => n === 'old-maid')).toHaveLength(1);
  });

  it('starts a preset from the defaults with its settings applied', () => {
    const base = baseline(oldMaid, standard);
    expect(base).toMatchObject({ odd: 'queen', pairs: 'rank', hands: '1', 'keep-drawing': 'no' });
    expect(baseline(oldMaid, peter)).toMatchObject({ odd: 'jack', pairs: 'colour', penalty: 'soot' });
    expect(baseline(oldMaid, keepDrawing)['keep-drawing']).toBe('yes');
  });

  it('sends only the options changed from the preset, as key=value', () => {
    expect(optionArgs(oldMaid, standard, baseline(oldMaid, standard))).toEqual([]);
    const values = { ...baseline(oldMaid, standard), pairs: 'colour', 'keep-drawing': 'true', hands: '03' };
    expect(optionArgs(oldMaid, standard, values)).toEqual(['pairs=colour', 'keep-drawing=yes', 'hands=3']);
    expect(optionArgs(oldMaid, keepDrawing, { ...baseline(oldMaid, keepDrawing), 'keep-drawing': 'no' })).toEqual(['keep-drawing=no']);
    expect(optionArgs(oldMaid, keepDrawing, { ...baseline(oldMaid, keepDrawing), 'keep-drawing': 'on' })).toEqual([]);
    // Under a preset, its own setting is the baseline: choosing it again sends nothing,
    // and going back to the game's default is a change.
    expect(optionArgs(oldMaid, peter, { ...baseline(oldMaid, peter) })).toEqual([]);
    expect(optionArgs(oldMaid, peter, { ...baseline(oldMaid, peter), odd: 'queen' })).toEqual(['odd=queen']);
  });

  it('reads and writes bools in the words of their default', () => {
    const spec = oldMaid.options.find((o) => o.key === 'keep-drawing')!;
    expect(boolOf('yes')).toBe(true);
    expect(boolOf('false')).toBe(false);
    expect(normalise(spec, 'true')).toBe('yes');
    expect(normalise({ ...spec, default: 'false' }, 'yes')).toBe('true');
    const hands = oldMaid.options.find((o) => o.key === 'hands')!;
    expect(normalise(hands, '')).toBe('1');
  });

  it('seats a human first and the first bot elsewhere, keeping choices on resize', () => {
    expect(resizeSeats([], 4, oldMaid)).toEqual(['human', 'blind', 'blind', 'blind']);
    expect(resizeSeats(['human', 'human', 'random'], 5, oldMaid)).toEqual(['human', 'human', 'random', 'blind', 'blind']);
    expect(resizeSeats(['human', 'human', 'random'], 2, oldMaid)).toEqual(['human', 'human']);
  });

  it('keeps the player count within the preset range', () => {
    expect(clampPlayers(1, standard)).toBe(2);
    expect(clampPlayers(13, standard)).toBe(12);
    expect(clampPlayers(Number('x'), standard)).toBe(4);
  });

  it('carries seats to another game: people stay, unknown bots become its first bot', () => {
    expect(carrySeats(['human', 'human', 'random', 'blind'], bachelor, 3)).toEqual(['human', 'human', 'random']);
    expect(carrySeats(['human', 'blind', 'blind'], bachelor, 4)).toEqual(['human', 'search', 'search', 'search']);
  });

  it('names options by their label, falling back to the key', () => {
    const odd = oldMaid.options.find((o) => o.key === 'odd')!;
    expect(optionLabel(odd)).toBe('The odd card');
    expect(optionLabel({ ...odd, label: undefined })).toBe('odd');
    expect(optionLabel({ ...odd, label: '  ' })).toBe('odd');
  });

  it('offers the absence timer in seconds, off by default', () => {
    expect(ABSENT_CHOICES[0]).toEqual([0, 'off']);
    expect(ABSENT_CHOICES.map(([s]) => s)).toEqual([0, 30, 60, 120, 300]);
    expect(ABSENT_CHOICES.map(([, l]) => l)).toEqual(['off', '30 s', '1 min', '2 min', '5 min']);
  });

  it('names a preset by its summary, its key only when it has none', () => {
    expect(presetLabel(peter)).toBe('Schwarzer Peter: the jack of clubs out, the jack of spades is Black Peter');
    expect(presetLabel({ ...peter, summary: ' ' })).toBe('schwarzer-peter');
  });

  it('says what a match is at the number of players chosen', () => {
    const ohHell = { ...standard, min_players: 3, max_players: 7, default_players: 4, match: { hands: 25, word: 'deal', by_players: [33, 25, 19, 15, 13] } };
    expect(matchHands(ohHell, 4)).toBe(25);
    expect(matchHands(ohHell, 7)).toBe(13);
    expect(matchSentence(ohHell, 5, false)).toBe('A match is 19 deals.');
    expect(matchSentence(ohHell, 3, true)).toBe('A match is 33 deals, unless your house rules change it.');
    expect(matchSentence(standard, 4, false)).toBe('A game is a single hand.');
    // A count the server gave no number for, or none at all: nothing is said.
    expect(matchSentence({ ...ohHell, match: { ...ohHell.match, by_players: [33, 0, 19, 15, 13] } }, 4, false)).toBeNull();
    expect(matchSentence({ ...ohHell, match: { hands: 25, word: 'deal' } }, 4, false)).toBe('A match is 25 deals.');
    expect(matchSentence({ ...ohHell, match: { hands: 25, word: 'deal' } }, 5, false)).toBeNull();
    expect(matchSentence({ ...ohHell, match: undefined }, 4, false)).toBeNull();
  });

  it('carries the game\'s match over to its own rules when no preset is named after it', () => {
    const bare = { ...oldMaid, presets: [], match: { hands: 3, word: 'round' } };
    expect(presetsOf(bare)[0].match).toEqual({ hands: 3, word: 'round' });
    expect(matchSentence(presetsOf(bare)[0], 4, false)).toBe('A match is 3 rounds.');
  });

  it('names bots by their label, else by their key with a capital', () => {
    expect(botLabel({ name: 'ismcts', label: 'Deep search', help: '' })).toBe('Deep search');
    expect(botLabel({ name: 'sharp', help: '' })).toBe('Sharp');
    expect(botLabel({ name: 'sharp', label: ' ', help: '' })).toBe('Sharp');
  });
});
