import { ErrorCode } from '@dealer-hr/shared';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { LoginThrottle } from '../lib/login-throttle';
import { openRedis, redisClient } from '../lib/redis';
import { testRedisUrl } from '../test/redis';
import { throttleStoreContract } from '../test/throttle-store-contract';
import { redisThrottleStore } from './throttle-stores';

// Run when TEST_REDIS_URL names a Redis server (CI's does; see vitest.config.ts).
let redis: Redis;
beforeAll(async () => {
  redis = await openRedis(testRedisUrl());
});
afterAll(() => redis.quit());

describe('the login throttle in Redis', () => {
  throttleStoreContract(() => redisThrottleStore(redis));

  it('lets an entry expire when its lock and window have passed', async () => {
    const throttle = new LoginThrottle(redisThrottleStore(redis));
    await throttle.recordFailure('expiring-user', 'expiring-ip');
    const ttl = await redis.pttl('dealer-hr:login-throttle:user:expiring-user');
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  });

  it('answers 503 while Redis cannot be reached', async () => {
    // Nothing listens on port 1.
    const away = redisClient('redis://127.0.0.1:1');
    const throttle = new LoginThrottle(redisThrottleStore(away));
    for (const attempt of [
      () => throttle.retryAfterMs('someone', 'somewhere'),
      () => throttle.recordFailure('someone', 'somewhere'),
    ]) {
      const refused = await attempt().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe(ErrorCode.UNAVAILABLE);
    }
    await throttle.close();
    away.disconnect();
  });
});
