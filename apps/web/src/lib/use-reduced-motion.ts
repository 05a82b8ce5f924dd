import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const reduced = () => window.matchMedia(query).matches;

/**
 * Whether the system asks for less motion. antd animates every dialog, dropdown and message; with this set
 * they appear at once, which also spares anyone who reaches for an option while it is still sliding in.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
