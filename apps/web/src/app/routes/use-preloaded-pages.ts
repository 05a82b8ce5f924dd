import { useEffect } from 'react';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { MenuType } from '@dealer-hr/shared/dictionary-types';
import { normalizePath } from '../../lib/menu-tree';
import { preloadPages } from './page-registry';

function pagePaths(nodes: readonly MenuNode[], paths: string[] = []): string[] {
  for (const node of nodes) {
    const isPage = node.type_id === MenuType.PAGE || node.type_id === MenuType.HIDDEN_PAGE;
    if (isPage && node.path) paths.push(normalizePath(node.path));
    pagePaths(node.children, paths);
  }
  return paths;
}

/** When the browser offers no idle callback: how long after the shell's first paint the pages are loaded. */
const FALLBACK_DELAY_MS = 1500;

/**
 * Once the shell is on screen and the browser is idle, loads the code of every page in the user's menu, so a
 * page opened from the sidebar renders at once: without it, the first visit of a page waited for its chunks
 * and then for React's reveal of the suspended page (up to 300 ms) before its data was even asked for.
 */
export function usePreloadedPages(menus: readonly MenuNode[] | undefined): void {
  useEffect(() => {
    if (!menus) return;
    const paths = pagePaths(menus);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => preloadPages(paths), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => preloadPages(paths), FALLBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [menus]);
}
