import { defineConfig } from 'vitest/config';
import { webAliases } from './scripts/web-aliases.mjs';
import EnvironmentSequencer from './tests/support/environment-sequencer';

export default defineConfig({
  resolve: { alias: webAliases },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'tests/fault/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    // PostgreSQL tests run in a database of this run's own, dropped at the end; tests that start
    // the server or a tool as a process run the compiled one, built here when stale.
    globalSetup: [
      'tests/support/postgres-run-database.ts',
      'tests/support/compiled-server-setup.ts',
    ],
    // A hang guard, not a speed check: tests that run the compiled CLIs (demo, customers) took
    // past 30 s on a machine short of CPU beside the browser tests.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration tests each open their own database; two workers suit the 2-core machine.
    maxWorkers: 2,
    // Test files of one worker share its loaded modules instead of importing everything again
    // per file: the suite's CPU time falls from about 250 s to 156 s (decision 0053-test-suite-time.md).
    // Each test file still makes its own app, database and servers.
    isolate: false,
    // And a worker is kept only while the next file runs in the same environment: the few jsdom
    // files go last, so the run starts four workers, not one per switch.
    sequence: { sequencer: EnvironmentSequencer },
  },
});
