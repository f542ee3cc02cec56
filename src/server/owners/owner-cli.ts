import { loadClientRegistry } from '../clients/client-registry-store.js';
import { runCommandLine, withCliDatabase } from '../kernel/command-line.js';
import { runOwnerCommand } from './owner-commands.js';

/**
 * Owner accounts from a shell (README, "Owner accounts"):
 *   npm run owner -- add CODE EMAIL [--role staff] | link CODE EMAIL | list [CODE] | remove CODE EMAIL
 * It uses the same DATABASE_URL / SQLITE_FILE as the server; the clients come from the database
 * (seeded by withCliDatabase on a fresh one).
 */
function main(args: string[]): Promise<number> {
  return withCliDatabase(async ({ db, config }) =>
    runOwnerCommand(args, {
      db,
      registry: await loadClientRegistry(db),
      config,
      print: (line) => console.log(line),
    }),
  );
}

runCommandLine('owner', main);
