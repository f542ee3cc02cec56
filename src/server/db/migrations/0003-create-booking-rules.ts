import type { Kysely } from 'kysely';

/**
 * A client's booking rules as the owner edits them (src/common/booking-rules.ts, as JSON),
 * with a version for optimistic updates. The seed only inserts a missing row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_rules')
    .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
