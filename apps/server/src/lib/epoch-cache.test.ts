import { describe, expect, it } from 'vitest';
import { EpochCache } from './epoch-cache';

describe('EpochCache', () => {
  it('computes a key once per epoch, and again when the epoch moves on', async () => {
    const cache = new EpochCache<string, number>();
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache.get(1, 'a', compute), cache.get(1, 'a', compute)])).toEqual([1, 1]);
    expect(await cache.get(1, 'a', compute)).toBe(1);
    expect(await cache.get(2, 'a', compute)).toBe(2);
    expect(await cache.get(2, 'a', compute)).toBe(2);
  });

  it('serves a request that read an older epoch fresh, without keeping its value', async () => {
    const cache = new EpochCache<string, string>();
    await cache.get(5, 'a', async () => 'new');
    expect(await cache.get(4, 'a', async () => 'old')).toBe('old');
    expect(await cache.get(5, 'a', async () => 'other')).toBe('new');
  });

  it('does not keep a failed computation', async () => {
    const cache = new EpochCache<string, string>();
    await expect(cache.get(1, 'a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, 'a', async () => 'up')).toBe('up');
  });

  it('stays within its bound', async () => {
    const cache = new EpochCache<number, number>(2);
    let computed = 0;
    for (const key of [1, 2, 3]) await cache.get(1, key, async () => ++computed);
    expect(await cache.get(1, 1, async () => ++computed)).toBe(4);
  });
});
