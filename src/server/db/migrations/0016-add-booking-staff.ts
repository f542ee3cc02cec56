import type { Kysely } from 'kysely';

/**
 * Which staff member a booking is with (issue 32); null for a client without staff and for
 * bookings made before. The day's bookings of a therapist are found through the day index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('staff_id', 'integer').execute();
  await db.schema
    .createIndex('bookings_by_day_and_staff')
    .on('bookings')
    .columns(['client_code', 'booking_date', 'staff_id'])
    .execute();
}
