/**
 * docs/web.md "Visited tab" and "Tabs": the visited views (one tab each) and the cached
 * views (the names of the visited views whose page stays mounted while another tab is shown). The
 * operations are pure functions over the state; the store wraps them for React (useSyncExternalStore)
 * and hands back the resulting state, so a caller can pick the tab to go to right away.
 */
export interface VisitedView {
  /** The menu item's path, the tab's identity. */
  path: string;
  /** Path plus query: where clicking the tab goes back to. */
  fullPath: string;
  /** The menu item's name: the key of the cached view. */
  name: string;
  /** The menu item's (server, Chinese) title, or one a page set through `updateVisitedView`. */
  title: string;
  query: Record<string, string>;
  /** Pinned: present from the start, cannot be closed, survives "close all". */
  affix: boolean;
  /** Never cached: leaving the tab unmounts the page. */
  noCache: boolean;
}

export interface TagsViewState {
  visited: readonly VisitedView[];
  cached: readonly string[];
}

export const EMPTY_TAGS_VIEW: TagsViewState = { visited: [], cached: [] };

export function addVisitedView(state: TagsViewState, view: VisitedView): TagsViewState {
  if (state.visited.some((visited) => visited.path === view.path)) return state;
  return { ...state, visited: [...state.visited, view] };
}

export function addCachedView(state: TagsViewState, view: VisitedView): TagsViewState {
  if (view.noCache || state.cached.includes(view.name)) return state;
  return { ...state, cached: [...state.cached, view.name] };
}

export function addView(state: TagsViewState, view: VisitedView): TagsViewState {
  return addCachedView(addVisitedView(state, view), view);
}

export function delVisitedView(state: TagsViewState, view: VisitedView): TagsViewState {
  return { ...state, visited: state.visited.filter((visited) => visited.path !== view.path) };
}

/** Also what "refresh" does: the tab stays, its page is mounted afresh on the next visit. */
export function delCachedView(state: TagsViewState, view: VisitedView): TagsViewState {
  return { ...state, cached: state.cached.filter((name) => name !== view.name) };
}

export function delView(state: TagsViewState, view: VisitedView): TagsViewState {
  return delCachedView(delVisitedView(state, view), view);
}

// A cached page stays exactly as long as its tab: the closing operations keep the cache entries of the
// tabs they keep (a pinned dashboard keeps its state through "close all").
function keepVisited(state: TagsViewState, keep: (view: VisitedView) => boolean): TagsViewState {
  const visited = state.visited.filter(keep);
  const cached = state.cached.filter((name) => visited.some((view) => view.name === name));
  return { visited, cached };
}

export function delOthersViews(state: TagsViewState, view: VisitedView): TagsViewState {
  return keepVisited(state, (visited) => visited.affix || visited.path === view.path);
}

export function delAllViews(state: TagsViewState): TagsViewState {
  return keepVisited(state, (visited) => visited.affix);
}

/** Changes fields of the visited view with `patch.path` (a new query, a title a page chose). */
export function updateVisitedView(
  state: TagsViewState,
  patch: Pick<VisitedView, 'path'> & Partial<VisitedView>,
): TagsViewState {
  if (!state.visited.some((visited) => visited.path === patch.path)) return state;
  return {
    ...state,
    visited: state.visited.map((visited) =>
      visited.path === patch.path ? { ...visited, ...patch } : visited,
    ),
  };
}

export interface TagsViewStore {
  getState(): TagsViewState;
  subscribe(listener: () => void): () => void;
  addView(view: VisitedView): TagsViewState;
  delView(view: VisitedView): TagsViewState;
  delCachedView(view: VisitedView): TagsViewState;
  delOthersViews(view: VisitedView): TagsViewState;
  delAllViews(): TagsViewState;
  updateVisitedView(patch: Pick<VisitedView, 'path'> & Partial<VisitedView>): TagsViewState;
}

export function createTagsViewStore(initial: TagsViewState = EMPTY_TAGS_VIEW): TagsViewStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const apply = (next: TagsViewState): TagsViewState => {
    if (next !== state) {
      state = next;
      for (const listener of listeners) listener();
    }
    return state;
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addView: (view) => apply(addView(state, view)),
    delView: (view) => apply(delView(state, view)),
    delCachedView: (view) => apply(delCachedView(state, view)),
    delOthersViews: (view) => apply(delOthersViews(state, view)),
    delAllViews: () => apply(delAllViews(state)),
    updateVisitedView: (patch) => apply(updateVisitedView(state, patch)),
  };
}
