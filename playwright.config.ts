import { defineConfig } from '@playwright/test';
import { chromiumExecutablePath, chromiumFlags } from './tests/support/chromium';

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
  // Four, on two cores: a browser test waits much of its time (a page, a server, a timer), so two
  // workers left the CPU half idle (467 CPU-s in 13.5 min); four took 11.0 min on the same busy
  // machine (docs/decisions/0053-test-suite-time.md).
  workers: 4,
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumExecutablePath,
      args: chromiumFlags,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
