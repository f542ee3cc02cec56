import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The queries of unconfirmed holds (booking-holds.ts, docs/decisions/0034-anti-hogging.md). */

export const holdReleasedReason = 'Not confirmed by e-mail in time';

/** A booking's treatment lines, as stored when it was made. */
export async function listBookingLines(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('booking_treatments')
    .select(['treatment_id', 'name', 'price_pence', 'duration_minutes'])
    .where('booking_id', '=', bookingId)
    .execute();
}

/** Makes a held booking `booked` if it is still held at `now`; false if not (gone or taken). */
export async function confirmPendingBooking(
  trx: Transaction<Database>,
  id: number,
  manageTokenHash: string,
  now: Date,
): Promise<boolean> {
  const updated = await trx
    .updateTable('bookings')
    .set({ status: 'booked', manage_token_hash: manageTokenHash })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('held_until', '>', now.toISOString())
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function findBookingStatus(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db
    .selectFrom('bookings')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

/**
 * Marks every pending booking whose hold has run out as cancelled; returns how many. Safe on
 * several instances at once: the UPDATE's own condition decides, so each hold is released once.
 */
export async function releaseExpiredHolds(db: Kysely<Database>, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable('bookings')
    .set({ status: 'cancelled', cancelled_at: at, cancel_reason: holdReleasedReason })
    .where('status', '=', 'pending')
    .where('held_until', '<=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
