import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database>;

/**
 * The names of each booking's treatments, per booking id, in the order of the menu's ids: what
 * the exports, the morning summary, the calendar feeds and the customer page list beside a
 * booking. One query for a page of bookings, never one a booking.
 */
export async function listBookingTreatmentNames(
  db: Db,
  bookingIds: readonly number[],
): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (bookingIds.length === 0) return names;
  const rows = await db
    .selectFrom('booking_treatments')
    .select(['booking_id', 'name'])
    .where('booking_id', 'in', [...bookingIds])
    .orderBy('booking_id')
    .orderBy('treatment_id')
    .execute();
  for (const row of rows) {
    const list = names.get(row.booking_id);
    if (list) list.push(row.name);
    else names.set(row.booking_id, [row.name]);
  }
  return names;
}
