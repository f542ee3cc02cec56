import type { Kysely } from 'kysely';

/**
 * The owner's on/off for card payment (issue 36, the Payments screen): with the keys kept, card
 * payment can be switched off at checkout and on again without typing them again. Refunds and
 * webhooks of orders already paid keep working while it is off. 1 (on) for keys saved before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payment_settings')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
