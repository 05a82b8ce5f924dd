/** The Redis server of the `*.redis.test.ts` files (TEST_REDIS_URL; vitest.config.ts runs them only with it). */
export const testRedisUrl = () => {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set');
  return url;
};
