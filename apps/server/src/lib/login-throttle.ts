/**
 * Login hardening: counts failed sign-ins per username and per client IP. Once a key reaches its limit
 * within the window it is locked, and every further round of failures doubles the lock (growing delay),
 * up to a cap. Kept in memory: one process serves the product (docs/decisions.md "Login throttle").
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

interface Entry {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
  /** Locks so far; the next one lasts firstLockMs * 2^locks. */
  locks: number;
}

const MAX_ENTRIES = 50_000;

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until this attempt may be tried, or 0 when it may go ahead. */
  retryAfterMs(username: string, ip: string): number {
    const now = this.now();
    return Math.max(
      0,
      ...this.keysOf(username, ip).map(([key]) => (this.live(key, now)?.lockedUntil ?? 0) - now),
    );
  }

  recordFailure(username: string, ip: string): void {
    const now = this.now();
    for (const [key, limit] of this.keysOf(username, ip)) {
      const entry = this.live(key, now) ?? { failures: 0, lastFailureAt: now, lockedUntil: 0, locks: 0 };
      entry.failures += 1;
      entry.lastFailureAt = now;
      if (entry.failures >= limit) {
        const lockMs = Math.min(this.limits.firstLockMs * 2 ** entry.locks, this.limits.maxLockMs);
        entry.lockedUntil = now + lockMs;
        entry.locks += 1;
        entry.failures = 0;
      }
      this.entries.set(key, entry);
    }
    if (this.entries.size > MAX_ENTRIES) this.prune(now);
  }

  /** A correct password clears the username's record; the IP's stays, it may be guessing at others. */
  recordSuccess(username: string): void {
    this.entries.delete(usernameKey(username));
  }

  private keysOf(username: string, ip: string): [string, number][] {
    return [
      [usernameKey(username), this.limits.perUsername],
      [`ip:${ip}`, this.limits.perIp],
    ];
  }

  /** The entry of a key, unless it is neither locked nor within the failure window any more. */
  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.lockedUntil <= now && now - entry.lastFailureAt > this.limits.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private prune(now: number): void {
    for (const key of this.entries.keys()) this.live(key, now);
  }
}

const usernameKey = (username: string) => `user:${username.trim().toLowerCase()}`;

/** '请在 2 分钟后重试' — rounded up, so the user never comes back too early. */
export function retryMessage(retryAfterMs: number): string {
  const seconds = Math.ceil(retryAfterMs / 1000);
  const wait = seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
  return `登录失败次数过多，请在 ${wait}后重试`;
}
