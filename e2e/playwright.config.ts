import { defineConfig, devices } from '@playwright/test';
import { chromiumPath, chromiumArgs } from '../scripts/chromium';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  use: {
    // Set by the global setup, which starts the server on a free port; workers load this file after it.
    baseURL: process.env.E2E_BASE_URL,
    locale: 'zh-CN',
    // The app then turns antd's motion off: nothing is clicked while it still slides into place.
    reducedMotion: 'reduce',
    // A failed test keeps its trace with the page's DOM at each step, and its screenshot; the trace's screencast
    // is left out: encoding a frame for every paint cost 10-30 % of each test on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } } },
  ],
});
