import { loadClientRegistry } from '../clients/client-registry-store.js';
import { runCommandLine, withCliDatabase } from '../kernel/command-line.js';
import { runDemoCommand } from './demo-commands.js';

/**
 * A living back office for a newcomer (README, "See it with demo data"; issue 38):
 *   npm run demo [-- --reset] [-- --client CODE]
 * Same DATABASE_URL / SQLITE_FILE as the server; a fresh data folder is migrated and seeded
 * first (withCliDatabase). Refuses NODE_ENV=production without --force.
 */
function main(args: string[]): Promise<number> {
  return withCliDatabase(async ({ db, config }) =>
    runDemoCommand(args, {
      db,
      registry: await loadClientRegistry(db),
      config,
      print: (line) => console.log(line),
    }),
  );
}

runCommandLine('demo', main);
