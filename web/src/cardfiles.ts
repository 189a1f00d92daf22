// Where each card face's image lives in dist/cards/. Shared by the build (which
// copies the files from the art package) and the UI (which shows them), so the
// two cannot disagree about a name. A card is found by the rank and suit the
// server gives it (GET /api/cards), never by arithmetic on its index.

/** The art package names ranks by one letter, ace to king. */
const RANK_LETTERS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
const SUIT_LETTERS: Record<string, string> = { clubs: 'C', diamonds: 'D', hearts: 'H', spades: 'S' };
/** The Kennard set ships one joker design. */
const JOKER_FILE = '2J.svg';

/** What the art needs to know of a card: its names from the server. */
export interface FaceInfo {
  name: string;
  rank?: number;
  suit?: string;
  picture?: number;
}

export function isJokerInfo(info: FaceInfo): boolean {
  return info.rank === undefined && info.picture === undefined && /\bjoker\b/i.test(info.name);
}

/** The face image's file name, or null for cards drawn by our own code (the picture deck) or unknown. */
export function faceFile(info: FaceInfo | undefined): string | null {
  if (!info) return null;
  if (info.rank !== undefined && info.suit !== undefined) {
    const r = RANK_LETTERS[info.rank - 1];
    const s = SUIT_LETTERS[info.suit];
    return r && s ? `${r}${s}.svg` : null;
  }
  if (isJokerInfo(info)) return JOKER_FILE;
  return null;
}

/** Every file the build copies. */
export function allFaceFiles(): string[] {
  const files: string[] = [];
  for (const r of RANK_LETTERS) for (const s of Object.values(SUIT_LETTERS)) files.push(`${r}${s}.svg`);
  files.push(JOKER_FILE);
  return files;
}
