import type { Kysely } from 'kysely';

/**
 * Deposits for bookings (issue 36, docs/decisions/0079-booking-deposits.md): each client's deposit
 * and cancellation policy as JSON (`deposit_settings`, src/common/deposits.ts); on each booking the
 * deposit asked in pence, its status (null: none asked; unpaid, paid, refunded, kept), the Checkout
 * Session and payment, and until when cancelling is free (the policy as it stood when booked); and
 * on each stored Stripe event the booking it was for.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deposit_settings')
    .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('bookings')
    .addColumn('deposit_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bookings').addColumn('deposit_status', 'varchar(16)').execute();
  await db.schema.alterTable('bookings').addColumn('deposit_session_id', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('deposit_url', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('deposit_intent_id', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('deposit_free_until', 'varchar(32)').execute();
  await db.schema
    .createIndex('bookings_by_deposit_session')
    .on('bookings')
    .column('deposit_session_id')
    .execute();

  await db.schema.alterTable('payment_events').addColumn('booking_id', 'integer').execute();
}
