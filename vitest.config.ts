import { defineConfig } from 'vitest/config';

// One run, three projects: each workspace keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
