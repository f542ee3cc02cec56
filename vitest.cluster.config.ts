import { defineConfig } from 'vitest/config';
import { webAliases } from './scripts/web-aliases.mjs';

/**
 * `npm run test:cluster`: three server processes behind nginx on one PostgreSQL and one Redis
 * (tests/cluster/). Apart from the other tests: it runs the built server (the global setup makes
 * the build when it is stale) and uses ports CLUSTER_PORT_BASE … +99 (default 5700).
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
