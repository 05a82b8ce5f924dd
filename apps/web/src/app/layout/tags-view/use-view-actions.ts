import { useLocation, useNavigate } from 'react-router';
import { normalizePath } from '../../../lib/menu-tree';
import { useTagsViewStore } from './tags-view-context';
import type { VisitedView } from './tags-view-store';

/** Where /redirect/<path> lands: /<path> with the query, mounted afresh (see redirect-view.tsx). */
export const REDIRECT_PREFIX = '/redirect';

export interface ViewActions {
  isActive(view: VisitedView): boolean;
  refresh(view: VisitedView): void;
  close(view: VisitedView): void;
  closeOthers(view: VisitedView): void;
  closeAll(): void;
}

/** The tab operations of docs/web.md "Tabs" with the navigation they imply. */
export function useViewActions(): ViewActions {
  const store = useTagsViewStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentPath = normalizePath(pathname);
  const isActive = (view: VisitedView) => view.path === currentPath;

  // docs/web.md "Tabs": with every tab closed the user goes to / (which leads to the dashboard).
  const toLastView = (visited: readonly VisitedView[]) => {
    void navigate(visited.at(-1)?.fullPath ?? '/');
  };

  return {
    isActive,
    refresh(view) {
      // Dropping the cache entry first makes leaving for /redirect unmount the page instead of hiding it.
      store.delCachedView(view);
      void navigate(`${REDIRECT_PREFIX}${view.fullPath}`, { replace: true });
    },
    close(view) {
      if (view.affix) return;
      const { visited } = store.delView(view);
      if (isActive(view)) toLastView(visited);
    },
    closeOthers(view) {
      if (!isActive(view)) void navigate(view.fullPath);
      store.delOthersViews(view);
    },
    closeAll() {
      const { visited } = store.delAllViews();
      // A pinned page that is showing stays; otherwise the page shown has lost its tab.
      if (!visited.some((view) => view.path === currentPath)) toLastView(visited);
    },
  };
}
