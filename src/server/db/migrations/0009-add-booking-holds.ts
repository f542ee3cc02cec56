import type { Kysely } from 'kysely';

/**
 * Unconfirmed holds (issue 17): a `pending` booking holds its time until `held_until`
 * (ISO instant) unless confirmed by the link whose SHA-256 is `confirm_token_hash`. The
 * availability index gains held_until so it still answers without the table; the sweep
 * finds expired holds by status and time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('held_until', 'varchar(32)').execute();
  await db.schema.alterTable('bookings').addColumn('confirm_token_hash', 'varchar(64)').execute();
  await db.schema
    .createIndex('bookings_by_confirm_token')
    .on('bookings')
    .column('confirm_token_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('bookings_by_day_status_time_hold')
    .on('bookings')
    .columns(['client_code', 'booking_date', 'status', 'start_minute', 'end_minute', 'held_until'])
    .execute();
  await db.schema.dropIndex('bookings_by_day_status_and_time').execute();
  await db.schema
    .createIndex('bookings_by_status_and_hold')
    .on('bookings')
    .columns(['status', 'held_until'])
    .execute();
}
