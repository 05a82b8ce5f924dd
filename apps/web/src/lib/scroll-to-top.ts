import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_TO_TOP_MS } from '@dealer-hr/shared/constants';

/** Slow start and slow end, so a long page does not jump: t and the result run from 0 to 1. */
export function easeInOutQuad(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

// One animation at a time: a second request (a page change during a navigation) takes over the first
// instead of both fighting over the scroll position.
let frame: number | null = null;

export function cancelScrollToTop(): void {
  if (frame !== null) cancelAnimationFrame(frame);
  frame = null;
}

function scrollPosition(): number {
  return window.scrollY || document.documentElement.scrollTop || document.body.scrollTop;
}

/** docs/web.md "Constants and limits": the window scrolls back to the top over 800 ms (after a page change, on navigation). */
export function scrollToTop(durationMs: number = SCROLL_TO_TOP_MS): void {
  cancelScrollToTop();
  const from = scrollPosition();
  if (from <= 0) return;
  if (durationMs <= 0) {
    window.scrollTo(0, 0);
    return;
  }
  let start: number | undefined;
  const step = (now: number) => {
    start ??= now;
    const progress = Math.min((now - start) / durationMs, 1);
    window.scrollTo(0, Math.round(from * (1 - easeInOutQuad(progress))));
    frame = progress < 1 ? requestAnimationFrame(step) : null;
  };
  frame = requestAnimationFrame(step);
}

/**
 * For the layout: scrolls to the top whenever the route's pathname changes. Not on the first render, so a
 * reload keeps the position the browser restores; a change of query only (a filter, a page) is left to
 * the page, whose own controls scroll when they should.
 */
export function useScrollTopOnNavigation(durationMs: number = SCROLL_TO_TOP_MS): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    scrollToTop(durationMs);
  }, [pathname, durationMs]);
}
