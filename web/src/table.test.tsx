import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialTableState, type TableState } from './connection';
import fixtures from './fixtures/views.json';
import { dropTarget } from './hand';
import type { Choice, View } from './protocol';
import { othersInOrder, TableView } from './table';

const presence = [
  { kind: 'human' as const, name: 'Ann', connected: true },
  { kind: 'human' as const, name: 'Bob', connected: false },
  { kind: 'bot' as const, name: 'blind', connected: true },
  { kind: 'bot' as const, name: 'random', connected: true },
];

function stateFor(view: View, version = 7): TableState {
  return {
    ...initialTableState,
    table: 'k3j9x2ab',
    seat: view.viewer,
    title: 'Old Maid',
    game: 'old-maid',
    preset: 'old-maid',
    seats: presence.slice(0, view.players),
    version,
    view,
    log: fixtures.log,
    wholeLogNext: false,
  };
}

let root: HTMLElement;
let onAct: ReturnType<typeof vi.fn<(c: Choice) => void>>;
let onRematch: ReturnType<typeof vi.fn<() => void>>;

function show(view: View) {
  act(() => {
    render(<TableView state={stateFor(view)} status="open" onAct={onAct} onRematch={onRematch} />, root);
  });
}

/** Every card element inside zones of another seat's hand. */
function otherHands(viewer: number) {
  return [...root.querySelectorAll<HTMLElement>('[data-zone-kind="hand"]')].filter((z) => Number(z.dataset.owner) !== viewer);
}

beforeEach(() => {
  root = document.createElement('div');
  document.body.appendChild(root);
  onAct = vi.fn<(c: Choice) => void>();
  onRematch = vi.fn<() => void>();
});

afterEach(() => {
  render(null, root);
  root.remove();
});

