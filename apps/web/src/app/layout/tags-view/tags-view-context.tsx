import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Location } from 'react-router';
import type { MenuNode } from '@dealer-hr/shared/api-types';
import { findMenu, isDirectory, normalizePath } from '../../../lib/menu-tree';
import { VISITED_VIEWS_KEY } from '../../../lib/session';
import { useMenuTree } from '../../../lib/session-queries';
import { useShell } from '../../shell/shell-state';
import { useMenuTitle } from '../../../lib/use-menu-title';
import { createTagsViewStore, EMPTY_TAGS_VIEW } from './tags-view-store';
import type { TagsViewState, TagsViewStore, VisitedView } from './tags-view-store';

/** The menu page shown at `pathname` (what MenuPage renders a page for), if any: directories lead on. */
export function menuPageAt(menus: readonly MenuNode[], pathname: string): MenuNode | undefined {
  const node = findMenu(menus, pathname);
  return node && !isDirectory(node) ? node : undefined;
}

export function visitedViewOf(node: MenuNode, location: Pick<Location, 'pathname' | 'search'>): VisitedView {
  const path = normalizePath(location.pathname);
  return {
    path,
    fullPath: path + location.search,
    name: node.name,
    title: node.title,
    query: Object.fromEntries(new URLSearchParams(location.search)),
    affix: node.affix,
    noCache: node.noCache,
  };
}

/** The pinned pages' tabs, there from the start. Not cached yet: a page is kept once it has been shown. */
export function affixViews(menus: readonly MenuNode[]): TagsViewState {
  const collect = (nodes: readonly MenuNode[]): VisitedView[] =>
    nodes.flatMap((node) => [
      ...(node.affix && node.path && !isDirectory(node)
        ? [visitedViewOf(node, { pathname: node.path, search: '' })]
        : []),
      ...collect(node.children),
    ]);
  return { ...EMPTY_TAGS_VIEW, visited: collect(menus) };
}

/**
 * The tabs as the last page load of this browser tab left them (a reload, F5, keeps them, as the session
 * does): only the pages still in the user's menu come back, behind the pinned ones, none of them cached.
 */
export function restoredViews(menus: readonly MenuNode[]): TagsViewState {
  const pinned = affixViews(menus);
  let saved: unknown;
  try {
    saved = JSON.parse(window.sessionStorage.getItem(VISITED_VIEWS_KEY) ?? '[]');
  } catch {
    return pinned;
  }
  if (!Array.isArray(saved)) return pinned;
  const restored = saved.flatMap((entry: Partial<VisitedView>) => {
    if (typeof entry?.path !== 'string' || typeof entry.fullPath !== 'string') return [];
    const node = menuPageAt(menus, entry.path);
    if (!node || pinned.visited.some((view) => view.path === normalizePath(entry.path!))) return [];
    const queryAt = entry.fullPath.indexOf('?');
    const search = queryAt < 0 ? '' : entry.fullPath.slice(queryAt);
    const view = visitedViewOf(node, { pathname: entry.path, search });
    // A title a page chose for its tab comes back with it.
    return [typeof entry.title === 'string' ? { ...view, title: entry.title } : view];
  });
  return { ...pinned, visited: [...pinned.visited, ...restored] };
}

const TagsViewContext = createContext<TagsViewStore | null>(null);

/**
 * Holds the tabs of the signed-in layout and adds one for each menu page the user opens. With the tabs
 * bar switched off (settings) there are no tabs to close, so nothing is kept either.
 */
export function TagsViewProvider({ children }: { children: ReactNode }) {
  const { data: menus } = useMenuTree();
  const { settings } = useShell();
  const enabled = settings.tagsView;
  const [store] = useState(() => createTagsViewStore(restoredViews(menus)));
  const location = useLocation();

  useEffect(
    () =>
      store.subscribe(() =>
        window.sessionStorage.setItem(VISITED_VIEWS_KEY, JSON.stringify(store.getState().visited)),
      ),
    [store],
  );

  useEffect(() => {
    if (!enabled) store.delAllViews();
  }, [enabled, store]);

  useEffect(() => {
    if (!enabled) return;
    const node = menuPageAt(menus, location.pathname);
    if (!node) return;
    const view = visitedViewOf(node, location);
    const known = store.getState().visited.find((visited) => visited.path === view.path);
    // The same page with another query: the tab follows, so clicking it comes back to what was shown.
    if (known && known.fullPath !== view.fullPath) {
      store.updateVisitedView({ path: view.path, fullPath: view.fullPath, query: view.query });
    }
    store.addView(view);
  }, [enabled, menus, location, store]);

  return <TagsViewContext.Provider value={store}>{children}</TagsViewContext.Provider>;
}

export function useTagsViewStore(): TagsViewStore {
  const store = useContext(TagsViewContext);
  if (!store) throw new Error('The tags view is used outside the TagsViewProvider of the layout');
  return store;
}

export function useTagsViewState(): TagsViewState {
  const store = useTagsViewStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/**
 * A tab's label: the menu title in the current language (the sidebar's rule), unless a page gave its
 * tab a title of its own through `updateVisitedView`.
 */
export function useViewTitle(): (view: VisitedView) => string {
  const { data: menus } = useMenuTree();
  const titleOf = useMenuTitle();
  return (view) => {
    const node = findMenu(menus, view.path);
    return node && node.title === view.title ? titleOf(node) : view.title;
  };
}
