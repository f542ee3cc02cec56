import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * The compiled entry point `dist/server/NAME.js` (main, migrate, owner-cli …), as `npm start` and
 * the npm scripts run it. The browser, cluster and first-command tests use only these, never the
 * TypeScript sources: their global set-up builds what is stale (scripts/ensure-build.mjs).
 */
export function compiledEntry(name: string): string {
  const file = join(repoRoot, 'dist', 'server', `${name}.js`);
  if (!existsSync(file))
    throw new Error(`${file} is missing: run "npm run build" (the tests run what ships).`);
  return file;
}
