import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's tab, kept in the address too (`?tab=schedule`) so that a link or a reload opens it. `keys` are the
 * tabs the page shows; the first is the default, left out of the address, and also what an unknown or hidden
 * tab falls back to. A choice is shown at once, not after the navigation that records it; a link to another
 * tab followed while the page is open moves to it.
 */
export function useTabParam(keys: readonly string[]): [string, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tabOf = (key: string | null) => (key !== null && keys.includes(key) ? key : keys[0]!);
  const [tab, setTab] = useState(() => tabOf(asked));
  // The address changed under the page (a link to another of its tabs): follow it, during this render.
  const [seen, setSeen] = useState(asked);
  if (asked !== seen) {
    setSeen(asked);
    setTab(tabOf(asked));
  }
  const choose = (key: string) => {
    setTab(key);
    setParams(key === keys[0] ? {} : { tab: key }, { replace: true });
  };
  return [tabOf(tab), choose];
}
