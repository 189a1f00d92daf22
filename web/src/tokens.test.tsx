import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { cardName, cardShort, isRed, parseTokens, renderTokens, setCardNames, tokensToText, withSeatNames } from './tokens';

describe('card tokens', () => {
  it('splits text into runs and cards', () => {
    expect(parseTokens('Seat 2 is left holding [[47]]: Seat 2 is the Old Maid!')).toEqual([
      { text: 'Seat 2 is left holding ' },
      { card: 47 },
      { text: ': Seat 2 is the Old Maid!' },
    ]);
    expect(parseTokens('[[0]] [[1]]')).toEqual([{ card: 0 }, { text: ' ' }, { card: 1 }]);
  });

  it('keeps what is not a valid token as text', () => {
    expect(parseTokens('[[60]] and [[x]] and [[1234]] and [[5')).toEqual([{ text: '[[60]] and [[x]] and [[1234]] and [[5' }]);
    expect(parseTokens('')).toEqual([]);
  });

  it('names standard cards by index: (rank - 1) * 4 + suit', () => {
    expect(cardShort(0)).toBe('A♣');
    expect(cardShort(47)).toBe('Q♠');
    expect(cardShort(38)).toBe('10♥');
    expect(cardShort(53)).toBe('Jkr');
    expect(cardName(45)).toBe('queen of diamonds');
    expect(isRed(45)).toBe(true);
    expect(isRed(47)).toBe(false);
  });

  it('names picture cards from the server list', () => {
    expect(cardShort(64)).toBe('#64');
    setCardNames([
      { index: 64, short: 'Archie', name: 'Admiral Archie', picture: 0 },
      { index: 89, short: 'OldMaid', name: 'the Old Maid', picture: 25 },
    ]);
    expect(cardShort(64)).toBe('Archie');
    expect(cardName(89)).toBe('the Old Maid');
    expect(tokensToText('You draw [[64]] from [[89]]')).toBe('You draw Archie from OldMaid');
  });

  it('renders tokens as small coloured card names', () => {
    const el = document.createElement('p');
    render(<>{renderTokens('the pair [[1]] [[3]] and [[89]]')}</>, el);
    const toks = el.querySelectorAll('.tok');
    expect(toks).toHaveLength(3);
    expect(toks[0].textContent).toBe('A♦');
    expect(toks[0].className).toContain('tok-red');
    expect(toks[1].textContent).toBe('A♠');
    expect(toks[1].className).toContain('tok-black');
    expect(toks[2].className).toContain('tok-oldmaid');
    expect(el.textContent).toBe('the pair A♦ A♠ and OldMaid');
  });
});

describe('seat names', () => {
  it('reads people by name, leaving other seats and longer numbers alone', () => {
    expect(withSeatNames('Seat 1 draws card 2 of 3 from Seat 0; Seat 12 waits', [undefined, 'Bob'])).toBe(
      'Bob draws card 2 of 3 from Seat 0; Seat 12 waits',
    );
  });
});
