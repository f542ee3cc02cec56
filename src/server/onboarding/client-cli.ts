import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations.js';
import { runCommandLine } from '../kernel/command-line.js';
import { runClientCommand } from './client-commands.js';

/**
 * Onboarding a business from a shell (README, "Adding a client"; issue 38):
 *   npm run client -- add CODE --name … --host … --kind shop|salon|brochure | list | disable CODE
 * Same DATABASE_URL / SQLITE_FILE / THEMES_DIR as the server; running servers take the change in
 * within CLIENT_RELOAD_SECONDS (docs/decisions/0071-onboarding-a-business.md).
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
    return await runClientCommand(args, {
      db: handle.db,
      config,
      print: (line) => console.log(line),
    });
  } finally {
    await handle.close();
  }
}

runCommandLine('client', main);
