import { PostgresIntrospector, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  isPostgresReachable,
  type TestDatabase,
} from '../../../tests/support/test-database.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest, schemaStatus } from './migrations.js';

const postgresUp = await isPostgresReachable();

describe.runIf(postgresUp)('PostgreSQL introspection of the search path alone', () => {
  let ours: TestDatabase;
  let other: TestDatabase;
  let handle: DatabaseHandle;
  let otherHandle: DatabaseHandle;

  beforeAll(async () => {
    ours = await createTestDatabase('postgres');
    other = await createTestDatabase('postgres');
    handle = openDatabase(ours.target);
    otherHandle = openDatabase(other.target);
    // Another site's schema in the same database, migrated only up to its first step.
    await sql`create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
      otherHandle.db,
    );
    await sql`insert into kysely_migration values ('0001-first', 'then')`.execute(otherHandle.db);
    await sql`create table elsewhere (id serial primary key, note text)`.execute(otherHandle.db);
    await migrateToLatest(handle.db, 'postgres', schemaOf(ours));
  });

  afterAll(async () => {
    await handle?.db.destroy();
    await otherHandle?.db.destroy();
    await ours?.drop();
    await other?.drop();
  });

  function schemaOf(database: TestDatabase): string {
    if (database.target.kind !== 'postgres' || !database.target.schema)
      throw new Error('a PostgreSQL schema was expected');
    return database.target.schema;
  }

  it("lists only its own schema's tables, none of another schema in the same database", async () => {
    const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schemaOf(ours)]));
    expect(tables.map((table) => table.name)).toContain('kysely_migration');
    expect(tables.map((table) => table.name)).not.toContain('elsewhere');
    const withoutKysely = await handle.db.introspection.getTables();
    expect(withoutKysely.map((table) => table.name)).not.toContain('kysely_migration');
  });

  it("describes them as Kysely's own introspector does, column for column", async () => {
    const kyselys = (await new PostgresIntrospector(handle.db).getTables()).filter(
      (table) => table.schema === schemaOf(ours),
    );
    const mine = await handle.db.introspection.getTables();
    expect(mine).toEqual(kyselys);
    expect(mine.length).toBeGreaterThan(20);
  });

  it("reads each schema's own migrations: up to date here, one step there", async () => {
    expect((await schemaStatus(handle.db, 'postgres', schemaOf(ours))).pending).toEqual([]);
    const there = await schemaStatus(otherHandle.db, 'postgres', schemaOf(other));
    expect(there.at).toBe('0001-first');
  });
});
