import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser: see README), against the
 * compiled server that `npm start` runs.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two, one per core. Four took as long (662 s against 620 s) and starved the Node 24 tests
  // running beside them (611 s against 338 s): docs/decisions/0053-test-suite-time.md.
  workers: 2,
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    // Debian's Chromium without the address bar's hidden pages (tests/support/chromium.ts).
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
