// What a real server said (src/fixtures/server.json, captured by e2e/capture.mjs),
// folded and drawn: the UI reads the protocol as the server writes it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mapChoices, pickZones } from './choices';
import server from './fixtures/server.json';
import type { ServerMessage } from './protocol';
import { initialTableState, reduceTable, type TableState } from './tablestate';
import { mount, type Rendered } from './testkit';

let r: Rendered;
beforeEach(() => (r = mount()));
afterEach(() => r.cleanup());

const fold = (...msgs: unknown[]): TableState => (msgs as ServerMessage[]).reduce(reduceTable, initialTableState);

describe('views from a real server', () => {
  it('draws Old Maid: the offered fan to pick from, names, odds', () => {
    const om = server.oldMaid;
    const state = fold(om.joined, om.first, om.turn, om.odds);
    expect(state.oddsAvailable).toBe(true);
    expect(state.version).toBe(om.turn.version);
    const map = mapChoices(state.view);
    expect(pickZones(map)).toEqual([0]);
    expect(map.buttons).toEqual([]);
    r.show(state, { oddsOn: true });
    const page = r.root.querySelector<HTMLElement>('.table-page')!;
    expect(page.classList.contains('my-turn')).toBe(true);
    expect(r.root.querySelectorAll('.offered button.card.pickable')).toHaveLength(om.turn.view.choices.length);
    // Bots have people's names, and the server's "Seat 0" reads as one.
    const bot = om.joined.seats[0];
    expect(r.root.querySelector('.seat[data-seat="0"] .seat-name')!.textContent).toBe(bot.name);
    expect(r.root.querySelector('[data-role="prompt"]')!.textContent).toContain(`Pick a card from ${bot.name}'s hand`);
    expect(r.root.querySelector('.me .odds-badge')!.textContent).toBe(`${(100 * om.odds.seats![1]).toFixed(2)}%`);
    // No face of another hand.
    for (const z of r.root.querySelectorAll<HTMLElement>('[data-zone-kind="hand"]'))
      if (z.dataset.owner !== '1') expect(z.querySelector('[data-card-index], img, svg')).toBeNull();
  });

  it('draws Bachelor Girl: every choice a button, the stock a pile', () => {
    const bg = server.bachelorGirl;
    const state = fold(bg.joined, bg.turn);
    r.show(state);
    expect(state.oddsAvailable).toBe(false);
    expect(r.root.querySelectorAll('.me .choices button')).toHaveLength(bg.turn.view.choices.length);
    expect(r.root.querySelector('[data-layout="pile"][data-zone-kind="stock"] .zone-label')!.textContent).toContain('stock');
    expect(r.root.querySelectorAll('.others .seat')).toHaveLength(7);
    expect(r.root.querySelector('.side-tab[data-tab="odds"]')).toBeNull();
  });
});
