import { vi } from 'vitest';

/**
 * Whether a media query holds in a window `width` pixels wide: each `(min-width: N)` and `(max-width: N)`
 * part must hold, and any other feature (reduced motion, a print medium...) does not.
 */
export function widthMatches(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\(\s*([a-z-]+)\s*:\s*([^)]+)\)/g)];
  return (
    parts.length > 0 &&
    parts.every(([, feature, value]) => {
      const pixels = Number.parseFloat(value!);
      if (feature === 'min-width') return width >= pixels;
      if (feature === 'max-width') return width <= pixels;
      return false;
    })
  );
}

/** A `matchMedia` answering for a window `width()` pixels wide; it fires no change events. */
export function matchMediaAt(width: () => number) {
  return (query: string): MediaQueryList => ({
    get matches() {
      return widthMatches(query, width());
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

/** The test runs in a window `width` pixels wide as far as media queries tell (a phone: 390). */
export function viewportWidth(width: number): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(matchMediaAt(() => width));
}
