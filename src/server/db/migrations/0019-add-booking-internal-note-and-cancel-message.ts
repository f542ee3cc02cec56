import { sql, type Kysely } from 'kysely';

/**
 * Cancelling asks two things apart (issue 32, docs/decisions/0060-owner-moves-and-closing.md):
 * an internal note the customer never sees (`internal_note`), and the message the customer is
 * sent (`cancel_message`). Before, the owner's "reason" went into `cancel_reason` and was e-mailed
 * word for word: such rows keep their words as the message they were, and `cancel_reason` keeps
 * to who cancelled, as the system words it (the customer online, a lapsed hold, the salon).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('internal_note', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('cancel_message', 'text').execute();
  // The words the system itself wrote (visitor-manage-store.ts, booking-holds-store.ts) stay.
  await sql`
    UPDATE bookings
    SET cancel_message = cancel_reason, cancel_reason = 'Cancelled by the salon'
    WHERE status = 'cancelled'
      AND (cancel_reason IS NULL
        OR cancel_reason NOT IN ('Cancelled by the customer online', 'Not confirmed by e-mail in time'))
  `.execute(db);
}
