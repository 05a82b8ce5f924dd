import { Redis } from 'ioredis';

/**
 * A Redis connection that fails fast: while Redis is away a command errors at once (its caller answers 503)
 * instead of queueing until the request times out; the connection comes back by itself.
 */
export async function openRedis(url: string): Promise<Redis> {
  const redis = redisClient(url);
  await redis.connect();
  return redis;
}

/** The connection unconnected (`connect()` it): what a test of an unreachable Redis starts from. */
export function redisClient(url: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 1_000),
  });
  // Reported by the command that fails; the event alone would crash the process.
  redis.on('error', () => {});
  return redis;
}
