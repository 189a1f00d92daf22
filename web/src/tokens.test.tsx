import { render } from 'preact';
import { beforeAll, describe, expect, it } from 'vitest';
import { allFaceFiles, faceFile } from './cardfiles';
import tables from './fixtures/tables.json';
import { cardInfo, cardName, cardShort, isLonePicture, isRed, parseTokens, renderTokens, setCardNames, setNaming, tokensToText, withSeatNames } from './tokens';

beforeAll(() => setCardNames(tables.cards));

describe('card tokens', () => {
  it('splits text into runs and cards', () => {
    expect(parseTokens('Seat 2 is left holding [[47]]: Seat 2 is the Old Maid!')).toEqual([
      { text: 'Seat 2 is left holding ' },
      { card: 47 },
      { text: ': Seat 2 is the Old Maid!' },
    ]);
    expect(parseTokens('[[0]] [[1]]')).toEqual([{ card: 0 }, { text: ' ' }, { card: 1 }]);
  });

  it('keeps what is not a card of the server list as text', () => {
    expect(parseTokens('[[60]] and [[x]] and [[1234]] and [[5')).toEqual([{ text: '[[60]] and [[x]] and [[1234]] and [[5' }]);
    expect(parseTokens('')).toEqual([]);
  });

  it('names every card from the server list, not from its index', () => {
    expect(cardShort(47)).toBe('Q♠');
    expect(cardName(45)).toBe('queen of diamonds');
    expect(isRed(45)).toBe(true);
    expect(isRed(47)).toBe(false);
    // A server that named a card otherwise is believed.
    setCardNames([{ index: 0, short: 'Ace!', name: 'the ace of clubs', rank: 1, suit: 'hearts' }]);
    expect(cardShort(0)).toBe('Ace!');
    expect(isRed(0)).toBe(true);
    setCardNames(tables.cards);
    expect(cardShort(0)).toBe('A♣');
    expect(cardShort(53)).toBe('Jkr');
  });

  it("names a Spanish table's cards as the server's list gives them for the Spanish pack", () => {
    setCardNames([{ index: 48, short: 'K♣', name: 'king of clubs', rank: 13, suit: 'clubs', spanish_short: 'RB', spanish_name: 'rey de bastos' }]);
    setNaming('spanish');
    expect(cardShort(48)).toBe('RB');
    expect(cardName(48)).toBe('rey de bastos');
    expect(tokensToText('You meld [[48]]')).toBe('You meld RB');
    // A card the Spanish pack lacks keeps its usual name.
    expect(cardShort(47)).toBe('Q♠');
    setNaming(undefined);
    expect(cardShort(48)).toBe('K♣');
    setCardNames(tables.cards);
  });

  it('writes "Old Maid" with its space, as the server names her', () => {
    expect(cardShort(89)).toBe('Old Maid');
    expect(cardName(64)).toBe('Admiral Archie');
    expect(isLonePicture(cardInfo(89))).toBe(true);
    expect(isLonePicture(cardInfo(64))).toBe(false);
    expect(tokensToText('You draw [[64]] from [[89]]')).toBe('You draw Archie from Old Maid');
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
    expect(toks[2].className).toContain('tok-lone');
    expect(el.textContent).toBe('the pair A♦ A♠ and Old Maid');
  });
});

describe('card faces', () => {
  it('finds the image by rank and suit, the joker by name, and none for pictures', () => {
    expect(faceFile(cardInfo(47))).toBe('QS.svg');
    expect(faceFile(cardInfo(36))).toBe('TC.svg');
    expect(faceFile(cardInfo(52))).toBe('2J.svg');
    expect(faceFile(cardInfo(64))).toBeNull();
    expect(faceFile(undefined)).toBeNull();
    expect(faceFile({ name: 'x', rank: 14, suit: 'clubs' })).toBeNull();
    expect(allFaceFiles()).toHaveLength(53);
    for (const c of tables.cards) if (c.rank) expect(allFaceFiles()).toContain(faceFile(c));
  });
});

describe('seat names', () => {
  it('reads seats by name, leaving other seats and longer numbers alone', () => {
    expect(withSeatNames('Seat 1 draws card 2 of 3 from Seat 0; Seat 12 waits', [undefined, 'Bob'])).toBe(
      'Bob draws card 2 of 3 from Seat 0; Seat 12 waits',
    );
  });
});
