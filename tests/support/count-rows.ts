import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';

/** How many rows a table holds (PostgreSQL answers COUNT as a string, hence Number). */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
