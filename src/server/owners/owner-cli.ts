import { loadClientRegistry } from '../clients/client-registry-store.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { runCommandLine } from '../kernel/command-line.js';
import { migrateToLatest } from '../db/migrations.js';
import { runOwnerCommand } from './owner-commands.js';

/**
 * Owner accounts from a shell (README, "Owner accounts"):
 *   npm run owner -- add CODE EMAIL [--role staff] | link CODE EMAIL | list [CODE] | remove CODE EMAIL
 * It uses the same DATABASE_URL / SQLITE_FILE as the server; the clients come from the database,
 * so `npm run migrate` (or, with SQLite, the server's first start) must have seeded them.
 */
async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  const handle = openDatabase(
    config.database.kind === 'sqlite'
      ? config.database
      : { kind: 'postgres', url: config.database.url },
  );
  try {
    await migrateToLatest(handle.db, handle.kind);
    const registry = await loadClientRegistry(handle.db);
    return await runOwnerCommand(args, {
      db: handle.db,
      registry,
      config,
      print: (line) => console.log(line),
    });
  } finally {
    await handle.close();
  }
}

runCommandLine('owner', main);
