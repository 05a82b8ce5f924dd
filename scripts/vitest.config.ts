import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling (lint rules, scripts).
export default defineConfig({
  test: { name: 'tooling', include: ['*.test.ts'], environment: 'node', testTimeout: 30_000 },
});
