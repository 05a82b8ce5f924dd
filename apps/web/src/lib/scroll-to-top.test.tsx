import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_TO_TOP_MS } from '@dealer-hr/shared/constants';
import { cancelScrollToTop, easeInOutQuad, scrollToTop, useScrollTopOnNavigation } from './scroll-to-top';

// jsdom does not lay out or scroll: the window's position is a variable that scrollTo moves.
let position = 0;
const scrollYDescriptor = Object.getOwnPropertyDescriptor(window, 'scrollY');

beforeEach(() => {
  vi.useFakeTimers();
  position = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => position });
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    position = y;
  }) as typeof window.scrollTo);
});

afterEach(() => {
  cancelScrollToTop();
  vi.useRealTimers();
  if (scrollYDescriptor) Object.defineProperty(window, 'scrollY', scrollYDescriptor);
});

describe('scrollToTop', () => {
  it('eases in and out', () => {
    expect(easeInOutQuad(0)).toBe(0);
    expect(easeInOutQuad(0.25)).toBeCloseTo(0.125);
    expect(easeInOutQuad(0.5)).toBeCloseTo(0.5);
    expect(easeInOutQuad(0.75)).toBeCloseTo(0.875);
    expect(easeInOutQuad(1)).toBe(1);
  });

  it('reaches the top in 800 ms, halfway at 400 ms', () => {
    position = 1000;
    scrollToTop();

    vi.advanceTimersByTime(SCROLL_TO_TOP_MS / 2);
    expect(position).toBeGreaterThan(400);
    expect(position).toBeLessThan(600);

    vi.advanceTimersByTime(SCROLL_TO_TOP_MS / 2 - 50);
    expect(position).toBeGreaterThan(0);

    vi.advanceTimersByTime(100);
    expect(position).toBe(0);
    const moves = vi.mocked(window.scrollTo).mock.calls.length;
    vi.advanceTimersByTime(1000);
    expect(vi.mocked(window.scrollTo).mock.calls.length).toBe(moves);
  });

  it('takes over a running animation instead of running two', () => {
    position = 1000;
    scrollToTop();
    vi.advanceTimersByTime(400);
    const halfway = position;

    const before = vi.mocked(window.scrollTo).mock.calls.length;
    scrollToTop(200);
    vi.advanceTimersByTime(250);
    expect(position).toBe(0);
    // Two animations would fight: their frames would move the window up and down in turn.
    const moves = vi
      .mocked(window.scrollTo)
      .mock.calls.slice(before)
      .map(([, y]) => y as number);
    expect(moves.length).toBeGreaterThan(5);
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    expect(moves[0]).toBeLessThanOrEqual(halfway);
  });

  it('does nothing at the top', () => {
    scrollToTop();
    vi.advanceTimersByTime(1000);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});

describe('useScrollTopOnNavigation', () => {
  function Layout() {
    useScrollTopOnNavigation();
    return null;
  }

  it('scrolls to the top when the pathname changes, not on the first render or a query change', async () => {
    const router = createMemoryRouter([{ path: '*', Component: Layout }], {
      initialEntries: ['/staff/list'],
    });
    position = 600;
    render(<RouterProvider router={router} />);
    vi.advanceTimersByTime(1000);
    expect(position).toBe(600);

    await act(() => router.navigate('/staff/list?page=2'));
    vi.advanceTimersByTime(1000);
    expect(position).toBe(600);

    await act(() => router.navigate('/staff/payroll'));
    vi.advanceTimersByTime(SCROLL_TO_TOP_MS + 50);
    expect(position).toBe(0);
  });
});
