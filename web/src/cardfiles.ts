// Where each card face's image lives in dist/cards/. Shared by the build (which
// copies the files from the art package) and the UI (which shows them), so the
// two cannot disagree about a name.

const RANK_LETTERS = 'A23456789TJQK';
const SUIT_LETTERS = 'CDHS'; // clubs, diamonds, hearts, spades: the engine's suit order

export const JOKERS = [52, 53];

export function isStandard(index: number): boolean {
  return index >= 0 && index < 52;
}

export function isJoker(index: number): boolean {
  return JOKERS.includes(index);
}

export function isPicture(index: number): boolean {
  return index >= 64 && index <= 89;
}

/** The face image's file name, or null for cards we draw ourselves (the picture deck). */
export function faceFile(index: number): string | null {
  if (isStandard(index)) return `${RANK_LETTERS[Math.floor(index / 4)]}${SUIT_LETTERS[index % 4]}.svg`;
  // The Kennard set ships one joker design; both jokers use it.
  if (isJoker(index)) return '2J.svg';
  return null;
}

/** Every file the build copies. */
export function allFaceFiles(): string[] {
  const files = new Set<string>();
  for (let i = 0; i < 54; i++) {
    const f = faceFile(i);
    if (f) files.add(f);
  }
  return [...files];
}