describe('the table', () => {
  it('shows your hand as faces, at the bottom', () => {
    show(fixtures.drawer as View);
    const hand = root.querySelector<HTMLElement>('.me [data-zone-kind="hand"][data-owner="1"]')!;
    expect(hand).not.toBeNull();
    const faces = [...hand.querySelectorAll<HTMLElement>('.card.face')];
    expect(faces.map((f) => Number(f.dataset.cardIndex))).toEqual([9, 30, 47, 38, 50]);
    expect(hand.querySelector('img[src$="cards/QS.svg"]')).not.toBeNull();
    expect(root.querySelector('.table-page')!.getAttribute('data-version')).toBe('7');
  });

  it('lets the drawer click a card of the offered fan', () => {
    show(fixtures.drawer as View);
    const fan = root.querySelector<HTMLElement>('.offered [data-zone-kind="hand"][data-owner="0"]')!;
    const picks = fan.querySelectorAll<HTMLButtonElement>('button.card.pickable');
    expect(picks).toHaveLength(5);
    act(() => picks[2].click());
    expect(onAct).toHaveBeenCalledWith(expect.objectContaining({ action: 42, label: 'draw 3' }));
    // Draws are on the cards, not on buttons; the prompt says what to do.
    expect(root.querySelectorAll('.choices button')).toHaveLength(0);
    expect(root.querySelector('.prompt')!.textContent).toContain('Pick a position, 1 to 5');
  });

  it('shows the other hands face down, with no card identity', () => {
    for (const name of ['drawer', 'offerer', 'waiting', 'picture'] as const) {
      const view = fixtures[name] as View;
      show(view);
      const zones = otherHands(view.viewer);
      expect(zones.length).toBe(view.players - 1);
      for (const z of zones) {
        expect(z.querySelector('[data-card-index], .card.face, img, svg')).toBeNull();
        expect(z.textContent).not.toMatch(/[♣♦♥♠]/);
      }
    }
  });

  it('shows opponents in table order with their counts, status and presence', () => {
    expect(othersInOrder(4, 1)).toEqual([2, 3, 0]);
    show(fixtures.drawer as View);
    const seats = [...root.querySelectorAll<HTMLElement>('.opponents .seat')];
    expect(seats.map((s) => s.dataset.seat)).toEqual(['2', '3', '0']);
    const ann = seats[2];
    expect(ann.querySelector('.seat-name')!.textContent).toBe('Ann');
    expect(ann.querySelector('.card-count')!.textContent).toBe('5');
    expect(ann.querySelector('.seat-status')!.textContent).toBe('offering to Seat 1');
    expect(seats[0].querySelector('.bot-tag')!.textContent).toContain('blind');
    // Face-up pairs are visible.
    expect(seats[2].querySelectorAll('[data-zone-kind="pairs"] .card.face')).toHaveLength(4);
    // Whose turn: the viewer's own seat here.
    expect(root.querySelector('.me')!.classList.contains('turn')).toBe(true);
  });

  it('offers buttons with shortcut keys, and arranging by keyboard', () => {
    show(fixtures.offerer as View);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>('.choices button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['offero', 'shuffles']);
    expect(buttons[0].querySelector('kbd')!.textContent).toBe('o');
    act(() => buttons[1].click());
    expect(onAct).toHaveBeenLastCalledWith(expect.objectContaining({ label: 'shuffle' }));

    const cards = root.querySelectorAll<HTMLElement>('.own-hand .card.movable');
    expect(cards).toHaveLength(4);
    act(() => {
      cards[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(cards[0].classList.contains('selected')).toBe(true);
    act(() => {
      cards[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(onAct).toHaveBeenLastCalledWith(expect.objectContaining({ label: 'move 1 to 2', zone: 0, card: 0, to: 1 }));
    // The selection went to position 2, where the card will be (this fixture does not move it).
    const bar = root.querySelector<HTMLElement>('.arrange-bar')!;
    expect(bar.textContent).toContain('Q♦');
    act(() => bar.querySelector<HTMLButtonElement>('[aria-label="Move right"]')!.click());
    expect(onAct).toHaveBeenLastCalledWith(expect.objectContaining({ label: 'move 2 to 3' }));
  });

  it('finds the drop position nearest to the pointer', () => {
    expect(dropTarget([50, 100, 150, 200], 20)).toBe(0);
    expect(dropTarget([50, 100, 150, 200], 160)).toBe(2);
    expect(dropTarget([50, 100, 150, 200], 900)).toBe(3);
  });

  it('shows the end with the result, the record and a rematch', () => {
    show(fixtures.terminal as View);
    const end = root.querySelector<HTMLElement>('.end-panel')!;
    expect(end).not.toBeNull();
    expect(end.querySelector('.result')!.textContent).toBe('Seat 2 is left holding Q♠: Seat 2 is the Old Maid!');
    expect(end.querySelectorAll('tbody tr')).toHaveLength(4);
    expect(end.textContent).toContain('Old Maid');
    expect(end.querySelector<HTMLAnchorElement>('[data-role="record"]')!.getAttribute('href')).toBe('/api/tables/k3j9x2ab/record');
    act(() => end.querySelector<HTMLButtonElement>('[data-role="rematch"]')!.click());
    expect(onRematch).toHaveBeenCalled();
  });

  it('shows spectators the public view only', () => {
    show(fixtures.spectator as View);
    expect(root.querySelectorAll('button.card, .choices button, .movable')).toHaveLength(0);
    expect(root.querySelectorAll('[data-zone-kind="hand"] [data-card-index]')).toHaveLength(0);
    expect(root.querySelectorAll('[data-zone-kind="pairs"] [data-card-index]').length).toBeGreaterThan(0);
  });

  it('draws the picture deck itself', () => {
    show(fixtures.picture as View);
    const own = root.querySelector<HTMLElement>('.own-hand')!;
    expect(own.querySelectorAll('svg.picture-card')).toHaveLength(6);
    expect(root.querySelectorAll('.offered button.card.pickable')).toHaveLength(6);
  });

  it('waits for the server before the first view', () => {
    act(() => {
      render(<TableView state={initialTableState} status="connecting" onAct={onAct} onRematch={onRematch} />, root);
    });
    expect(root.textContent).toContain('Taking a seat');
  });
});
