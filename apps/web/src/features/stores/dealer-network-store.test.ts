import { describe, expect, it, vi } from 'vitest';
import { createDealerNetworkStore, ROOT_ID, type NetworkNode } from './dealer-network-store';

interface Node extends NetworkNode {
  name: string;
  children: Node[];
}

const node = (id: number, name: string, children: Node[] = []): Node => ({ id, name, children });

const regions = () => [node(10, '华东区'), node(20, '华南区')];
const eastStores = () => [node(101, '上海店'), node(102, '杭州店')];

/** A fetch answering from a table of parent id → children, counting the calls. */
function fakeFetch(table: Record<string, Node[]>) {
  return vi.fn((parentId: number | undefined) => {
    const children = table[String(parentId)];
    return children ? Promise.resolve(children) : Promise.reject(new Error(`no ${String(parentId)}`));
  });
}

const silentLog = () => vi.fn<(message: string, error: unknown) => void>();

describe('attach', () => {
  it('with the root id replaces the whole root list', () => {
    const store = createDealerNetworkStore<Node>(fakeFetch({}), silentLog());
    store.attach(ROOT_ID, regions());
    expect(store.getSnapshot().list.map((n) => n.id)).toEqual([10, 20]);
    store.attach(ROOT_ID, [node(30, '西南区')]);
    expect(store.getSnapshot().list.map((n) => n.id)).toEqual([30]);
  });

  it('with another id attaches under the node whose id equals it, at any depth', () => {
    const store = createDealerNetworkStore<Node>(fakeFetch({}), silentLog());
    store.attach(ROOT_ID, regions());
    store.attach(10, eastStores());
    store.attach(102, [node(1021, '销售部')]);
    const [east, south] = store.getSnapshot().list;
    expect(east!.children.map((n) => n.id)).toEqual([101, 102]);
    expect(east!.children[1]!.children.map((n) => n.name)).toEqual(['销售部']);
    expect(south!.children).toEqual([]);
  });

  it('replaces earlier children and changes nothing for an unknown id', () => {
    const store = createDealerNetworkStore<Node>(fakeFetch({}), silentLog());
    store.attach(ROOT_ID, regions());
    store.attach(10, eastStores());
    store.attach(10, [node(103, '南京店')]);
    expect(store.getSnapshot().list[0]!.children.map((n) => n.id)).toEqual([103]);
    const before = store.getSnapshot();
    const listener = vi.fn();
    store.subscribe(listener);
    store.attach(999, [node(1, 'x')]);
    expect(store.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('gives a new list (copies the path to the changed node) and tells subscribers', () => {
    const store = createDealerNetworkStore<Node>(fakeFetch({}), silentLog());
    store.attach(ROOT_ID, regions());
    const before = store.getSnapshot().list;
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.attach(10, eastStores());
    expect(listener).toHaveBeenCalledTimes(1);
    const after = store.getSnapshot().list;
    expect(after).not.toBe(before);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(before[0]!.children).toEqual([]);
    unsubscribe();
    store.attach(20, []);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('clear', () => {
  it('resets the root id and the list, then runs the callback', () => {
    const store = createDealerNetworkStore<Node>(fakeFetch({}), silentLog());
    store.attach(ROOT_ID, regions());
    expect(store.getSnapshot().rootId).toBe(ROOT_ID);
    const seen: unknown[] = [];
    store.clear(() => seen.push(store.getSnapshot()));
    expect(seen).toEqual([{ rootId: null, list: [] }]);
    expect(store.getSnapshot()).toEqual({ rootId: null, list: [] });
  });

  it('works without a callback and makes the next load fetch again', async () => {
    const fetch = fakeFetch({ undefined: regions() });
    const store = createDealerNetworkStore<Node>(fetch, silentLog());
    await store.load();
    store.clear();
    expect(store.getSnapshot().list).toEqual([]);
    await store.load();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().list).toHaveLength(2);
  });

  it('drops the answer of a request that was running when it cleared', async () => {
    let answer: (nodes: Node[]) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Node[]>((resolve) => (answer = resolve)));
    const store = createDealerNetworkStore<Node>(fetch, silentLog());
    const pending = store.load();
    store.clear();
    answer(regions());
    await pending;
    expect(store.getSnapshot()).toEqual({ rootId: null, list: [] });
  });
});

describe('load', () => {
  it('fetches the roots without a parent id, sets the root id and caches them', async () => {
    const fetch = fakeFetch({ undefined: regions() });
    const store = createDealerNetworkStore<Node>(fetch, silentLog());
    expect(store.getSnapshot().rootId).toBeNull();
    const roots = await store.load();
    expect(fetch).toHaveBeenCalledWith(undefined);
    expect(roots.map((n) => n.id)).toEqual([10, 20]);
    expect(store.getSnapshot().rootId).toBe(ROOT_ID);
    expect(await store.load()).toBe(store.getSnapshot().list);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fetches a node’s children once, attaches them under it and answers them from the cache after', async () => {
    const fetch = fakeFetch({ undefined: regions(), 10: eastStores() });
    const store = createDealerNetworkStore<Node>(fetch, silentLog());
    await store.load();
    const [first, second] = await Promise.all([store.load(10), store.load(10)]);
    expect(fetch).toHaveBeenCalledWith(10);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(first).toBe(second);
    expect(store.getSnapshot().list[0]!.children.map((n) => n.id)).toEqual([101, 102]);
    await store.load(10);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('only logs a failure and answers empty data when nothing is cached', async () => {
    const log = silentLog();
    const store = createDealerNetworkStore<Node>(fakeFetch({}), log);
    await expect(store.load()).resolves.toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![1]).toBeInstanceOf(Error);
    expect(store.getSnapshot().list).toEqual([]);
  });

  it('answers the cached data when a refetch fails, and tries again on the next load', async () => {
    const log = silentLog();
    const table: Record<string, Node[]> = { undefined: regions() };
    const fetch = fakeFetch(table);
    const store = createDealerNetworkStore<Node>(fetch, log);
    await store.load();
    store.attach(10, eastStores());
    // Children attached by hand are the cache of node 10 when its own fetch fails.
    await expect(store.load(10)).resolves.toEqual(eastStores());
    expect(log).toHaveBeenCalledTimes(1);
    table['10'] = [node(109, '苏州店')];
    await expect(store.load(10)).resolves.toEqual([node(109, '苏州店')]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('logs to the console by default', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createDealerNetworkStore<Node>(() => Promise.reject(new Error('network down')));
    await expect(store.load()).resolves.toEqual([]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('dealer network'), expect.any(Error));
    error.mockRestore();
  });
});
