import { loadClientRegistry } from '../clients/client-registry-store.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations.js';
import { runCommandLine } from '../kernel/command-line.js';
import { runDemoCommand } from './demo-commands.js';

/**
 * A living back office for a newcomer (README, "See it with demo data"; issue 38):
 *   npm run demo [-- --reset] [-- --client CODE]
 * Same DATABASE_URL / SQLITE_FILE as the server; the clients must be seeded (start the server
 * once, or npm run migrate). Refuses NODE_ENV=production without --force.
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
    return await runDemoCommand(args, {
      db: handle.db,
      registry,
      config,
      print: (line) => console.log(line),
    });
  } finally {
    await handle.close();
  }
}

runCommandLine('demo', main);
