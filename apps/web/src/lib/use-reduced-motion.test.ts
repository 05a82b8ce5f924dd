import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './use-reduced-motion';

/** A matchMedia that answers the reduced-motion query with `matches`, with a way to flip it later. */
function mockReducedMotion(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && matches;
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    matches = next;
    for (const listener of listeners) listener();
  };
}

afterEach(() => vi.restoreAllMocks());

describe('useReducedMotion', () => {
  it('follows the system setting, including a change while the page is open', () => {
    const change = mockReducedMotion(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => change(true));
    expect(result.current).toBe(true);
  });

  it('is on from the start when the system asks for less motion', () => {
    mockReducedMotion(true);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(true);
  });
});
