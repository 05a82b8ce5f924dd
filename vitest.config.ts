import { defineConfig } from 'vitest/config';

// One run, one project per workspace (each keeps its own environment and setup) plus the tooling tests.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'scripts'],
  },
});
