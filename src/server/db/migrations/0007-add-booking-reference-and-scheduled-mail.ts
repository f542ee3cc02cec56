import type { Kysely } from 'kysely';

/**
 * Bookings get a reference the visitor quotes (unique per client), a calendar SEQUENCE that
 * goes up on each change, and the SHA-256 of their manage link's token. The outbox gets a
 * calendar part (json {method, content}) and `not_before` for scheduled mail (reminders).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('reference', 'varchar(16)').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('ical_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bookings').addColumn('manage_token_hash', 'varchar(64)').execute();
  await db.schema
    .createIndex('bookings_by_reference')
    .on('bookings')
    .columns(['client_code', 'reference'])
    .unique()
    .execute();
  await db.schema
    .createIndex('bookings_by_manage_token')
    .on('bookings')
    .column('manage_token_hash')
    .unique()
    .execute();
  await db.schema.alterTable('outbox').addColumn('ical', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('not_before', 'varchar(32)').execute();
}
