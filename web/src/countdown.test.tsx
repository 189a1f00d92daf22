// A timed window's countdown: shown while the latest update told of one, counted
// down on the page's clock, in words for screen readers, gone when it closes.
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announcement, secondsLeft } from './countdown';
import { mount, stateFor, view, type Rendered } from './testkit';

let r: Rendered;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(100_000);
  r = mount();
});
afterEach(() => {
  r.cleanup();
  vi.useRealTimers();
});

const $ = (sel: string) => r.root.querySelector<HTMLElement>(sel);
const timer = () => $('[data-role="countdown"]');
const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('the countdown of a timed window', () => {
  it('shows the seconds left and a shrinking bar, counting down on the page', () => {
    r.show(stateFor(view('waiting'), { windowSeconds: 10, window: { ends: 107_000, total: 10_000 } }));
    const t = timer()!;
    expect(t.getAttribute('role')).toBe('timer');
    expect(t.querySelector('.countdown-text')!.textContent).toBe('7 s');
    expect(t.getAttribute('aria-label')).toBe('7 seconds left');
    expect(t.querySelector<HTMLElement>('.countdown-fill')!.style.transform).toBe('scaleX(0.7)');
    expect($('.me')!.classList.contains('timed')).toBe(true);
    tick(1000);
    expect(timer()!.dataset.seconds).toBe('6');
    expect(timer()!.querySelector('.countdown-text')!.textContent).toBe('6 s');
    tick(6500);
    expect(timer()!.dataset.seconds).toBe('0');
    expect(timer()!.getAttribute('aria-label')).toBe('Time is up');
    expect(timer()!.querySelector<HTMLElement>('.countdown-fill')!.style.transform).toBe('scaleX(0)');
  });

  it('says it is the viewer’s time to answer when they may act', () => {
    r.show(stateFor(view('offerer'), { window: { ends: 103_000, total: 3000 } }));
    expect(timer()!.classList.contains('mine')).toBe(true);
    expect(timer()!.getAttribute('aria-label')).toBe('3 seconds left to answer');
  });

  it('is not there without a window, nor at the end', () => {
    r.show(stateFor(view('waiting')));
    expect(timer()).toBeNull();
    expect($('.me')!.classList.contains('timed')).toBe(false);
    r.show(stateFor(view('terminal'), { window: { ends: 107_000, total: 10_000 } }));
    expect(timer()).toBeNull();
  });

  it('tells screen readers only when it opens, at five seconds and at the end', () => {
    expect(secondsLeft(6001)).toBe(7);
    expect(secondsLeft(6000)).toBe(6);
    expect(secondsLeft(0)).toBe(0);
    expect(announcement(10, 10_000)).toBe('10 seconds to answer.');
    expect(announcement(7, 10_000)).toBe('10 seconds to answer.');
    expect(announcement(5, 10_000)).toBe('Five seconds left.');
    expect(announcement(1, 10_000)).toBe('Five seconds left.');
    expect(announcement(2, 3000)).toBe('3 seconds to answer.');
    expect(announcement(0, 3000)).toBe('Time is up.');
    r.show(stateFor(view('waiting'), { window: { ends: 110_000, total: 10_000 } }));
    const live = () => timer()!.querySelector('[aria-live="polite"]')!.textContent;
    expect(live()).toBe('10 seconds to answer.');
    tick(5000);
    expect(live()).toBe('Five seconds left.');
  });
});
