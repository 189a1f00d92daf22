// The Spanish pack's faces (Conquian with names=spanish), drawn here as the
// picture deck is: no art package we can install has them. A Spanish card is
// known by its suit signs (oros, coins; copas, cups; espadas, swords; bastos,
// batons), its number in the corners (1 to 7, the sota 10, the caballo 11, the
// rey 12, as the pack prints them) and the breaks in its frame line (la
// pinta: none for oros, one for copas, two for espadas, three for bastos),
// which tell the suit when the cards are fanned.
import type { JSX } from 'preact';
import type { CardInfo } from './api';

type SuitName = 'oros' | 'copas' | 'espadas' | 'bastos';

/** The Spanish suit of a French one, as core/card.h maps them. */
const SUIT_OF: Record<string, SuitName> = { diamonds: 'oros', hearts: 'copas', spades: 'espadas', clubs: 'bastos' };

/** The pack's colours for each suit's sign. */
const COLOUR: Record<SuitName, string> = { oros: '#c9931e', copas: '#b8322a', espadas: '#2f5d9e', bastos: '#4f7a28' };

/** Signs narrower than they are tall, drawn larger to weigh as much. */
const SLENDER: Record<SuitName, boolean> = { oros: false, copas: false, espadas: true, bastos: true };

/** Breaks in the frame line (la pinta). */
const BREAKS: Record<SuitName, number> = { oros: 0, copas: 1, espadas: 2, bastos: 3 };

/** The number the pack prints: the courts are 10, 11 and 12. */
export function spanishNumber(rank: number): number | null {
  if (rank >= 1 && rank <= 7) return rank;
  return rank === 11 ? 10 : rank === 12 ? 11 : rank === 13 ? 12 : null;
}

export function spanishSuit(suit: string | undefined): SuitName | null {
  return (suit && SUIT_OF[suit]) || null;
}

/** One suit sign, centred on (x, y), `size` across. */
export function SuitSign({ suit, x, y, size }: { suit: SuitName; x: number; y: number; size: number }) {
  const k = size / 100;
  const c = COLOUR[suit];
  let body: JSX.Element;
  switch (suit) {
    case 'oros':
      body = (
        <g>
          <circle r="46" fill="#f2c94c" stroke={c} stroke-width="6" />
          <circle r="30" fill="none" stroke={c} stroke-width="4" />
          <circle r="9" fill={c} />
          {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
            <circle key={a} r="4.5" cx={19 * Math.cos((a * Math.PI) / 180)} cy={19 * Math.sin((a * Math.PI) / 180)} fill={c} />
          ))}
        </g>
      );
      break;
    case 'copas':
      body = (
        <g stroke="#7a1d17" stroke-width="3" stroke-linejoin="round">
          <path d="M-40 -44 H40 Q38 4 8 14 V26 Q24 30 28 44 H-28 Q-24 30 -8 26 V14 Q-38 4 -40 -44 Z" fill={c} />
          <path d="M-40 -44 H40 V-34 H-40 Z" fill="#e8b64a" />
          <path d="M-8 26 H8" fill="none" />
        </g>
      );
      break;
    case 'espadas':
      body = (
        <g stroke="#1d3a66" stroke-width="3" stroke-linejoin="round">
          <path d="M-7 -20 H7 L5 42 L0 50 L-5 42 Z" fill="#cfd8e6" />
          <path d="M-30 -24 H30 V-16 H-30 Z" fill={c} />
          <path d="M-6 -48 H6 V-24 H-6 Z" fill={c} />
          <circle cy="-50" r="7" fill="#e8b64a" />
        </g>
      );
      break;
    default:
      body = (
        <g stroke="#3b2a12" stroke-width="3" stroke-linejoin="round">
          <path d="M-15 -48 Q2 -54 14 -44 L9 44 Q0 52 -9 44 Z" fill="#a9743d" />
          <circle cx="-13" cy="-20" r="6" fill={c} />
          <circle cx="12" cy="2" r="6" fill={c} />
          <circle cx="-10" cy="22" r="5" fill={c} />
        </g>
      );
  }
  return (
    <g class="pip" data-suit={suit} transform={`translate(${x} ${y}) scale(${k})`}>
      {body}
    </g>
  );
}

/** Where the signs of 1 to 7 stand on a 240 × 336 card. */
export function pipPlaces(n: number): Array<[number, number]> {
  const l = 80,
    r = 160,
    c = 120;
  switch (n) {
    case 1:
      return [[c, 168]];
    case 2:
      return [[c, 84], [c, 252]];
    case 3:
      return [[c, 78], [c, 168], [c, 258]];
    case 4:
      return [[l, 90], [r, 90], [l, 246], [r, 246]];
    case 5:
      return [[l, 84], [r, 84], [c, 168], [l, 252], [r, 252]];
    case 6:
      return [[l, 78], [r, 78], [l, 168], [r, 168], [l, 258], [r, 258]];
    case 7:
      return [[l, 66], [r, 66], [c, 118], [l, 170], [r, 170], [l, 264], [r, 264]];
    default:
      return [];
  }
}

