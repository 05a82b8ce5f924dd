/**
 * The dealer-network tree of the client (docs/web.md "Trees and dictionaries"): regions and their stores, fetched one
 * level at a time and cached.
 *
 * - A node has an id and children.
 * - `attach(parentId, subtree)`: with the root id the subtree replaces the whole root list; otherwise it
 *   becomes the children of the node whose id equals the parent id (nothing happens when there is none).
 * - `clear(callback?)`: resets the root id and the list, then runs the callback.
 * - `load(parentId?)`: fetched once and cached; a failure is only logged, and the cached (or empty) data is
 *   answered.
 *
 * Free of React: the page reads it through `subscribe` / `getSnapshot` (useSyncExternalStore).
 */

export interface NetworkNode {
  id: number;
  children: NetworkNode[];
}

/** The parent id that stands for "the roots": the server answers the regions without a parent id. */
export const ROOT_ID = 0;

export interface DealerNetworkState<N extends NetworkNode> {
  /** The id whose children are the root list; null (meaning `ROOT_ID`) before the first load and after clear. */
  rootId: number | null;
  list: N[];
}

export interface DealerNetworkStore<N extends NetworkNode> {
  getSnapshot(): DealerNetworkState<N>;
  subscribe(listener: () => void): () => void;
  attach(parentId: number, subtree: N[]): void;
  clear(callback?: () => void): void;
  /** The children of `parentId` (the roots when left out): cached after the first successful fetch. */
  load(parentId?: number): Promise<N[]>;
}

export type FetchChildren<N> = (parentId: number | undefined) => Promise<N[]>;

/** The list with `subtree` as the children of node `parentId`; the same list when no node has that id. */
function attachUnder<N extends NetworkNode>(list: N[], parentId: number, subtree: N[]): N[] {
  let found = false;
  const walk = (nodes: NetworkNode[]): NetworkNode[] => {
    let changed = false;
    const next = nodes.map((node) => {
      if (found) return node;
      if (node.id === parentId) {
        found = true;
        changed = true;
        return { ...node, children: subtree };
      }
      const children = walk(node.children);
      if (children === node.children) return node;
      changed = true;
      return { ...node, children };
    });
    return changed ? next : nodes;
  };
  return walk(list) as N[];
}

function findNode(nodes: readonly NetworkNode[], id: number): NetworkNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inside = findNode(node.children, id);
    if (inside) return inside;
  }
  return undefined;
}

export function createDealerNetworkStore<N extends NetworkNode>(
  fetchChildren: FetchChildren<N>,
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): DealerNetworkStore<N> {
  let state: DealerNetworkState<N> = { rootId: null, list: [] };
  const listeners = new Set<() => void>();
  /** Parent ids whose children have been fetched; each is fetched once. */
  let loaded = new Set<number>();
  let inFlight = new Map<number, Promise<N[]>>();

  const set = (next: DealerNetworkState<N>) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  // Before the first load (and after a clear) the root id is the default one.
  const isRoot = (parentId: number) => parentId === (state.rootId ?? ROOT_ID);
  const cached = (parentId: number): N[] =>
    isRoot(parentId) ? state.list : ((findNode(state.list, parentId)?.children ?? []) as N[]);

  const store: DealerNetworkStore<N> = {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(parentId, subtree) {
      if (isRoot(parentId)) {
        set({ rootId: parentId, list: subtree });
        return;
      }
      const list = attachUnder(state.list, parentId, subtree);
      if (list !== state.list) set({ ...state, list });
    },
    clear(callback) {
      loaded = new Set();
      inFlight = new Map();
      set({ rootId: null, list: [] });
      callback?.();
    },
    load(parentId = ROOT_ID) {
      if (parentId === ROOT_ID && state.rootId === null) set({ ...state, rootId: ROOT_ID });
      if (loaded.has(parentId)) return Promise.resolve(cached(parentId));
      const running = inFlight.get(parentId);
      if (running) return running;
      const generation = inFlight;
      const request = fetchChildren(parentId === ROOT_ID ? undefined : parentId)
        .then((subtree) => {
          // A clear while the request ran started over: its answer belongs to the old tree.
          if (generation !== inFlight) return subtree;
          loaded.add(parentId);
          store.attach(parentId, subtree);
          return cached(parentId);
        })
        .catch((error: unknown) => {
          // docs/web.md "Answer codes": a dealer-network failure is only logged, never shown.
          log(`dealer network ${parentId} could not be loaded`, error);
          return cached(parentId);
        })
        .finally(() => {
          if (generation.get(parentId) === request) generation.delete(parentId);
        });
      inFlight.set(parentId, request);
      return request;
    },
  };
  return store;
}
