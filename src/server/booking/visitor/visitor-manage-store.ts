import type { Kysely, Updateable } from 'kysely';
import type { BookingsTable, Database } from '../../db/schema.js';

/** The queries behind a visitor's manage link (visitor-manage-service.ts). */

/** Cancels a booked booking at the customer's word; false if it was not booked any more. */
export async function markCancelledByCustomer(
  trx: Kysely<Database>,
  id: number,
  icalSequence: number,
  now: Date,
): Promise<boolean> {
  const updated = await trx
    .updateTable('bookings')
    .set({
      status: 'cancelled',
      cancelled_at: now.toISOString(),
      cancel_reason: 'Cancelled by the customer online',
      ical_sequence: icalSequence,
    })
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Moves a booked booking if it is still at `fromSequence`; false if it changed meanwhile. */
export async function moveBookedBooking(
  trx: Kysely<Database>,
  id: number,
  fromSequence: number,
  change: Pick<
    Updateable<BookingsTable>,
    | 'booking_date'
    | 'start_minute'
    | 'end_minute'
    | 'ical_sequence'
    | 'move_idempotency_key'
    | 'deposit_free_until'
  >,
): Promise<boolean> {
  const updated = await trx
    .updateTable('bookings')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .where('ical_sequence', '=', fromSequence)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The idempotency key of the booking's last move, if any. */
export async function findMoveIdempotencyKey(
  db: Kysely<Database>,
  id: number,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select('move_idempotency_key')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.move_idempotency_key;
}
