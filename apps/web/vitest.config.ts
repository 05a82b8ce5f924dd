import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: './src/test/jsdom-environment.ts',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    unstubGlobals: true,
    // jsdom with antd's CSS-in-JS is slow under a parallel run on two cores: a whole-app test can take
    // several seconds there, which is load, not a hang.
    testTimeout: 30_000,
  },
});
