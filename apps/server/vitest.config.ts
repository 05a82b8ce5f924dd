import { defineConfig } from 'vitest/config';

// `*.postgres.test.ts` hold what only a PostgreSQL server has (several instances with their own
// connections, a connection that drops); they run in the PostgreSQL pass (TEST_DATABASE_URL), not on PGlite.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: onPostgres ? [] : ['src/**/*.postgres.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
