import { defineConfig } from 'vitest/config';
import { webAliases } from './scripts/web-aliases.mjs';

export default defineConfig({
  resolve: { alias: webAliases },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'tests/fault/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests each open their own database; two workers suit the 2-core machine.
    maxWorkers: 2,
  },
});
