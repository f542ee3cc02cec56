import type { Kysely } from 'kysely';

/**
 * What of a booking's deposit has been refunded, in pence (issue 36, decision 0079): the owner
 * may refund part of a deposit from the diary, so "refunded" alone no longer says how much.
 * 0 for every booking before this, as none had been refunded in part.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('deposit_refunded_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