/** A court figure: the sota standing, the caballo mounted, the rey crowned; each holds his suit's sign. */
function Court({ number, suit }: { number: number; suit: SuitName }) {
  const coat = COLOUR[suit];
  const mounted = number === 11;
  const crowned = number === 12;
  const top = mounted ? 58 : 70;
  return (
    <g class="court" stroke="#222" stroke-width="2" stroke-linejoin="round">
      {mounted && (
        // the horse
        <g fill="#f4efe4">
          <path d="M54 206 Q60 166 110 170 H170 Q186 150 200 152 L204 176 Q196 182 188 180 L184 206 Q178 222 160 222 H78 Q60 222 54 206 Z" />
          <path d="M74 218 L68 276 H80 L88 222 M100 222 L98 278 H110 L112 222 M146 222 L150 278 H162 L160 220 M168 216 L182 272 H194 L180 210" />
          <path d="M54 200 Q34 214 40 246" fill="none" />
        </g>
      )}
      {/* legs and robe */}
      <path
        d={mounted ? `M104 ${top + 92} L96 216 H126 L134 ${top + 92} Z` : `M96 ${top + 92} L88 284 H112 L120 ${top + 130} L128 284 H152 L144 ${top + 92} Z`}
        fill="#e9dfc8"
      />
      <path d={`M92 ${top + 30} Q120 ${top + 18} 148 ${top + 30} L${crowned ? 160 : 152} ${top + (crowned ? 170 : 110)} H${crowned ? 80 : 88} Z`} fill={coat} />
      <path d={`M104 ${top + 30} L120 ${top + 60} L136 ${top + 30}`} fill="#f4efe4" />
      {/* head */}
      <circle cx="120" cy={top} r="18" fill="#f1cfa8" />
      <path d={`M102 ${top - 4} Q104 ${top - 24} 120 ${top - 22} Q136 ${top - 24} 138 ${top - 4} Q130 ${top - 14} 120 ${top - 12} Q110 ${top - 14} 102 ${top - 4} Z`} fill="#6b4226" />
      {crowned ? (
        <path d={`M102 ${top - 16} L104 ${top - 38} L112 ${top - 26} L120 ${top - 42} L128 ${top - 26} L136 ${top - 38} L138 ${top - 16} Z`} fill="#e8b64a" />
      ) : (
        <path d={`M100 ${top - 14} Q120 ${top - 40} 142 ${top - 16} Z`} fill={mounted ? '#7a3b8c' : '#2e6b5e'} />
      )}
      <SuitSign suit={suit} x={170} y={top + 52} size={44} />
    </g>
  );
}

/** Whether `info` is one of the Spanish forty, which SpanishCard draws. */
export function isSpanishFace(info: CardInfo): boolean {
  return spanishSuit(info.suit) !== null && info.rank !== undefined && spanishNumber(info.rank) !== null;
}

/** The whole face of one card of the Spanish forty, or null for a card outside it. */
export function SpanishCard({ info }: { info: CardInfo }) {
  const suit = spanishSuit(info.suit);
  const number = info.rank === undefined ? null : spanishNumber(info.rank);
  if (!suit || number === null) return null;
  const colour = COLOUR[suit];
  // The frame line, broken BREAKS[suit] times at its top and its bottom.
  const breaks = BREAKS[suit];
  const gaps: JSX.Element[] = [];
  for (let i = 0; i < breaks; i++) {
    const x = 120 + (i - (breaks - 1) / 2) * 22 - 6;
    gaps.push(<rect class="pinta" key={`t${i}`} x={x} y="12" width="12" height="8" fill="#fffdf7" />);
    gaps.push(<rect class="pinta" key={`b${i}`} x={x} y="316" width="12" height="8" fill="#fffdf7" />);
  }
  const corner = (x: number, y: number, rot: number): JSX.Element => (
    <text
      class="index"
      x={x}
      y={y}
      transform={`rotate(${rot} ${x} ${y})`}
      text-anchor="middle"
      font-size="24"
      font-weight="700"
      fill={colour}
      font-family="Georgia, serif"
    >
      {number}
    </text>
  );
  return (
    <svg class="spanish-card" viewBox="0 0 240 336" role="img" aria-label={info.spanish_name ?? info.name} data-number={number} data-suit={suit}>
      <rect x="1" y="1" width="238" height="334" rx="14" fill="#fffdf7" stroke="#888" stroke-width="1.5" />
      <rect x="16" y="16" width="208" height="304" rx="4" fill="none" stroke={colour} stroke-width="3" />
      {gaps}
      {number <= 7 ? pipPlaces(number).map(([x, y], i) => <SuitSign key={i} suit={suit} x={x} y={y} size={(number === 1 ? 120 : 54) * (SLENDER[suit] ? 1.35 : 1)} />) : <Court number={number} suit={suit} />}
      {corner(32, 44, 0)}
      {corner(208, 292, 180)}
    </svg>
  );
}
