// Helpers for the tests that render the table view: a state around a view,
// presence with people's and bots' names, and a root to render into.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import tables from './fixtures/tables.json';
import fixtures from './fixtures/views.json';
import type { Choice, SeatPresence, View } from './protocol';
import { initialTableState, type TableState } from './tablestate';
import { TableView, type TableViewProps } from './tableview';
import { setCardNames } from './tokens';

setCardNames(tables.cards);

export const NAMES = ['Ann', 'Bob', 'Agatha', 'Bertram', 'Constance Wetherby-Smythe', 'Dorothy', 'Edmund', 'Florence', 'Gilbert', 'Harriet', 'Ignatius', 'Josephine'];

/** Seats 0 and 1 people, the others bots with names. */
export function presenceFor(players: number): SeatPresence[] {
  return Array.from({ length: players }, (_, s) =>
    s < 2 ? { kind: 'human', name: NAMES[s], connected: s === 0, away: false } : { kind: 'bot', bot: 'blind', name: NAMES[s], connected: true },
  );
}

export const view = (name: keyof typeof fixtures | keyof typeof tables): View =>
  structuredClone(((fixtures as Record<string, unknown>)[name] ?? (tables as Record<string, unknown>)[name]) as View);

export function stateFor(v: View, extra: Partial<TableState> = {}): TableState {
  return {
    ...initialTableState,
    table: 'k3j9x2ab',
    seat: v.viewer,
    title: 'Old Maid',
    game: v.game,
    preset: v.game,
    seats: presenceFor(v.players),
    version: 7,
    view: v,
    log: fixtures.log,
    wholeLogNext: false,
    ...extra,
  };
}

export interface Rendered {
  root: HTMLElement;
  onAct: ReturnType<typeof vi.fn<(c: Choice) => void>>;
  onRematch: ReturnType<typeof vi.fn<() => void>>;
  show: (state: TableState, props?: Partial<TableViewProps>) => void;
  cleanup: () => void;
}

export function mount(): Rendered {
  const root = document.createElement('div');
  document.body.appendChild(root);
  const onAct = vi.fn<(c: Choice) => void>();
  const onRematch = vi.fn<() => void>();
  return {
    root,
    onAct,
    onRematch,
    show: (state, props = {}) =>
      act(() => {
        render(<TableView state={state} status="open" onAct={onAct} onRematch={onRematch} {...props} />, root);
      }),
    cleanup: () => {
      act(() => render(null, root));
      root.remove();
    },
  };
}

export const click = (el: Element | null) => act(() => (el as HTMLElement).click());
export const key = (el: Element, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));
