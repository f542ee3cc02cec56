import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { DatabaseKind } from './database.js';
import { migrationList } from './migrations/index.js';

/**
 * Runs the migrations listed in migrations/index.ts with Kysely's Migrator, on SQLite and
 * PostgreSQL alike. Databases made before the migrations were split into one file each have the
 * old names in `kysely_migration`: migrateToLatest renames those rows first, in one statement,
 * so no migration runs twice, and schemaStatus reads an old name as the new one
 * (docs/decisions/0008-migrations-one-file-each.md).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read and written before the typed schema exists
type UntypedDatabase = Kysely<any>;

function migrationsFor(kind: DatabaseKind): Record<string, Migration> {
  return Object.fromEntries(
    migrationList.map((migration) => [migration.name, { up: (db) => migration.up(db, kind) }]),
  );
}

class ListedMigrationProvider implements MigrationProvider {
  constructor(private readonly kind: DatabaseKind) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrationsFor(this.kind));
  }
}

/** Each name a migration ran under before the split, with its name now. */
const nameAfterSplit = new Map(
  migrationList.flatMap((m) => (m.formerName ? [[m.formerName, m.name] as const] : [])),
);

/** The names of the migrations this code has, sorted (the order they run in). */
export function migrationNames(kind: DatabaseKind): string[] {
  return Object.keys(migrationsFor(kind)).sort();
}

/** The names in `kysely_migration` as stored (none before the first migration). */
async function readExecutedNames(
  db: UntypedDatabase,
  schema: string | undefined,
): Promise<string[]> {
  // As Kysely's Migrator looks for its table: by name, in the schema when one is named.
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const exists = tables.some(
    (t) => t.name === DEFAULT_MIGRATION_TABLE && (!schema || t.schema === schema),
  );
  if (!exists) return [];
  const rows = await (schema ? db.withSchema(schema) : db)
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select('name')
    .execute();
  return rows.map((row: { name: string }) => row.name);
}

/**
 * Renames the rows of migrations run under their names from before the split; returns how many.
 * One UPDATE: all rows change at once or none do, whoever else reads the table; it matches only
 * old names, so a second run (or two at once) renames nothing more; and outside a transaction a
 * locked SQLite file is waited for (sqlite-busy.ts) rather than answered at once with an error.
 */
export async function carryOverNamesBeforeSplit(
  db: UntypedDatabase,
  schema?: string,
): Promise<number> {
  const renames = (await readExecutedNames(db, schema)).flatMap((before) => {
    const after = nameAfterSplit.get(before);
    return after ? [{ before, after }] : [];
  });
  if (renames.length === 0) return 0;
  const newName = sql`case ${sql.ref('name')} ${sql.join(
    renames.map(({ before, after }) => sql`when ${before} then ${after}`),
    sql` `,
  )} end`;
  const result = await (schema ? db.withSchema(schema) : db)
    .updateTable(DEFAULT_MIGRATION_TABLE)
    .set({ name: newName })
    .where(
      'name',
      'in',
      renames.map((r) => r.before),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface SchemaStatus {
  /** The newest migration the database has run (by name), or undefined for an empty database. */
  at: string | undefined;
  /** Migrations this code has that the database has not run. */
  pending: string[];
}

/**
 * Which of this code's migrations the database lacks; only reads. Migrations the database has and
 * the code does not (a newer release ran `npm run migrate` while this one still runs) are not an
 * error: migrations only add, so older code keeps working on a newer schema during a rolling
 * upgrade. A migration recorded under its name from before the split counts as run.
 */
export async function schemaStatus(
  db: UntypedDatabase,
  kind: DatabaseKind,
  schema?: string,
): Promise<SchemaStatus> {
  const executed = new Set(
    (await readExecutedNames(db, schema)).map((name) => nameAfterSplit.get(name) ?? name),
  );
  return {
    at: [...executed].sort().at(-1),
    pending: migrationNames(kind).filter((name) => !executed.has(name)),
  };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(
  db: UntypedDatabase,
  kind: DatabaseKind,
  schema?: string,
): Promise<void> {
  await carryOverNamesBeforeSplit(db, schema);
  // With a schema named, Kysely must look for its own tables there, not in any schema it can see.
  const migrator = new Migrator({
    db,
    provider: new ListedMigrationProvider(kind),
    // Databases made before the split ran these in the order their branches landed, not by number.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
