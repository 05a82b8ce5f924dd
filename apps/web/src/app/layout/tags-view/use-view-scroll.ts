import { useEffect, useLayoutEffect, useRef } from 'react';
import { cancelScrollToTop } from '../../../lib/scroll-to-top';

/**
 * The window scrolls the content in this layout, so a kept view's scroll position lives outside it:
 * remembered per kept view while it shows, put back when it shows again. `active` is the kept view
 * showing (null: a page that is not kept); `kept` drops the positions of views no longer kept, so a
 * closed or refreshed view starts at the top.
 */
export function useViewScroll(active: string | null, kept: readonly string[]): void {
  const positions = useRef(new Map<string, number>());

  // A layout effect: the listener changes hands in the commit that switches views, before the browser
  // reports the scroll it makes when the old view's height goes (that belongs to neither).
  useLayoutEffect(() => {
    if (active === null) return;
    const saved = positions.current.get(active);
    let frame: number | undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      // A scroll to the top started for this navigation (lib/scroll-to-top) would undo the restore.
      frame = requestAnimationFrame(() => {
        cancelScrollToTop();
        window.scrollTo(0, saved);
      });
    }
    const remember = () => positions.current.set(active, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [active]);

  useEffect(() => {
    for (const name of positions.current.keys()) {
      if (!kept.includes(name)) positions.current.delete(name);
    }
  }, [kept]);
}
