import { defineConfig } from 'vitest/config';
import { webAliases } from './scripts/web-aliases.mjs';

/**
 * `npm run test:cluster`: the tests of the compiled server as processes — three instances behind
 * nginx on one PostgreSQL and one Redis, and memory under 10,000 distinct hosts and paths
 * (tests/cluster/). Apart from the other tests: they run the built server (the global setup makes
 * the build when it is stale) and use ports CLUSTER_PORT_BASE … +99 (default 5700).
 */
export default defineConfig({
  resolve: { alias: webAliases },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    globalSetup: ['tests/cluster/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
  },
});
