import { defineConfig } from 'vitest/config';

// One run, one project per workspace (each keeps its own environment and setup) plus the tooling tests; the web
// tests that mock a module are a project of their own (apps/web/vitest.config.ts).
// A worker per core: Vitest's default (cores - 1) leaves half of a two-core machine idle. `npm test` runs the
// projects named web* beside the browser tests and every other one before them (package.json: test:web and
// test:node), so a new project is run by one of the two without being listed.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/web/vitest.mocking.config.ts', 'scripts'],
    maxWorkers: '100%',
  },
});
