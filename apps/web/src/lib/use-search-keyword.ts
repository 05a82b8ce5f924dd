import { useEffect, useState } from 'react';

/** The wait after the last key before a picker asks the server. */
export const SEARCH_DELAY_MS = 300;

/**
 * A server-searched picker's text: what is typed now, and the keyword to ask with, trimmed, once typing has
 * paused for SEARCH_DELAY_MS.
 */
export function useSearchKeyword(): [typed: string, setTyped: (text: string) => void, keyword: string] {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return [typed, setTyped, keyword];
}
