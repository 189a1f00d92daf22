// Card art. Standard cards and jokers are Adrian Kennard's CC0 faces, copied
// into dist/cards/ by the build; the Old Maid picture deck, the backs and
// (spanish.tsx) the Spanish pack are drawn here, so the game needs no art
// from anywhere else. Which face a card has comes from the server's card list
// (rank, suit, picture), not its index.
import type { JSX } from 'preact';
import type { CardInfo } from './api';
import { faceFile } from './cardfiles';
import { SpanishCard, isSpanishFace } from './spanish';
import { cardInfo, cardName, cardShort, isLonePicture, spanishNaming } from './tokens';

const BASE = import.meta.env?.BASE_URL ?? './';

export function faceUrl(index: number): string | null {
  const f = faceFile(cardInfo(index));
  return f ? `${BASE}cards/${f}` : null;
}

/** The face of a known card: an image, our own picture card, or its name on a blank card. */
export function CardFace({ index }: { index: number }) {
  const info = cardInfo(index);
  if (info?.picture !== undefined) return <PictureCard info={info} />;
  if (info?.spanish_short && spanishNaming() && isSpanishFace(info)) return <SpanishCard info={info} />;
  const url = faceUrl(index);
  if (!url) return <div class="card-unknown">{cardShort(index)}</div>;
  return <img class="card-img" src={url} alt={cardName(index)} draggable={false} />;
}

// ----- The picture deck -----

interface Look {
  hue: number;
  skin: string;
  hair: string;
  coat: string;
  hat: number;
}

const SKINS = ['#f5d0b0', '#e8b48e', '#c98c63', '#a86b47', '#f0c7a0', '#7d4e33'];
const HAIRS = ['#3b2416', '#6b4226', '#b5651d', '#d9b26f', '#1c1c1c', '#8c8c8c', '#a0522d'];

/** Colours and features from the character number alone, so a pair always matches. */
export function pictureLook(character: number): Look {
  // The golden angle spreads 25 hues as far apart as they go.
  const hue = Math.round((character * 137.508) % 360);
  return {
    hue,
    skin: SKINS[(character * 5) % SKINS.length],
    hair: HAIRS[(character * 3) % HAIRS.length],
    coat: `hsl(${(hue + 180) % 360} 45% 38%)`,
    hat: character % 5,
  };
}

function splitName(full: string): [string, string] {
  const sp = full.lastIndexOf(' ');
  return sp < 0 ? ['', full] : [full.slice(0, sp), full.slice(sp + 1)];
}

function Hat({ kind, colour }: { kind: number; colour: string }) {
  switch (kind) {
    case 0: // top hat
      return (
        <g fill={colour} stroke="#222" stroke-width="1.5">
          <rect x="96" y="72" width="48" height="36" rx="3" />
          <rect x="84" y="104" width="72" height="8" rx="4" />
        </g>
      );
    case 1: // flat cap
      return <path d="M88 114 Q92 86 120 84 Q150 84 156 110 L164 114 Q130 104 88 114 Z" fill={colour} stroke="#222" stroke-width="1.5" />;
    case 2: // bonnet
      return <path d="M80 136 Q78 84 120 80 Q162 84 160 136 Q150 104 120 100 Q90 104 80 136 Z" fill={colour} stroke="#222" stroke-width="1.5" />;
    case 3: // sailor's cap
      return (
        <g stroke="#222" stroke-width="1.5">
          <ellipse cx="120" cy="96" rx="34" ry="10" fill="#fafafa" />
          <rect x="94" y="98" width="52" height="10" fill={colour} />
        </g>
      );
    default: // no hat: a bun of hair
      return <circle cx="120" cy="84" r="13" />;
  }
}

function Portrait({ look, oldMaid }: { look: Look; oldMaid: boolean }) {
  return (
    <g>
      {/* shoulders and coat */}
      <path d="M64 214 Q66 170 120 164 Q174 170 176 214 Z" fill={look.coat} stroke="#222" stroke-width="1.5" />
      <path d="M108 166 L120 190 L132 166" fill="#fff" stroke="#222" stroke-width="1.2" />
      {/* head */}
      <rect x="112" y="146" width="16" height="20" fill={look.skin} />
      <g fill={look.hair}>
        <ellipse cx="120" cy="120" rx="33" ry="36" />
      </g>
      <ellipse cx="120" cy="128" rx="27" ry="31" fill={look.skin} stroke="#222" stroke-width="1.2" />
      <circle cx="110" cy="124" r="2.6" fill="#222" />
      <circle cx="130" cy="124" r="2.6" fill="#222" />
      <circle cx="104" cy="136" r="5" fill="#e88" opacity="0.45" />
      <circle cx="136" cy="136" r="5" fill="#e88" opacity="0.45" />
      {oldMaid ? (
        <g fill="none" stroke="#222" stroke-width="1.6">
          {/* spectacles and a prim little mouth */}
          <circle cx="110" cy="124" r="7" />
          <circle cx="130" cy="124" r="7" />
          <path d="M117 124 H123" />
          <path d="M114 143 H126" />
        </g>
      ) : (
        <path d="M110 140 Q120 148 130 140" fill="none" stroke="#222" stroke-width="1.6" />
      )}
      <g fill={look.hair}>
        <Hat kind={oldMaid ? 2 : look.hat} colour={oldMaid ? '#4a2b5a' : `hsl(${look.hue} 55% 35%)`} />
      </g>
    </g>
  );
}

