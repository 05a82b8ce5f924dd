import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const source = new URL('./src/', import.meta.url);

/**
 * The test files that replace a module (`vi.mock`): found by reading them, so a new one is never missed. They
 * run in a project of their own with per-file isolation (vitest.mocking.config.ts), since a mocked module
 * would stay mocked for every later file of a shared worker.
 */
export const mockingTests = readdirSync(source, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(new URL(file, source), 'utf8')))
  .map((file) => `src/${file.split('\\').join('/')}`);

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: './src/test/jsdom-environment.ts',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...mockingTests],
    setupFiles: ['src/test/setup.ts'],
    unstubGlobals: true,
    // The files share their worker's modules and jsdom instead of importing antd, React and the app again for
    // each (docs/decisions.md "CI on both cores"): the setup file resets what they keep between tests (session
    // cookies and storage, feedback APIs, mocks, the error log) and empties the body between files.
    isolate: false,
    // jsdom with antd's CSS-in-JS is slow under a parallel run on two cores: a whole-app test can take
    // several seconds there, which is load, not a hang.
    testTimeout: 30_000,
  },
});
