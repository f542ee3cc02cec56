import type { Kysely } from 'kysely';

/**
 * Anti-hogging per address and form session (issue 30, docs/decisions/0034-anti-hogging.md):
 * a keyed hash of the visitor's address (never the address) and the form session's id. The
 * caps read them with the day's rows, already found by the day index; the 24-hour cap finds
 * an address's recent bookings by this index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('address_hash', 'varchar(64)').execute();
  await db.schema.alterTable('bookings').addColumn('form_session', 'varchar(64)').execute();
  // The visitor's last move's Idempotency-Key: a replay answers without new e-mails.
  await db.schema
    .alterTable('bookings')
    .addColumn('move_idempotency_key', 'varchar(128)')
    .execute();
  await db.schema
    .createIndex('bookings_by_address_created')
    .on('bookings')
    .columns(['client_code', 'address_hash', 'created_at'])
    .execute();
}
