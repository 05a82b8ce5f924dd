import { defineConfig } from 'vitest/config';

// `*.postgres.test.ts` hold what only a PostgreSQL server has (several instances with their own
// connections, a connection that drops); they run in the PostgreSQL pass (TEST_DATABASE_URL), not on PGlite.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// `*.redis.test.ts` need a Redis server (TEST_REDIS_URL); CI starts one.
const withRedis = Boolean(process.env.TEST_REDIS_URL);

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [
      ...(onPostgres ? [] : ['src/**/*.postgres.test.ts']),
      ...(withRedis ? [] : ['src/**/*.redis.test.ts']),
    ],
    environment: 'node',
    // The files share their worker's modules instead of importing the app again for each file (what took
    // most of the suite's time: 188 s on two cores, 70 s without). Safe because a file keeps nothing in
    // modules: each builds its own app on its own copy of the database (src/test/app.ts), and the server
    // code holds no module-level state and nothing here is mocked. A test that needs `vi.mock` or changes
    // globals belongs in a project of its own.
    isolate: false,
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
