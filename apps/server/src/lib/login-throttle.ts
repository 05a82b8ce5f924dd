/**
 * Login hardening: counts failed sign-ins per username and per client IP. Once a key reaches its limit
 * within the window it is locked, and every further round of failures doubles the lock (growing delay),
 * up to a cap. The counts live in a store every server instance shares (the database, or Redis when
 * REDIS_URL is set), so a second instance is no second set of tries (docs/decisions.md "Login throttle in a shared
 * store").
 */
export interface ThrottleLimits {
  /** Failures of one username before it is locked. */
  perUsername: number;
  /** Failures from one IP (any usernames) before it is locked: stops spraying passwords over accounts. */
  perIp: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
  firstLockMs: number;
  maxLockMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perUsername: 5,
  perIp: 20,
  windowMs: 15 * 60_000,
  firstLockMs: 60_000,
  maxLockMs: 15 * 60_000,
};

export interface ThrottleEntry {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
  /** Locks so far; the next one lasts firstLockMs * 2^locks. */
  locks: number;
}

/** Where the entries live. `update` is atomic across instances: `change` sees the entry as it stands. */
export interface ThrottleStore {
  read(keys: readonly string[]): Promise<(ThrottleEntry | undefined)[]>;
  update(key: string, change: (entry: ThrottleEntry | undefined) => ThrottleEntry | undefined): Promise<void>;
  remove(key: string): Promise<void>;
  /** Drops the entries no lock or window keeps any more (`stale` says which, by their times). */
  prune(now: number, limits: ThrottleLimits): Promise<void>;
  /** Ends what the store opened of its own (a connection). */
  close?(): Promise<void>;
}

/** An entry that is neither locked nor within the failure window any more counts as none. */
export const isStale = (entry: ThrottleEntry, now: number, limits: ThrottleLimits) =>
  entry.lockedUntil <= now && now - entry.lastFailureAt > limits.windowMs;

/** How long a store must keep an entry for it to matter (until its lock and its window have passed). */
export const keepMsOf = (entry: ThrottleEntry, now: number, limits: ThrottleLimits) =>
  Math.max(entry.lockedUntil, entry.lastFailureAt + limits.windowMs) - now;

const PRUNE_EVERY_MS = 60_000;

export class LoginThrottle {
  private prunedAt = 0;

  constructor(
    private readonly store: ThrottleStore,
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until this attempt may be tried, or 0 when it may go ahead. */
  async retryAfterMs(username: string, ip: string): Promise<number> {
    const now = this.now();
    const entries = await this.store.read(this.keysOf(username, ip).map(([key]) => key));
    return Math.max(0, ...entries.map((entry) => (this.live(entry, now)?.lockedUntil ?? 0) - now));
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const now = this.now();
    for (const [key, limit] of this.keysOf(username, ip)) {
      await this.store.update(key, (stored) => {
        const live = this.live(stored, now);
        const entry: ThrottleEntry = { failures: 0, lockedUntil: 0, locks: 0, ...live, lastFailureAt: now };
        entry.failures += 1;
        if (entry.failures >= limit) {
          entry.lockedUntil =
            now + Math.min(this.limits.firstLockMs * 2 ** entry.locks, this.limits.maxLockMs);
          entry.locks += 1;
          entry.failures = 0;
        }
        return entry;
      });
    }
    // Failures are rare next to sign-ins: cleaning up after them now and then keeps the store small.
    if (now - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await this.store.prune(now, this.limits);
    }
  }

  /** A correct password clears the username's record; the IP's stays, it may be guessing at others. */
  async recordSuccess(username: string): Promise<void> {
    await this.store.remove(usernameKey(username));
  }

  close(): Promise<void> {
    return this.store.close?.() ?? Promise.resolve();
  }

  private keysOf(username: string, ip: string): [string, number][] {
    return [
      [usernameKey(username), this.limits.perUsername],
      [`ip:${ip}`, this.limits.perIp],
    ];
  }

  private live(entry: ThrottleEntry | undefined, now: number): ThrottleEntry | undefined {
    return entry && !isStale(entry, now, this.limits) ? entry : undefined;
  }
}

const usernameKey = (username: string) => `user:${username.trim().toLowerCase()}`;

/** '请在 2 分钟后重试' — rounded up, so the user never comes back too early. */
export function retryMessage(retryAfterMs: number): string {
  const seconds = Math.ceil(retryAfterMs / 1000);
  const wait = seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
  return `登录失败次数过多，请在 ${wait}后重试`;
}
