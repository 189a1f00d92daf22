// The lobby page against a fake server: games, rules and bots named in words,
// settings only where they do something, what a match is, the rules dialog,
// option labels, the absence timer, and a name given in the lobby counting for
// the table.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BotInfo } from './api';
import fixtures from './fixtures/views.json';
import { Lobby } from './lobby';
import { hasNamed } from './prefs';

let root: HTMLElement;
let posted: Record<string, unknown>[];

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/** Answers `url` with `body` and everything else as the fake server of beforeEach does. */
function alsoAnswer(url: string, body: () => Promise<Response>) {
  const plain = vi.mocked(fetch);
  vi.stubGlobal('fetch', (u: string, init?: RequestInit) => (u === url ? body() : plain(u, init)));
}

/** A game of several deals whose match length depends on the players, as Oh Hell!'s does. */
const dealt = {
  ...fixtures.games[0], name: 'trumps', title: 'Trumps', summary: 'Bid the tricks you will take',
  min_players: 3, max_players: 7, default_players: 4, options: [], timed_windows: false,
  presets: [
    {
      name: 'trumps', summary: 'Trumps: one card, two, ... up and back down', settings: [],
      min_players: 3, max_players: 7, default_players: 4,
      match: { hands: 25, word: 'deal', by_players: [33, 25, 19, 15, 13] },
    },
  ],
};

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

  it('offers the time to challenge or claim only for a game with timed windows, and sends it', async () => {
    act(() => render(<Lobby />, root));
    await settle();
    // Old Maid has no window where several may act at once: the setting would do nothing.
    expect(root.querySelector('#window')).toBeNull();
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[0]).not.toHaveProperty('window_seconds');
    choose(root.querySelector<HTMLSelectElement>('#game')!, 'bachelor-girl/bachelor-girl');
    const w = root.querySelector<HTMLSelectElement>('#window')!;
    expect(root.querySelector('label[for="window"]')!.textContent).toBe('Time to challenge or claim');
    expect([...w.options].map((o) => o.textContent)).toEqual(['no limit', '5 s', '10 s', '15 s', '20 s', '30 s', '1 min', '2 min']);
    expect(w.value).toBe('10');
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[1]).toMatchObject({ game: 'bachelor-girl', window_seconds: 10 });
    choose(w, '0');
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[2]).toMatchObject({ window_seconds: 0 });
  });

  it('lists every game\'s rules by their summaries, never their keys, and says what the game is', async () => {
    act(() => render(<Lobby />, root));
    await settle();
    const game = root.querySelector<HTMLSelectElement>('#game')!;
    const shown = [...game.options].map((o) => o.textContent);
    const summaries = fixtures.games.flatMap((g) => g.presets.map((p) => p.summary));
    expect(shown).toEqual(summaries);
    for (const g of fixtures.games) for (const p of g.presets) expect(shown).not.toContain(p.name);
    const text = (role: string) => root.querySelector(`[data-role="${role}"]`)?.textContent;
    expect(text('game-summary')).toBe(fixtures.games[0].summary);
    expect(text('preset-summary')).toBe('Old Maid: a queen removed, pairs by rank, the dealer\'s left offers first');
    choose(game, 'old-maid/jiji-nuki');
    expect(text('preset-summary')).toBe('Jiji-nuki: one card set aside unseen, so nobody knows the odd card');
  });

  it('names each bot in words and says what it does on the page, not in a title alone', async () => {
    act(() => render(<Lobby />, root));
    await settle();
    const seat = root.querySelector<HTMLSelectElement>('[data-seat="1"] select')!;
    expect([...seat.options].map((o) => o.textContent)).toEqual(['A person', 'Bot: Blind', 'Bot: Random', 'Bot: Deep search']);
    expect(seat.value).toBe('blind');
    const guide = [...root.querySelectorAll<HTMLElement>('[data-role="bot-guide"] .bot-help')];
    expect(guide.map((b) => [b.querySelector('strong')!.textContent, b.querySelector('.bot-line')!.textContent])).toEqual(
      (fixtures.games[0].bots as BotInfo[]).map((b) => [b.label, b.help]),
    );
    // A server that gives no label: the bot's key, with a capital.
    choose(root.querySelector<HTMLSelectElement>('#game')!, 'bachelor-girl/bachelor-girl');
    expect([...seat.options].map((o) => o.textContent)).toEqual(['A person', 'Bot: Search', 'Bot: Greedy', 'Bot: Random']);
    expect(root.querySelector('[data-bot="greedy"]')!.textContent).toContain('takes whatever it can');
  });

  it('says what a match is, for the players chosen', async () => {
    alsoAnswer('/api/games', () => answer([...fixtures.games, dealt]));
    act(() => render(<Lobby />, root));
    await settle();
    const match = () => root.querySelector('[data-role="match"]')?.textContent ?? null;
    expect(match()).toBe('A game is a single hand.');
    const game = root.querySelector<HTMLSelectElement>('#game')!;
    choose(game, 'old-maid/old-maid-match');
    expect(match()).toBe('A match is 5 hands.');
    // A house rule changed may change it.
    act(() => {
      const box = root.querySelector<HTMLInputElement>('#opt-keep-drawing')!;
      box.checked = true;
      box.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(match()).toBe('A match is 5 hands, unless your house rules change it.');
    choose(game, 'trumps/trumps');
    expect(match()).toBe('A match is 25 deals.');
    act(() => root.querySelector<HTMLButtonElement>('[aria-label="More players"]')!.click());
    expect(match()).toBe('A match is 19 deals.');
    // No fixed number of hands (Bachelor Girl plays to 100): nothing said.
    choose(game, 'bachelor-girl/bachelor-girl');
    expect(match()).toBeNull();
  });

  it('offers a bot to stand in for someone away only at a table of several', async () => {
    const solitaire = {
      ...fixtures.games[0], name: 'montana', title: 'Montana', summary: 'a solitaire',
      min_players: 1, max_players: 1, default_players: 1, solver: true, options: [], presets: [],
      bots: [{ name: 'solver', help: 'solves' }],
    };
    alsoAnswer('/api/games', () => answer([...fixtures.games, solitaire]));
    act(() => render(<Lobby />, root));
    await settle();
    expect(root.querySelector('#absent')).not.toBeNull();
    choose(root.querySelector<HTMLSelectElement>('#game')!, 'montana/montana');
    expect(root.querySelector('#absent')).toBeNull();
    act(() => root.querySelector<HTMLButtonElement>('[data-role="create"]')!.click());
    await settle();
    expect(posted[0]).toMatchObject({ game: 'montana' });
    expect(posted[0]).not.toHaveProperty('absent_after');
  });

  it('opens the rules of the game chosen, and closes them', async () => {
    const asked: string[] = [];
    const plain = vi.mocked(fetch);
    vi.stubGlobal('fetch', (u: string, init?: RequestInit) => {
      if (!u.endsWith('/rules')) return plain(u, init);
      asked.push(u);
      return Promise.resolve(new Response('# Old Maid\n\n## How to play\nDraw a card.', { headers: { 'Content-Type': 'text/markdown' } }));
    });
    act(() => render(<Lobby />, root));
    await settle();
    choose(root.querySelector<HTMLSelectElement>('#game')!, 'old-maid/schwarzer-peter');
    const open = root.querySelector<HTMLButtonElement>('[data-role="rules"]')!;
    expect(open.textContent).toBe('Rules of Old Maid');
    act(() => open.click());
    await settle();
    expect(asked).toEqual(['/api/games/schwarzer-peter/rules']);
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-label')).toBe('Rules of Old Maid');
    expect(dialog.querySelector('.markdown h2')!.textContent).toBe('How to play');
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(root.querySelector('[role="dialog"]')).toBeNull();
  });

  it('names a recent table\'s rules by their summary', async () => {
    alsoAnswer('/api/tables', () =>
      answer([{ table: 'p0q8r7st', game: 'old-maid', title: 'Old Maid', preset: 'jiji-nuki', players: 3, finished: true, actions: 41, seats: [] }]),
    );
    act(() => render(<Lobby />, root));
    await settle();
    const row = root.querySelector('.recent li[data-table="p0q8r7st"]')!;
    expect(row.querySelector('.variant')!.textContent).toBe('Jiji-nuki: one card set aside unseen, so nobody knows the odd card');
    expect(row.textContent).not.toContain('jiji-nuki');
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
