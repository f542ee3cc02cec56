import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, headlessShellLaunchOptions } from './tests/support/chromium';

/**
 * Journeys that run in the full Chromium, the browser visitors' own is closest to: first paint,
 * layout before and after the scripts load, the phone menu. The rest run in its headless shell,
 * the same engine at about a third less CPU (docs/decisions/0088-browser-tests-in-the-headless-shell.md).
 */
const fullBrowserSpecs = [
  '**/first-paint-styles.spec.ts',
  '**/act-before-the-app-loads.spec.ts',
  '**/use-the-hamburger-menu.spec.ts',
];

/**
 * Browser journeys in Debian's Chromium and its headless shell (never a downloaded browser: see
 * README), against the compiled server that `npm start` runs.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Three on two cores: the browser tests run alone now (npm test's last group), and with two
  // workers the cores sat 37% idle while journeys waited on pages and servers; with three 16%,
  // and the run took 267 s against 320 s. Four, when they ran beside the vitest runs, took as long
  // and starved those: docs/decisions/0053-test-suite-time.md.
  workers: 3,
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // Without the address bar's hidden pages (tests/support/chromium.ts). First: Playwright hands
      // out tests in the projects' order, and last, its one worker ran these specs alone while the
      // other had nothing left (18 s of one idle worker at the end of the run).
      name: 'chromium',
      testMatch: fullBrowserSpecs,
      // One worker: each worker that takes up this project starts a server and a browser of its
      // own, and two would leave the other project's slot to start them again after.
      workers: 1,
      use: { launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'headless shell',
      testIgnore: fullBrowserSpecs,
      use: { launchOptions: headlessShellLaunchOptions },
    },
  ],
});
