import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import {
  carryOverNamesBeforeSplit,
  migrateToLatest,
  migrationNames,
  schemaStatus,
} from '../../src/server/db/migrations.js';
import { migrationList } from '../../src/server/db/migrations/index.js';
import { runReleaseStep } from '../../src/server/db/release-step.js';
import type { Database } from '../../src/server/db/schema.js';
import { migrateAsBeforeTheSplit } from '../fixtures/migrations-before-split.js';
import { describeEachDatabase } from '../support/each-database.js';
import { repoRoot } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * A database made by the code from before the migrations were split into one file each
 * (tests/fixtures/migrations-before-split.ts, a frozen copy of it) is upgraded by today's release
 * step: its `kysely_migration` rows are renamed, no migration runs again, its data stays, and
 * its schema is the schema a fresh database gets (docs/decisions/0008-migrations-one-file-each.md).
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const newName = new Map(migrationList.map((m) => [m.formerName, m.name]));
/** The migrations that existed at the split (each has a former name), sorted as they run. */
const atTheSplit = migrationList.filter((m) => m.formerName).map((m) => m.name);
/** Migrations added since (issue 32 on): an old database lacks them, and runs them once. */
const sinceTheSplit = migrationList.filter((m) => !m.formerName).map((m) => m.name);

interface Opened {
  database: TestDatabase;
  handle: DatabaseHandle;
  schema: string | undefined;
}

async function openFresh(kind: 'sqlite' | 'postgres'): Promise<Opened> {
  const database = await createTestDatabase(kind);
  cleanups.push(database.drop);
  const handle = openDatabase(database.target);
  cleanups.push(handle.close);
  const schema = database.target.kind === 'postgres' ? database.target.schema : undefined;
  return { database, handle, schema };
}

/** A database exactly as the code before the split made it, with an owner's and visitors' data. */
async function databaseFromBeforeTheSplit(kind: 'sqlite' | 'postgres'): Promise<Opened> {
  const opened = await openFresh(kind);
  await migrateAsBeforeTheSplit(opened.handle.db, kind, opened.schema);
  await addData(opened.handle.db);
  return opened;
}

const booking = {
  client_code: 'RRB',
  booking_date: '2026-12-01',
  start_minute: 600,
  end_minute: 660,
  total_price_pence: 4500,
  total_duration_minutes: 60,
  customer_name: 'Ada Lovelace',
  customer_email: 'ada@example.com',
  customer_telephone: '07700 900123',
  customer_door_no: '12',
  customer_post_code: 'AB1 2CD',
  marketing: 0,
  consent_at: '2026-11-20T10:00:00.000Z',
  consent_version: '1',
  created_at: '2026-11-20T10:00:00.000Z',
  status: 'booked',
  reference: 'RRB-7Q2K',
};
const owner = {
  client_code: 'RRB',
  email: 'owner@example.com',
  password_hash: 'scrypt$hash',
  created_at: '2026-11-01T09:00:00.000Z',
};
const product = {
  client_code: 'ZZ',
  id: 1,
  title: 'A kept product',
  price: 1999,
  category: 'tubs',
  blurb: '<p>kept</p>',
  picture_count: 2,
  hidden: 1,
  pictures: '[{"file":"kept.jpeg","alt":"Kept"}]',
};

async function addData(db: Kysely<Database>): Promise<void> {
  const { id } = await db
    .insertInto('bookings')
    .values(booking)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('booking_treatments')
    .values({
      booking_id: id,
      treatment_id: 3,
      name: 'Facial',
      price_pence: 4500,
      duration_minutes: 60,
    })
    .execute();
  await db.insertInto('owners').values(owner).execute();
  await db.insertInto('products').values(product).execute();
}

async function readMigrationRows(db: Kysely<Database>) {
  const rows = await sql<{
    name: string;
    timestamp: string;
  }>`select name, timestamp from kysely_migration order by name`.execute(db);
  return rows.rows;
}

/** Tables with their columns, and indexes, as the database describes them. */
async function describeSchema({ handle, schema }: Opened) {
  const tables = (await handle.db.introspection.getTables())
    .filter((t) => !schema || t.schema === schema)
    .map((t) => ({
      table: t.name,
      columns: t.columns
        .map((c) => `${c.name} ${c.dataType}${c.isNullable ? '' : ' not null'}`)
        .sort(),
    }))
    .sort((a, b) => a.table.localeCompare(b.table));
  const indexes =
    handle.kind === 'sqlite'
      ? await sql<{ name: string; definition: string | null }>`
          select name, sql as definition from sqlite_master where type = 'index' order by name`
          .execute(handle.db)
          .then((r) => r.rows)
      : await sql<{ name: string; definition: string }>`
          select indexname as name, replace(indexdef, ${`${schema}.`}, '') as definition
          from pg_indexes where schemaname = ${schema} order by indexname`
          .execute(handle.db)
          .then((r) => r.rows);
  return { tables, indexes };
}

