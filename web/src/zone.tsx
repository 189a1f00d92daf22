// A zone of cards, drawn by its layout alone (protocol.md, "The view"): hand,
// fan and row side by side, pile stacked with a count, column overlapping
// downwards, grid in rows of slots, trick round the middle by seat, pot with
// its chips. The kind of a zone is carried as data for tests, never used to draw.
import { useContext } from 'preact/hooks';
import { CardSlot } from './cardslot';
import { cardKey, findTransfer, isShortcut, transferZones } from './choices';
import { TableCtx, type TableCtxValue } from './interact';
import type { CardView, Layout, View, Zone } from './protocol';
import { renderTokens, tokensToText } from './tokens';

export type CardSize = 'lg' | 'md' | 'sm' | 'xs';

const LAYOUTS: Layout[] = ['hand', 'fan', 'row', 'pile', 'column', 'grid', 'trick', 'pot'];
/** An unknown layout (a newer server) is drawn as a row. */
export const layoutOf = (z: Zone): Layout => (LAYOUTS.includes(z.layout) ? z.layout : 'row');

/** Animation keys of every card of the view, zone by zone (see flip.ts). */
export function flipKeys(view: View): string[][] {
  const seen = new Map<number, number>();
  return view.zones.map((z, zi) =>
    z.cards.map((c, pos) => {
      if (c.index === null) return `z${zi}/${pos}`;
      const n = seen.get(c.index) ?? 0;
      seen.set(c.index, n + 1);
      return `c${c.index}#${n}`;
    }),
  );
}

