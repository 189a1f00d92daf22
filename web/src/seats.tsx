// The seats round the table: where each sits, its name (people's and bots'),
// presence, counts, status, counters, live odds and its zones.
import { useContext } from 'preact/hooks';
import { targetZones } from './choices';
import { TableCtx } from './interact';
import type { OddsKind, SeatPresence, View } from './protocol';
import type { TableState } from './tablestate';
import { renderTokens, tokensToText } from './tokens';
import { ZoneView, shortZoneName, layoutOf } from './zone';

/** The name to show for a seat: the person's or bot's own, else the view's ("Seat 2"). */
export function seatTitle(view: View | null, presence: SeatPresence[], seat: number): string {
  const p = presence[seat];
  if (p?.name) return p.name;
  return view?.seats[seat]?.name ?? `Seat ${seat}`;
}

/** Names to read "Seat n" as in the server's words: everyone who has one. */
export function seatNames(presence: SeatPresence[]): (string | undefined)[] {
  return presence.map((p) => (p.name && !/^Seat \d+$/.test(p.name) ? p.name : undefined));
}

/** The seats in table order starting after `anchor`. */
export function othersInOrder(players: number, anchor: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < players; i++) out.push((anchor + i) % players);
  return out;
}

/**
 * Where the other seats sit round the table, clockwise from the viewer's left:
 * up the left side, across the top, down the right side. A few seats all sit
 * across the top (up to five: sides would narrow the middle, and Verish' Ne
 * Verish' needs its width for five zones); more fill the sides too, up to
 * eight a third of them at most per side, beyond that a quarter and never
 * more than three: a side is as tall as the table's middle, and three seats
 * holding cards fill it (Baccara with eleven).
 */
export function arrangeSeats(others: number[]): { left: number[]; top: number[]; right: number[] } {
  const n = others.length;
  const side = n <= 5 ? 0 : n <= 8 ? Math.round(n / 3.5) : Math.min(3, Math.floor(n / 4));
  return { left: others.slice(0, side), top: others.slice(side, n - side), right: others.slice(n - side) };
}

/** What the seats' scores count ("score", "players outlasted"), or null where
 * they say nothing a counter does not (every seat's score is one of its
 * counters, as chips are in a game for stakes): shown, it would only repeat it. */
export function scoreWord(view: View): string | null {
  if (view.seats.every((s) => (s.counters ?? []).some((c) => c.value === s.score))) return null;
  return view.score_word || 'score';
}

/** Away: a bot is playing this person's seat until they come back. */
export function awayText(p: SeatPresence | undefined): string | null {
  if (!p?.away) return null;
  return p.stand_in ? `away — ${p.stand_in} is playing` : 'away — a bot is playing';
}

/** A dot: green while a person is connected; a bot's is always there, and square. */
export function Presence({ p }: { p: SeatPresence | undefined }) {
  if (!p) return null;
  if (p.kind === 'bot') return <span class="presence bot" title={p.bot ? `a bot (${p.bot})` : 'a bot'} aria-label="a bot" />;
  return <span class={`presence ${p.connected ? 'on' : 'off'}`} title={p.connected ? 'connected' : 'not connected'} aria-label={p.connected ? 'connected' : 'not connected'} />;
}

/** A probability as a percentage with two decimals ("20.19%"); below 0.01% as "<0.01%". */
export function percent(p: number): string {
  if (p > 0 && p < 0.0001) return '<0.01%';
  return `${(100 * p).toFixed(2)}%`;
}

/** "+0.2161%": a result per chip, signed. */
export function signedPercent(x: number, digits = 2): string {
  return `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(digits)}%`;
}

/** A figure of the odds as people read it: a chance, a result per chip
 * ("+0.22%"), or counters ("−0.06"). */
export function oddsFigure(kind: OddsKind | undefined, x: number, digits = 2): string {
  if (kind === 'per_chip') return signedPercent(x, digits);
  if (kind === 'counters') return `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
  return percent(x);
}

/** What a figure of that kind is, for a tooltip or a caption. */
export function oddsMeaning(kind: OddsKind | undefined): string {
  if (kind === 'per_chip') return 'expected result per chip staked, all playing the optimal strategy';
  if (kind === 'counters') return 'expected counters a hand, all playing the optimal strategy';
  return 'chance, from the live odds';
}

export interface SeatBoxProps {
  seat: number;
  view: View;
  state: TableState;
  keys: string[][];
  /** Zones shown in the middle instead (a fan offered to the viewer). */
  featured: Set<number>;
  /** This seat's live odds, when on and current. */
  odds?: number;
  /** What the odds are: a chance, or (games for stakes) an expected result. */
  oddsKind?: OddsKind;
  narrow: boolean;
}

export function SeatBox({ seat, view, state, keys, featured, odds, oddsKind, narrow }: SeatBoxProps) {
  const info = view.seats[seat];
  const presence = state.seats[seat];
  const turn = !view.terminal && view.actors.includes(seat);
  const name = seatTitle(view, state.seats, seat);
  const away = awayText(presence);
  const word = scoreWord(view);
  // Empty zones of a seat say nothing that the counts do not, unless the viewer's cards may go there.
  const targets = targetZones(useContext(TableCtx).map);
  const zones = view.zones
    .map((_, i) => i)
    .filter((i) => view.zones[i].owner === seat && (view.zones[i].cards.length > 0 || featured.has(i) || targets.has(i)));
  const counters = info?.counters ?? [];
  return (
    <div
      class={`seat${turn ? ' turn' : ''}${info?.out ? ' out' : ''}${away ? ' away' : ''}`}
      data-seat={seat}
      role="group"
      aria-label={`${name}${turn ? ', to play' : ''}`}
    >
      <div class="seat-head">
        <Presence p={presence} />
        <span class="seat-name" title={name}>
          {name}
        </span>
        <span class="card-count" title="cards in hand">
          {info?.cards ?? 0}
        </span>
      </div>
      <div class="seat-status">
        {presence?.kind === 'bot' && (
          <span class="bot-tag" title={presence.bot ? `a bot (${presence.bot})` : 'a bot'}>
            bot
          </span>
        )}
        {odds !== undefined && (
          <span class="odds-badge" title={oddsMeaning(oddsKind)}>
            {oddsFigure(oddsKind, odds)}
          </span>
        )}
        {info && info.score !== 0 && word && (
          <span class="score" title={word}>
            {word} <b>{info.score}</b>
          </span>
        )}
        {counters.map((c) => (
          <span class="counter" data-counter={c.name}>
            {c.name} <b>{c.value}</b>
          </span>
        ))}
        {away && (
          <span class="away-tag" title={away}>
            {away}
          </span>
        )}
        {info?.status && (
          <span class="status-text" title={tokensToText(info.status)}>
            {renderTokens(info.status)}
          </span>
        )}
      </div>
      <div class="seat-zones">
        {zones.map((z) => {
          const zone = view.zones[z];
          const layout = layoutOf(zone);
          const handLike = layout === 'hand' || layout === 'fan';
          if (featured.has(z))
            return (
              <div class="zone-away" data-zone-index={z}>
                holding out {zone.cards.length} ↓
              </div>
            );
          return (
            <ZoneView
              zone={zone}
              index={z}
              keys={keys[z]}
              size={handLike ? 'sm' : 'xs'}
              caption={handLike ? undefined : shortZoneName(zone.name)}
              stack={narrow && handLike}
              peek={!view.terminal}
              seatName={(s) => seatTitle(view, state.seats, s)}
              class={handLike ? 'seat-hand' : 'seat-row'}
            />
          );
        })}
      </div>
    </div>
  );
}