describeEachDatabase('a database made before the migrations were split', (kind) => {
  it('is renamed, not migrated again: the same migrations, data and schema as a fresh one', async () => {
    const old = await databaseFromBeforeTheSplit(kind);
    const recorded = await readMigrationRows(old.handle.db);
    expect(recorded.map((r) => r.name)).toContain('0003_issue16_owners');
    expect(recorded).toHaveLength(atTheSplit.length);

    // A server that only checks the schema (MIGRATE_ON_START=off) reads the old names as the new
    // ones before any rename: only the migrations added since the split are pending.
    expect(await schemaStatus(old.handle.db, kind, old.schema)).toEqual({
      at: '0014-add-booking-visitor-identity',
      pending: sinceTheSplit,
    });

    const release = await runReleaseStep(
      {
        db: old.handle.db,
        kind,
        sqliteFile: old.database.target.kind === 'sqlite' ? old.database.target.file : undefined,
        schema: old.schema,
      },
      { seedDir: join(repoRoot, 'seed'), alwaysSeed: false },
    );
    // Only the migrations added since the split ran.
    expect(release.migrated).toEqual(sinceTheSplit);
    // Every row renamed in place, keeping the time it ran: nothing ran twice.
    const renamed = recorded
      .map((r) => ({ name: newName.get(r.name), timestamp: r.timestamp }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const rows = await readMigrationRows(old.handle.db);
    expect(rows.filter((r) => !sinceTheSplit.includes(r.name))).toEqual(renamed);
    expect(renamed.map((r) => r.name)).toEqual(atTheSplit);
    expect(rows.map((r) => r.name)).toEqual(migrationNames(kind));

    // The data is kept.
    const db = old.handle.db;
    expect(
      await db.selectFrom('bookings').selectAll().where('reference', '=', 'RRB-7Q2K').execute(),
    ).toEqual([expect.objectContaining(booking)]);
    expect(await db.selectFrom('booking_treatments').select('name').execute()).toEqual([
      { name: 'Facial' },
    ]);
    expect(
      await db.selectFrom('owners').selectAll().where('email', '=', owner.email).execute(),
    ).toEqual([expect.objectContaining(owner)]);
    expect(
      await db.selectFrom('products').selectAll().where('client_code', '=', 'ZZ').execute(),
    ).toEqual([expect.objectContaining(product)]);

    // A second run finds nothing to rename or run.
    await migrateToLatest(old.handle.db, kind, old.schema);
    expect(await readMigrationRows(old.handle.db)).toEqual(rows);

    // A fresh database gets the same tables, columns and indexes.
    const fresh = await openFresh(kind);
    await migrateToLatest(fresh.handle.db, kind, fresh.schema);
    const freshSchema = await describeSchema(fresh);
    expect(freshSchema.tables.map((t) => t.table)).toContain('bookings');
    expect(freshSchema.indexes.map((i) => i.name)).toContain('bookings_by_day_status_time_hold');
    expect(await describeSchema(old)).toEqual(freshSchema);
  }, 60_000);

  it('from an older release runs only what it lacks, under its new name', async () => {
    const old = await databaseFromBeforeTheSplit(kind);
    // As the release before release_state left it.
    await sql`delete from kysely_migration where name = '0006_i20b_release_state'`.execute(
      old.handle.db,
    );
    await sql`drop table release_state`.execute(old.handle.db);
    expect(await schemaStatus(old.handle.db, kind, old.schema)).toEqual({
      at: '0014-add-booking-visitor-identity',
      pending: ['0013-create-release-state', ...sinceTheSplit],
    });

    await migrateToLatest(old.handle.db, kind, old.schema);
    expect((await readMigrationRows(old.handle.db)).map((r) => r.name)).toEqual(
      migrationNames(kind),
    );
    expect(await schemaStatus(old.handle.db, kind, old.schema)).toEqual({
      at: migrationNames(kind).at(-1),
      pending: [],
    });
  });

  it('renames each row once when two processes carry the names over at once', async () => {
    const old = await databaseFromBeforeTheSplit(kind);
    const other = openDatabase(old.database.target);
    cleanups.push(other.close);
    const renamed = await Promise.all([
      carryOverNamesBeforeSplit(old.handle.db, old.schema),
      carryOverNamesBeforeSplit(other.db, old.schema),
    ]);
    expect(renamed[0] + renamed[1]).toBe(atTheSplit.length);
    expect((await readMigrationRows(old.handle.db)).map((r) => r.name)).toEqual(atTheSplit);
  });
});