/** The zone's name without its owner ("Seat 2's pairs" → "pairs"), for a caption under a seat's name. */
export function shortZoneName(name: string): string {
  return name.replace(/^Seat \d+'s /, '');
}

/** Any card of the zone the viewer may act on. */
export function zoneActive(t: TableCtxValue, index: number, zone: Zone): boolean {
  if (t.map.zones.has(index)) return true;
  return zone.cards.some((_, pos) => {
    const k = cardKey(index, pos);
    return t.map.click.has(k) || t.map.selectable.has(k) || t.map.moves.has(k) || t.map.transfers.has(k);
  });
}

export interface ZoneViewProps {
  zone: Zone;
  index: number;
  keys: string[];
  size: CardSize;
  /** Show the zone's name and count above it (the table's zones). */
  label?: boolean;
  /** A caption under the cards ("pairs", in a seat's box). */
  caption?: string;
  /** Someone else's face-down cards: known ones still show as backs (see CardSlot). */
  peek?: boolean;
  /** Draw hidden cards nobody may act on as a small stack with a count. */
  stack?: boolean;
  /** Names for seats (a trick's cards say who played them). */
  seatName?: (seat: number) => string;
  /** Side-by-side cards in this many rows, each overlapping the one above
   * (a big hand on a phone: strips wide enough to see and to touch). */
  rows?: number;
  class?: string;
}

export function ZoneView(p: ZoneViewProps) {
  const t = useContext(TableCtx);
  const { zone, index, size } = p;
  const n = zone.cards.length;
  const layout = layoutOf(zone);
  const active = zoneActive(t, index, zone);
  const asStack =
    (layout === 'pile' && !deepActive(t, index, zone)) ||
    (!!p.stack && !active && n > 1 && zone.cards.every((c) => c.index === null && !c.face_up));
  // The selected card may go here: the zone takes a click (or a drop).
  const sel = t.selection.length === 1 ? t.selection[0].key : null;
  const dropChoice = sel && transferZones(t.map, sel).includes(index) ? findTransfer(t.map, sel, index) : undefined;
  // Keys to type shown under the cards: room is kept for them.
  const hinted = zone.cards.some((_, pos) => hintFor(t, index, pos) !== undefined);
  // A click on the zone itself (the stock: turn it), even while it is empty.
  const zoneChoice = t.map.zones.get(index);
  const cls = [
    'zone',
    `layout-${asStack ? 'pile' : layout}`,
    `size-${size}`,
    active ? 'active' : '',
    hinted ? 'hinted' : '',
    dropChoice ? 'drop-target' : '',
    zoneChoice && zoneChoice.action === t.hint ? 'hint-target' : '',
    p.class ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const count = layout === 'grid' ? zone.cards.filter((c) => !c.empty).length : n;
  return (
    <div
      class={cls}
      data-layout={layout}
      data-zone-kind={zone.kind}
      data-owner={zone.owner}
      data-zone-index={index}
      role="group"
      aria-label={`${tokensToText(zone.name)}: ${count} card${count === 1 ? '' : 's'}${layout === 'pot' ? `, ${zone.chips ?? 0} chips` : ''}`}
      title={p.caption ? `${tokensToText(zone.name)}: ${count}` : undefined}
      style={{ '--n': Math.max(n, 1), '--cols': Math.max(zone.columns ?? 1, 1), '--rows': Math.max(Math.ceil(n / Math.max(zone.columns ?? 1, 1)), 1) }}
    >
      {p.label && (
        <div class="zone-label">
          <span class="zone-name" title={tokensToText(zone.name)}>
            {renderTokens(zone.name)}
          </span>
          {count > 0 && <span class="count">{count}</span>}
        </div>
      )}
      {layout === 'pot' && <Chips n={zone.chips ?? 0} />}
      {zoneChoice ? (
        <button
          type="button"
          class="zone-click"
          data-action={zoneChoice.action}
          aria-label={tokensToText(zoneChoice.label)}
          title={tokensToText(zoneChoice.label)}
          onClick={() => t.act(zoneChoice)}
        >
          {cardsOf(p, layout, asStack)}
        </button>
      ) : (
        cardsOf(p, layout, asStack)
      )}
      {p.caption ? (
        // In a seat's box: one line, the note after the caption, whole in the title.
        <div class="zone-caption" title={zone.note ? `${p.caption}: ${tokensToText(zone.note)}` : undefined}>
          {p.caption}
          {zone.note && <> · {renderTokens(zone.note)}</>}
        </div>
      ) : (
        // One line, cut short where the zone is narrow: the whole of it in the title.
        zone.note && (
          <div class="zone-note" title={tokensToText(zone.note)}>
            {renderTokens(zone.note)}
          </div>
        )
      )}
      {dropChoice && (
        <button type="button" class="drop-here" data-action={dropChoice.action} onClick={() => t.act(dropChoice)}>
          {renderTokens(dropChoice.label)}
        </button>
      )}
    </div>
  );
}

function cardsOf(p: ZoneViewProps, layout: Layout, asStack: boolean) {
  if (asStack) return <Stack {...p} counted={layout === 'pile' && !p.label} />;
  return layout === 'trick' ? <Trick {...p} /> : <Cards {...p} layout={layout} />;
}

/** An action on a card a stack would not show (below its top three). */
function deepActive(t: TableCtxValue, index: number, zone: Zone): boolean {
  const n = zone.cards.length;
  return zone.cards.some((_, pos) => {
    if (pos >= n - 3) return false;
    const k = cardKey(index, pos);
    return t.map.click.has(k) || t.map.selectable.has(k) || t.map.moves.has(k) || t.map.transfers.has(k);
  });
}

/** The key to type for a card, unless a button beside it already shows it. */
function hintFor(t: TableCtxValue, index: number, pos: number): string | undefined {
  const c = t.map.click.get(cardKey(index, pos)) ?? t.map.direct.get(cardKey(index, pos));
  return c && isShortcut(c.key) && !t.map.buttons.includes(c) ? c.key : undefined;
}

/** Side by side (hand, fan, row, pot), in rows of slots (grid) or overlapping downwards (column). */
function Cards({ zone, index, keys, peek, layout, rows = 1 }: ZoneViewProps & { layout: Layout }) {
  const t = useContext(TableCtx);
  const slot = (c: CardView, pos: number) => (
    <CardSlot card={c} zone={index} pos={pos} flip={keys[pos]} hint={hintFor(t, index, pos)} peek={peek} axis={layout === 'column' ? 'y' : 'x'} />
  );
  const n = zone.cards.length;
  if (rows > 1 && n > rows && (layout === 'hand' || layout === 'fan' || layout === 'row')) {
    // In order, left to right and row after row; each row spreads its own cards.
    const per = Math.ceil(n / rows);
    const chunks = Array.from({ length: Math.ceil(n / per) }, (_, r) => r * per);
    return (
      <>
        {chunks.map((from) => (
          <div class="zone-cards in-rows" style={{ '--n': Math.min(per, n - from) }}>
            {zone.cards.slice(from, from + per).map((c, i) => slot(c, from + i))}
          </div>
        ))}
      </>
    );
  }
  return (
    <div class="zone-cards">
      {zone.cards.map(slot)}
      {n === 0 && layout !== 'pot' && <div class="card empty-slot" aria-hidden="true" />}
    </div>
  );
}

/** The top few cards stacked, and how many there are. */
function Stack({ zone, index, keys, peek, counted }: ZoneViewProps & { counted: boolean }) {
  const t = useContext(TableCtx);
  const n = zone.cards.length;
  const from = Math.max(0, n - 3);
  return (
    <div class="zone-cards">
      {zone.cards.slice(from).map((c, i) => (
        <CardSlot card={c} zone={index} pos={from + i} flip={keys[from + i]} hint={hintFor(t, index, from + i)} peek={peek} class="in-stack" />
      ))}
      {n === 0 && <div class="card empty-slot" aria-hidden="true" />}
      {n > 0 && counted && <span class="stack-count">{n}</span>}
    </div>
  );
}

/** One card per seat, placed round the middle as the seats sit round the table, the viewer below. */
function Trick({ zone, index, keys, peek, seatName }: ZoneViewProps) {
  const t = useContext(TableCtx);
  const players = Math.max(t.players, 1);
  return (
    <div class="zone-cards trick-area">
      {zone.cards.map((c, pos) => {
        const seat = c.seat ?? -1;
        let style: Record<string, string> = {};
        if (seat >= 0) {
          const angle = (2 * Math.PI * ((seat - t.anchor + players) % players)) / players;
          // Below the middle for the viewer, then round clockwise as the seats go.
          style = { left: `${50 - 34 * Math.sin(angle)}%`, top: `${50 + 30 * Math.cos(angle)}%` };
        }
        const who = seat >= 0 && seatName ? seatName(seat) : null;
        return (
          <>
            <CardSlot
              card={c}
              zone={index}
              pos={pos}
              flip={keys[pos]}
              peek={peek}
              class={seat >= 0 ? 'in-trick' : 'in-trick middle'}
              style={style}
              caption={who ? `played by ${who}` : undefined}
            />
            {/* Who played it, in words under the card: on a phone the seats
                sit in rows, not round the trick, so its place cannot say. */}
            {who && (
              <span class="trick-who" style={style} title={`played by ${who}`} aria-hidden="true">
                {who}
              </span>
            )}
          </>
        );
      })}
    </div>
  );
}

/** Chips as a little stack of discs and a number. */
function Chips({ n }: { n: number }) {
  const discs = Math.min(6, Math.max(1, Math.ceil(Math.log2(n + 1))));
  return (
    <div class="chips" aria-hidden="true">
      <span class="chip-stack">
        {Array.from({ length: n > 0 ? discs : 0 }, (_, i) => (
          <span class="chip-disc" style={{ '--i': i }} />
        ))}
      </span>
      <span class="chip-count">{n}</span>
    </div>
  );
}
