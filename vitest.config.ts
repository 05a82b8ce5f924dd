import { defineConfig } from 'vitest/config';

// One run, one project per workspace (each keeps its own environment and setup) plus the tooling tests.
// A worker per core: Vitest's default (cores - 1) leaves half of a two-core machine idle.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'scripts'],
    maxWorkers: '100%',
  },
});