/** A framed, portrait-like card with the character's name; the lone card (the Old Maid) in mourning purple. */
export function PictureCard({ info }: { info: CardInfo }) {
  const index = info.index;
  const character = info.picture ?? 0;
  const oldMaid = isLonePicture(info);
  const look = oldMaid
    ? { hue: 285, skin: '#f0d2b8', hair: '#9a9a9a', coat: '#3b2147', hat: 2 }
    : pictureLook(character);
  const [trade, first] = oldMaid ? ['', info.short] : splitName(info.name);
  const frame = oldMaid ? '#2a1533' : `hsl(${look.hue} 50% 38%)`;
  const ground = oldMaid ? '#e9dcef' : `hsl(${look.hue} 60% 92%)`;
  const oval = oldMaid ? '#c9b2d6' : `hsl(${look.hue} 45% 78%)`;
  const initial = oldMaid ? '♛' : first.charAt(0);
  const corner = (x: number, y: number, rot: number): JSX.Element => (
    <g transform={`rotate(${rot} ${x} ${y})`}>
      <circle cx={x} cy={y} r="15" fill={frame} />
      <text x={x} y={y + 6.5} text-anchor="middle" font-size="19" font-weight="700" fill="#fff" font-family="Georgia, serif">
        {initial}
      </text>
    </g>
  );
  return (
    <svg class="picture-card" viewBox="0 0 240 336" role="img" aria-label={info.name}>
      <rect x="1" y="1" width="238" height="334" rx="14" fill="#fffdf7" stroke="#888" stroke-width="1.5" />
      <rect x="9" y="9" width="222" height="318" rx="9" fill={ground} stroke={frame} stroke-width="5" />
      <rect x="16" y="16" width="208" height="304" rx="6" fill="none" stroke={oldMaid ? '#c9a227' : '#fff'} stroke-width="1.5" opacity="0.8" />
      <ellipse cx="120" cy="140" rx="78" ry="92" fill={oval} stroke={frame} stroke-width="3" />
      <clipPath id={`oval-${index}`}>
        <ellipse cx="120" cy="140" rx="76" ry="90" />
      </clipPath>
      <g clip-path={`url(#oval-${index})`}>
        <Portrait look={look} oldMaid={oldMaid} />
      </g>
      {oldMaid && (
        // her cat
        <g fill="#222" transform="translate(160 196)">
          <ellipse cx="14" cy="22" rx="16" ry="12" />
          <circle cx="2" cy="8" r="9" />
          <path d="M-6 2 L-5 -8 L1 0 Z M4 0 L9 -8 L10 3 Z" />
          <path d="M28 24 Q40 10 32 0" fill="none" stroke="#222" stroke-width="3" />
        </g>
      )}
      <path d="M24 252 H216 L206 270 L216 288 H24 L34 270 Z" fill={frame} />
      {trade && (
        <text x="120" y="246" text-anchor="middle" font-size="15" font-style="italic" fill={frame} font-family="Georgia, serif">
          {trade}
        </text>
      )}
      <text x="120" y="278" text-anchor="middle" font-size={first.length > 8 ? 22 : 26} font-weight="700" fill={oldMaid ? '#e8c547' : '#fff'} font-family="Georgia, serif">
        {first}
      </text>
      {corner(32, 34, 0)}
      {corner(208, 302, 180)}
    </svg>
  );
}

// ----- The back -----

/** The back's SVG: a lattice on deep red in a cream border. Built once, used as a CSS background. */
export function backSvg(): string {
  const lattice: string[] = [];
  for (let x = -336; x < 336; x += 24) {
    lattice.push(`M${x} 0 L${x + 336} 336`, `M${x + 336} 0 L${x} 336`);
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 336">',
    '<rect width="240" height="336" rx="14" fill="#fbf6ea"/>',
    '<rect x="12" y="12" width="216" height="312" rx="8" fill="#8e1b2c"/>',
    '<clipPath id="c"><rect x="12" y="12" width="216" height="312" rx="8"/></clipPath>',
    `<path clip-path="url(#c)" d="${lattice.join(' ')}" stroke="#c2454f" stroke-width="2.5" fill="none"/>`,
    '<rect x="20" y="20" width="200" height="296" rx="6" fill="none" stroke="#e7c66a" stroke-width="2"/>',
    '<circle cx="120" cy="168" r="38" fill="#8e1b2c" stroke="#e7c66a" stroke-width="3"/>',
    '<text x="120" y="184" font-family="Georgia,serif" font-size="46" font-weight="700" fill="#e7c66a" text-anchor="middle">P</text>',
    '</svg>',
  ].join('');
}

/** Puts the back on the page once, as the --card-back custom property the stylesheet uses. */
export function installCardBack(root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--card-back', `url("data:image/svg+xml,${encodeURIComponent(backSvg())}")`);
}
