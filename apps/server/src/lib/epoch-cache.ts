/**
 * Values computed from the database, kept while the epoch they were computed under is current (the versions
 * of `cache_epochs`, read with every request's session). A newer epoch empties the cache; a request that
 * read an older one than the newest seen (it raced a commit) is served fresh and leaves the cache alone.
 * Values are kept as promises, so concurrent requests for one key compute it once.
 */
export class EpochCache<K, V> {
  private epoch = -1;
  private readonly entries = new Map<K, Promise<V>>();

  constructor(private readonly maxEntries = 20_000) {}

  get(epoch: number, key: K, compute: () => Promise<V>): Promise<V> {
    if (epoch > this.epoch) {
      this.entries.clear();
      this.epoch = epoch;
    }
    if (epoch < this.epoch) return compute();
    const kept = this.entries.get(key);
    if (kept) return kept;
    // A bound, not an eviction policy: a group has thousands of users, not tens of thousands.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = compute();
    this.entries.set(key, value);
    // A failed computation is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    return value;
  }
}
