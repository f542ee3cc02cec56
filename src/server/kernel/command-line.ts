import { loadConfig, type ServerConfig } from '../config.js';
import { openDatabase, type DatabaseKind } from '../db/database.js';
import { runReleaseStep } from '../db/release-step.js';
import type { Database } from '../db/schema.js';
import type { Kysely } from 'kysely';
import { readEnvFile } from '../env-file.js';

/**
 * Runs a command-line entry point (npm run owner, npm run outbox): exits with its code, or prints
 * `name: message` and exits 1 when it throws.
 */
export function runCommandLine(name: string, main: (args: string[]) => Promise<number>): void {
  // The tools read the same .env as the server (env-file.ts): the same database, the same mail.
  readEnvFile();
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

export interface CliDatabase {
  config: ServerConfig;
  db: Kysely<Database>;
  kind: DatabaseKind;
}

/**
 * A command-line tool's database: the server's configuration, its database opened, brought up to
 * date and seeded as a server's start does (the release step: migrations, and the seed when this
 * database does not have it yet, under the release lock), then closed whatever `run` does. So a
 * tool works on a fresh data folder, with nothing to run first.
 */
export async function withCliDatabase<T>(run: (cli: CliDatabase) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const target = config.database;
  const handle = openDatabase(
    target.kind === 'sqlite' ? target : { kind: 'postgres', url: target.url },
  );
  try {
    await runReleaseStep(
      {
        db: handle.db,
        kind: handle.kind,
        sqliteFile: target.kind === 'sqlite' ? target.file : undefined,
      },
      { seedDir: config.seedDir, alwaysSeed: false },
    );
    return await run({ config, db: handle.db, kind: handle.kind });
  } finally {
    await handle.close();
  }
}
