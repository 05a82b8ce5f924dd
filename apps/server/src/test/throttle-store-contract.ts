import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_LIMITS, LoginThrottle, type ThrottleStore } from '../lib/login-throttle';

/**
 * What every shared store of the login throttle must do: two instances (two throttles over one store) count
 * into one record, also when their failures arrive at the same moment.
 */
export function throttleStoreContract(storeOf: () => ThrottleStore) {
  // A Redis store opens a connection of its own: each is closed after the file's tests.
  const opened: ThrottleStore[] = [];
  afterAll(() => Promise.all(opened.map((store) => store.close?.())));
  const open = (): ThrottleStore => {
    const store = storeOf();
    opened.push(store);
    return store;
  };
  const fresh = () => ({ username: `user-${randomUUID()}`, ip: `ip-${randomUUID()}` });

  it('counts the failures of two instances together and locks on the fifth', async () => {
    const store = open();
    const [first, second] = [new LoginThrottle(store), new LoginThrottle(store)];
    const { username, ip } = fresh();
    for (const throttle of [first, second, first, second]) await throttle.recordFailure(username, ip);
    expect(await second.retryAfterMs(username, ip)).toBe(0);
    await first.recordFailure(username, ip);
    const wait = await second.retryAfterMs(username, ip);
    expect(wait).toBeGreaterThan(DEFAULT_LIMITS.firstLockMs - 5_000);
    expect(wait).toBeLessThanOrEqual(DEFAULT_LIMITS.firstLockMs);
  });

  it('loses no failure that arrives at the same moment as another', async () => {
    const store = open();
    const throttles = [new LoginThrottle(store), new LoginThrottle(store)];
    const { username, ip } = fresh();
    // Five at once: were one update to overwrite another, fewer than five would count and nothing would lock.
    await Promise.all([0, 1, 2, 3, 4].map((n) => throttles[n % 2]!.recordFailure(username, ip)));
    expect(await throttles[0]!.retryAfterMs(username, ip)).toBeGreaterThan(0);
  });

  it('clears a username on success on either instance', async () => {
    const store = open();
    const [first, second] = [new LoginThrottle(store), new LoginThrottle(store)];
    const { username, ip } = fresh();
    for (let n = 0; n < 4; n++) await first.recordFailure(username, ip);
    await second.recordSuccess(username);
    await first.recordFailure(username, `${ip}-other`);
    expect(await first.retryAfterMs(username, `${ip}-other`)).toBe(0);
  });
}
