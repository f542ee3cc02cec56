import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { ServerConfig } from '../config.js';
import { openDatabase, type DatabaseKind, type DatabaseTarget } from './database.js';
import { migrateToLatest, schemaStatus } from './migrations.js';
import type { Database } from './schema.js';
import { applySeed, readSeed, type SeedData } from './seed.js';
import { openSqliteFile } from './sqlite-file.js';

/**
 * The release step (`npm run migrate`, docs/decisions/0036-release-step.md): migrations and seed under
 * one lock, so two runs at once (two instances starting together, a deploy script run twice)
 * neither fail nor apply the seed twice. The placeholder pictures come after it
 * (media/seed-pictures.ts).
 */

/**
 * A fingerprint of everything under the seed folder: names and bytes, nothing parsed, so it costs
 * a read of the files and no validation. The same seed gives the same fingerprint.
 */
export function seedFingerprint(seedDir: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(`${relative(seedDir, path)}\0`).update(readFileSync(path));
    }
  };
  walk(seedDir);
  return hash.digest('hex');
}

/** In-process queue per SQLite file: the file lock below would block this very thread. */
const sqliteQueues = new Map<string, Promise<unknown>>();

/**
 * SQLite: an IMMEDIATE transaction on a lock file beside the database (`<file>-release-lock`)
 * is held for the whole step; another process's step waits for it (up to `waitMs`). The lock is
 * the operating system's, so a process that dies releases it. Not the database file itself: its
 * write lock would also stop the migrations this step runs.
 */
async function withSqliteLock<T>(file: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  if (file === ':memory:') return work();
  const previous = sqliteQueues.get(file) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(async () => {
      const lock = openSqliteFile(`${file}-release-lock`, { timeoutMs: waitMs });
      try {
        lock.exec('BEGIN IMMEDIATE');
        try {
          return await work();
        } finally {
          lock.exec('ROLLBACK');
        }
      } finally {
        lock.close();
      }
    });
  sqliteQueues.set(file, run);
  try {
    return await run;
  } finally {
    if (sqliteQueues.get(file) === run) sqliteQueues.delete(file);
  }
}

/**
 * PostgreSQL: a session advisory lock, named after the schema, on one connection that runs the
 * whole step; a second run waits in pg_advisory_lock until the first has finished. A session
 * lock (not a transaction's) because the migrations and the seed each run their own transactions.
 */
async function withPostgresLock<T>(
  db: Kysely<Database>,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    const key = sql`hashtext('highstreet-release:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

export interface ReleaseTarget {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The SQLite file (for its lock), or the PostgreSQL schema tests run in. */
  sqliteFile?: string | undefined;
  schema?: string | undefined;
}

export interface ReleaseOptions {
  seedDir: string;
  /** Apply the seed even when the database says this very seed was applied (`npm run migrate`). */
  alwaysSeed: boolean;
  /** How long to wait for another run's lock (SQLite; PostgreSQL waits up to its statement time-out). */
  lockWaitMs?: number;
}

export interface ReleaseResult {
  /** Migrations this run applied. */
  migrated: string[];
  /** Whether the seed was applied (false: the database already had this seed). */
  seeded: boolean;
  fingerprint: string;
  /** The parsed seed when this run read it. */
  seed: SeedData | undefined;
}

const seedStateName = 'seed_fingerprint';

/** Migrates and seeds under the release lock; idempotent. */
export async function runReleaseStep(
  target: ReleaseTarget,
  options: ReleaseOptions,
): Promise<ReleaseResult> {
  const fingerprint = seedFingerprint(options.seedDir);
  // Read and validated before a single row of it is written: a bad record stops the step,
  // naming the client and the field. `npm run migrate` reads it before even taking the lock; a
  // start reads it only when the database does not have this seed yet.
  let seed: SeedData | undefined = options.alwaysSeed ? readSeed(options.seedDir) : undefined;
  const step = async (db: Kysely<Database>): Promise<ReleaseResult> => {
    const before = await schemaStatus(db, target.kind, target.schema);
    await migrateToLatest(db, target.kind, target.schema);
    const applied = await db
      .selectFrom('release_state')
      .select('value')
      .where('name', '=', seedStateName)
      .executeTakeFirst();
    const seedNeeded =
      options.alwaysSeed || before.pending.length > 0 || applied?.value !== fingerprint;
    if (seedNeeded) {
      seed ??= readSeed(options.seedDir);
      await applySeed(db, seed);
      const now = new Date().toISOString();
      await db
        .insertInto('release_state')
        .values({ name: seedStateName, value: fingerprint, updated_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: fingerprint, updated_at: now }))
        .execute();
    }
    return { migrated: before.pending, seeded: seedNeeded, fingerprint, seed };
  };
  if (target.kind === 'postgres') return withPostgresLock(target.db, step);
  return withSqliteLock(target.sqliteFile ?? ':memory:', options.lockWaitMs ?? 10 * 60_000, () =>
    step(target.db),
  );
}

/** The statement time-out for migrating and seeding (PostgreSQL). */
export const maintenanceStatementMs = 10 * 60_000;

/**
 * Runs the release step on a connection of its own: on
 * PostgreSQL migrations (an index on a big table) may take far longer than a request's
 * statement time-out.
 */
export async function runReleaseStepOn(
  config: ServerConfig,
  target: DatabaseTarget,
  options: { alwaysSeed: boolean; warn?: ((message: string) => void) | undefined },
): Promise<ReleaseResult> {
  const maintenance = openDatabase(target, {
    timeouts: { ...config.databaseTimeouts, statementMs: maintenanceStatementMs },
    warn: options.warn,
  });
  try {
    return await runReleaseStep(
      {
        db: maintenance.db,
        kind: maintenance.kind,
        sqliteFile: target.kind === 'sqlite' ? target.file : undefined,
        schema: target.kind === 'postgres' ? target.schema : undefined,
      },
      { seedDir: config.seedDir, alwaysSeed: options.alwaysSeed },
    );
  } finally {
    await maintenance.close();
  }
}
