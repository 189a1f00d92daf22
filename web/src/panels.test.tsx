// Around the cards: the summary between hands, the chat, the live odds, absent
// players and the way back.
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BETWEEN_HANDS_MS } from './overlays';
import type { ChatLine, OddsFigures, View } from './protocol';
import { percent } from './seats';
import { click, mount, presenceFor, stateFor, view, type Rendered } from './testkit';

let r: Rendered;
beforeEach(() => (r = mount()));
afterEach(() => {
  r.cleanup();
  vi.useRealTimers();
});

const $ = (sel: string) => r.root.querySelector<HTMLElement>(sel);
const $$ = (sel: string) => [...r.root.querySelectorAll<HTMLElement>(sel)];

/** The view just after hand `hand` of three ended. */
const handOver = (v: View, hand: number): View => ({
  ...v,
  hand: hand + 1,
  hands: 3,
  last_hand: { hand, summary: 'Seat 2 is the Old Maid.', points: [0, 0, -1, 0], totals: [1, 0, -1, 2] },
});

describe('between hands', () => {

  it('shows the summary when a hand ends during play, and not on joining', () => {
    vi.useFakeTimers();
    const v = view('oldMaid4');
    r.show(stateFor(handOver(v, 1)));
    expect($('.between-hands')).toBeNull(); // a join: old news
    r.show(stateFor(handOver(v, 2), { version: 8 }));
    const box = $('.between-hands')!;
    expect(box.dataset.hand).toBe('2');
    expect(box.querySelector('h2')!.textContent).toBe('Hand 2 is over');
    expect(box.querySelector('.result')!.textContent).toBe('Agatha is the Old Maid.');
    const rows = [...box.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['Ann (you)', '0', '1'],
      ['Bob', '0', '0'],
      ['Agatha', '-1', '-1'],
      ['Bertram', '0', '2'],
    ]);
    // It goes by itself after a while.
    act(() => void vi.advanceTimersByTime(BETWEEN_HANDS_MS + 10));
    expect($('.between-hands')).toBeNull();
  });

  it("says the game's word for a hand: Baccara's coup", () => {
    const v = view('oldMaid4');
    r.show(stateFor({ ...v, last_hand: null }));
    r.show(stateFor({ ...handOver(v, 4), hand_word: 'coup' }, { version: 8 }));
    expect($('.between-hands h2')!.textContent).toBe('Coup 4 is over');
    expect($('.between-hands')!.getAttribute('aria-label')).toBe('Coup 4 is over');
  });

  it('can be dismissed', () => {
    const v = view('oldMaid4');
    r.show(stateFor({ ...v, last_hand: null }));
    r.show(stateFor(handOver(v, 1), { version: 8 }));
    click($('[data-role="next-hand"]'));
    expect($('.between-hands')).toBeNull();
    // The same hand's summary does not come back with the next move.
    r.show(stateFor(handOver(v, 1), { version: 9 }));
    expect($('.between-hands')).toBeNull();
  });
});

