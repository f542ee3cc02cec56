import { ensureServerBuild } from '../../scripts/ensure-build.mjs';

/**
 * vitest's global set-up: the tests that start the server or a command-line tool as a process run
 * the compiled one (dist/server/*.js), as `npm start` and `npm run migrate|owner` do; this compiles
 * it when its sources changed (a hash check otherwise).
 */
export default async function setup(): Promise<void> {
  await ensureServerBuild();
}
