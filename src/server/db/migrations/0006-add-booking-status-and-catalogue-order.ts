import type { Kysely } from 'kysely';

/**
 * Bookings get a status (booked | cancelled), who made them (online | phone | walk-in) and
 * a cancellation; categories and treatments an order, a version, and categories can be
 * deactivated. Availability now reads only booked rows: the covering index gains status.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('booked'))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('online'))
    .execute();
  await db.schema.alterTable('bookings').addColumn('cancelled_at', 'varchar(32)').execute();
  await db.schema.alterTable('bookings').addColumn('cancel_reason', 'text').execute();
  await db.schema
    .createIndex('bookings_by_day_status_and_time')
    .on('bookings')
    .columns(['client_code', 'booking_date', 'status', 'start_minute', 'end_minute'])
    .execute();
  await db.schema.dropIndex('bookings_by_day_and_time').execute();
  for (const table of ['categories', 'treatments']) {
    await db.schema
      .alterTable(table)
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema
    .alterTable('categories')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