describe('between hands, the cards and the choice', () => {

  it('shows how the hand ended, cards and all', () => {
    localStorage.clear();
    const v = view('oldMaid4');
    r.show(stateFor({ ...v, last_hand: null }));
    r.show(stateFor(handOver(v, 1), { version: 8, lastLines: ['Seat 2 is left holding [[47]].'] }));
    const story = $('[data-role="hand-story"]')!;
    expect(story.textContent).toContain('Agatha is left holding');
    expect(story.querySelector('.tok')).not.toBeNull(); // the card itself, as a token
  });

  it('can be turned off for every hand, and on again from the top bar', () => {
    localStorage.clear();
    const v = view('oldMaid4');
    r.show(stateFor({ ...v, last_hand: null }));
    r.show(stateFor(handOver(v, 1), { version: 8 }));
    const box = $('[data-role="summaries"]') as HTMLInputElement;
    expect(box.checked).toBe(true);
    act(() => {
      box.checked = false;
      box.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect($('.between-hands')).toBeNull();
    expect(localStorage.getItem('parlour.summaries')).toBe('off');
    r.show(stateFor(handOver(v, 2), { version: 9 }));
    expect($('.between-hands')).toBeNull();
    const toggle = $('[data-role="summaries-switch"]')!;
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    click(toggle);
    expect(localStorage.getItem('parlour.summaries')).toBe('on');
    localStorage.clear();
  });
});

describe('the chat', () => {
  const lines: ChatLine[] = [
    { seat: 1, name: 'Bob', text: 'hello all', at: 1795335350 },
    { seat: 0, name: 'Ann', text: 'hi Bob', at: 1795335360 },
  ];

  it('is its own panel beside the log, with names', () => {
    const onChat = vi.fn(() => true);
    r.show(stateFor(view('drawer'), { chat: lines }), { onChat });
    expect($$('.side-tab').map((t) => t.textContent)).toEqual(['Log', 'Chat']);
    expect($('.log')!.getAttribute('aria-label')).toBe('The log');
    click($('.side-tab[data-tab="chat"]'));
    expect($$('.chat-lines li').map((li) => [li.querySelector('.chat-name')!.textContent, li.querySelector('.chat-text')!.textContent])).toEqual([
      ['Bob', 'hello all'],
      ['Ann', 'hi Bob'],
    ]);
    const input = $('.chat-form input') as HTMLInputElement;
    act(() => {
      input.value = 'well played';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => void $('.chat-form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(onChat).toHaveBeenCalledWith('well played');
    expect(input.value).toBe('');
  });

  it('counts what was said while you looked at the log', () => {
    r.show(stateFor(view('drawer'), { chat: lines }));
    expect($('.unread')).toBeNull();
    r.show(stateFor(view('drawer'), { chat: [...lines, { seat: 2, name: 'Agatha', text: 'my turn', at: 1795335370 }] }));
    expect($('.side-tab[data-tab="chat"] .unread')!.textContent).toBe('1');
    expect($('.side-peek')!.textContent).toBe('Agatha: my turn');
    // Cut short on a phone: the whole line is its title (issue 36, item 18).
    expect($('.side-peek')!.title).toBe('Agatha: my turn');
    click($('.side-tab[data-tab="chat"]'));
    expect($('.unread')).toBeNull();
  });
});

describe('live odds', () => {
  const odds = (version: number, extra: Partial<OddsFigures> = {}): OddsFigures => ({
    type: 'odds', version, event: 'being left with the odd card', seats: [0.20193575, 0.35, 0.44806425, 0], exact: true, precision: 1e-12, method: 'every deal', ...extra,
  });
  const show = (o: OddsFigures | null, on = true, version = 7) => {
    const onOdds = vi.fn();
    r.show(stateFor(view('oldMaid4'), { oddsAvailable: true, odds: o, version }), { oddsOn: on, onOdds });
    click($('.side-tab[data-tab="odds"]'));
    return onOdds;
  };

  it('is switched on and off by the person', () => {
    const onOdds = show(null, false);
    const sw = $('[data-role="odds-switch"]') as HTMLInputElement;
    expect(sw.checked).toBe(false);
    expect(sw.getAttribute('role')).toBe('switch');
    act(() => {
      sw.checked = true;
      sw.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onOdds).toHaveBeenCalledWith(true);
  });

  it('shows each seat’s figure for the view on show, with the raw figures as data', () => {
    show(odds(7));
    const cells = $$('[data-odds-seat]');
    expect(cells.map((c) => c.textContent)).toEqual(['20.19%', '35.00%', '44.81%', '0.00%']);
    expect(cells.map((c) => Number(c.dataset.oddsValue))).toEqual([0.20193575, 0.35, 0.44806425, 0]);
    expect(cells.every((c) => c.dataset.oddsVersion === '7')).toBe(true);
    expect($('.odds-how')!.textContent).toBe('Exact · after move 7');
    expect($('.odds-event')!.textContent).toBe('Chance of being left with the odd card:');
    // Beside each seat too.
    expect($('.others .seat[data-seat="2"] .odds-badge')!.textContent).toBe('44.81%');
    expect($('.me .odds-badge')!.textContent).toBe('20.19%');
  });

  it('says when figures are estimated by sampling', () => {
    show(odds(7, { exact: false, precision: 0.002 }));
    expect($('.odds-how')!.textContent).toBe('Estimated by sampling, within ±0.20% · after move 7');
  });

  it('hides figures of another version', () => {
    show(odds(6));
    expect($$('[data-odds-seat]')).toHaveLength(0);
    expect($('[data-odds-waiting]')).not.toBeNull();
    expect($$('.odds-badge')).toHaveLength(0);
  });

  it('shows no figures while switched off, and says why there are none', () => {
    show(odds(7), false);
    expect($$('[data-odds-seat], .odds-badge')).toHaveLength(0);
    show(odds(7, { seats: undefined, error: 'the cards are not dealt yet' }));
    expect($('[data-odds-error]')!.textContent).toContain('the cards are not dealt yet');
  });

  it('writes small chances so they can be read', () => {
    expect(percent(0.123456)).toBe('12.35%');
    expect(percent(0.00004)).toBe('<0.01%');
    expect(percent(1)).toBe('100.00%');
  });

  it('has no tab where the table has no odds', () => {
    r.show(stateFor(view('oldMaid4'), { oddsAvailable: false }));
    expect($('.side-tab[data-tab="odds"]')).toBeNull();
  });
});

describe('absent players', () => {
  it('marks a seat a bot plays while its person is away', () => {
    const seats = presenceFor(4);
    seats[1] = { ...seats[1], away: true, stand_in: 'Hector (bot)' };
    r.show(stateFor(view('oldMaid4'), { seats }));
    expect($('.others .seat[data-seat="1"]')!.classList.contains('away')).toBe(true);
    expect($('.others .seat[data-seat="1"] .away-tag')!.textContent).toBe('away — Hector (bot) is playing');
    expect($('[data-role="back"]')).toBeNull();
  });

  it('gives a person marked away a clear way back', () => {
    const onBack = vi.fn();
    const seats = presenceFor(4);
    seats[0] = { ...seats[0], away: true };
    r.show(stateFor(view('oldMaid4'), { seats }), { onBack });
    const banner = $('.away-banner')!;
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('You were away');
    click(banner.querySelector('[data-role="back"]'));
    expect(onBack).toHaveBeenCalled();
    seats[0] = { ...seats[0], away: false };
    r.show(stateFor(view('oldMaid4'), { seats }), { onBack });
    expect($('.away-banner')).toBeNull();
  });
});
