// The lobby page against a fake server: option labels, the absence timer, and a
// name given in the lobby counting for the table.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fixtures from './fixtures/views.json';
import { Lobby } from './lobby';
import { hasNamed } from './prefs';

let root: HTMLElement;
let posted: Record<string, unknown>[];

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

beforeEach(() => {
  posted = [];
  localStorage.clear();
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url === '/api/games') return answer(fixtures.games);
    if (url === '/api/tables' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return answer(
        {
          table: 'k3j9x2ab', game: 'old-maid', preset: 'old-maid', players: 4,
          seats: [
            { seat: 0, kind: 'human', token: 'a'.repeat(32) },
            { seat: 1, kind: 'human', token: 'b'.repeat(32) },
            { seat: 2, kind: 'bot', bot: 'blind', name: 'Agatha' },
            { seat: 3, kind: 'bot', bot: 'blind', name: 'Bertram' },
          ],
        },
        201,
      );
    }
    if (url === '/api/tables') return answer([]);
    if (url === '/api/stats') return answer([]);
    return answer({ error: 'unknown' }, 404);
  });
  root = document.createElement('div');
  document.body.appendChild(root);
  location.hash = '#/';
});

afterEach(() => {
  act(() => render(null, root));
  root.remove();
  vi.unstubAllGlobals();
});

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

function choose(sel: HTMLSelectElement, value: string) {
  act(() => {
    sel.value = value;
    sel.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('the lobby', () => {
  it('names house rules by their labels', async () => {
    act(() => render(<Lobby />, root));
    await settle();
    const odd = root.querySelector<HTMLElement>('[data-option="odd"]')!;
    expect(odd.querySelector('.option-label')!.textContent).toBe('The odd card');
    const labels = [...root.querySelectorAll<HTMLElement>('[data-option]')].map((o) => [o.dataset.option, o.querySelector('.option-label')!.textContent]);
    expect(labels.length).toBe(fixtures.games[0].options.length);
    for (const [key, label] of labels) expect(label).not.toBe(key);
  });

  it('sends the absence timer only when it is on', async () => {
    act(() => render(<Lobby />, root));
    await settle();
    const absent = root.querySelector<HTMLSelectElement>('#absent')!;
    expect([...absent.options].map((o) => o.textContent)).toEqual(['off', '30 s', '1 min', '2 min', '5 min']);
    expect(absent.value).toBe('0');
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[0]).not.toHaveProperty('absent_after');
    choose(absent, '120');
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[1]).toMatchObject({ game: 'old-maid', players: 4, absent_after: 120 });
    // The new table lists its bots by name.
    expect(root.querySelector('.created')!.textContent).toContain('Agatha (seat 2)');
  });

  it('offers a winnable deal only for a game with a solver, and sends it when ticked', async () => {
    const solitaire = {
      ...fixtures.games[0], name: 'montana', title: 'Montana', summary: 'a solitaire',
      min_players: 1, max_players: 1, default_players: 1, solver: true, options: [], presets: [],
      bots: [{ name: 'solver', help: 'solves' }],
    };
    const plain = vi.mocked(fetch);
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url === '/api/games' ? answer([...fixtures.games, solitaire]) : plain(url, init));
    act(() => render(<Lobby />, root));
    await settle();
    expect(root.querySelector('[data-role="winnable"]')).toBeNull();  // Old Maid has no solver
    choose(root.querySelector<HTMLSelectElement>('#game')!, 'montana/montana');
    const box = root.querySelector<HTMLInputElement>('[data-role="winnable"]')!;
    expect(box.checked).toBe(false);
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[0]).toMatchObject({ game: 'montana', players: 1 });
    expect(posted[0]).not.toHaveProperty('winnable');
    act(() => {
      box.checked = true;
      box.dispatchEvent(new Event('change', { bubbles: true }));
    });
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[1]).toMatchObject({ game: 'montana', winnable: true });
  });

  it('shows each player\'s games won in a row, and the most', async () => {
    const plain = vi.mocked(fetch);
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url === '/api/stats'
        ? answer([{ name: 'Ann', game: 'old-maid', played: 5, won: 3, lost: 2, score: 3, streak: 2, best_streak: 3 }])
        : plain(url, init));
    act(() => render(<Lobby />, root));
    await settle();
    const head = [...root.querySelectorAll('table.stats th')].map((th) => th.textContent);
    expect(head).toContain('Streak');
    const cells = [...root.querySelectorAll('table.stats td')].map((td) => td.textContent);
    expect(cells[cells.length - 1]).toBe('2 (3)');
  });

  it('sends the time to challenge or claim, 10 s unless changed', async () => {
    act(() => render(<Lobby />, root));
    await settle();
    const w = root.querySelector<HTMLSelectElement>('#window')!;
    expect(root.querySelector('label[for="window"]')!.textContent).toBe('Time to challenge or claim');
    expect([...w.options].map((o) => o.textContent)).toEqual(['no limit', '5 s', '10 s', '15 s', '20 s', '30 s', '1 min', '2 min']);
    expect(w.value).toBe('10');
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[0]).toMatchObject({ window_seconds: 10 });
    choose(w, '0');
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[1]).toMatchObject({ window_seconds: 0 });
  });

  it('takes the lobby name as given when sitting down at once', async () => {
    act(() => render(<Lobby />, root));
    await settle();
    const name = root.querySelector<HTMLInputElement>('#name')!;
    act(() => {
      name.value = 'Ann';
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => root.querySelector<HTMLButtonElement>('[data-role="play-now"]')!.click());
    await settle();
    expect(location.hash).toBe(`#/t/k3j9x2ab/${'a'.repeat(32)}`);
    expect(hasNamed('a'.repeat(32))).toBe(true);
    expect(hasNamed('b'.repeat(32))).toBe(false);
    expect(localStorage.getItem('parlour.name')).toBe('Ann');
  });
});
