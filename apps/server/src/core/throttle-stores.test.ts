import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../db/schema';
import { DEFAULT_LIMITS } from '../lib/login-throttle';
import { createTestApp, type TestApp } from '../test/app';
import { throttleStoreContract } from '../test/throttle-store-contract';
import { databaseThrottleStore } from './throttle-stores';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the login throttle in the database', () => {
  throttleStoreContract(() => databaseThrottleStore(t.db));

  it('prunes the entries no lock or window keeps', async () => {
    const store = databaseThrottleStore(t.db);
    const now = Date.now();
    const old = now - DEFAULT_LIMITS.windowMs - 1;
    await t.db.insert(loginThrottle).values([
      { key: 'user:forgotten', failures: 3, lastFailureAt: old, lockedUntil: 0 },
      { key: 'user:still-locked', failures: 0, lastFailureAt: old, lockedUntil: now + 60_000, locks: 1 },
      { key: 'user:recent', failures: 2, lastFailureAt: now - 1_000, lockedUntil: 0 },
    ]);
    await store.prune(now, DEFAULT_LIMITS);
    const kept = await t.db.select({ key: loginThrottle.key }).from(loginThrottle);
    const keys = kept.map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(['user:still-locked', 'user:recent']));
    expect(keys).not.toContain('user:forgotten');
    await t.db.delete(loginThrottle).where(eq(loginThrottle.key, 'user:recent'));
  });
});
