import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DiaryBooking, DiaryStaff, MarkableStatus } from '../../../common/diary.js';
import type { Database } from '../../db/schema.js';
import { withTreatments } from './diary-store.js';

/**
 * The diary's views (issue 32): its therapist columns, a booking's status as the owner marks it,
 * and searching the client's bookings. Every query is scoped to the owner's client.
 */

/**
 * The day view's columns: the client's active staff, and an inactive member who has bookings
 * among `bookingStaffIds` (so a booking is never without its column), in display order.
 */
export async function listDiaryStaff(
  db: Kysely<Database>,
  clientCode: string,
  bookingStaffIds: readonly number[],
): Promise<DiaryStaff[]> {
  const rows = await db
    .selectFrom('staff_members')
    .select(['id', 'name', 'active'])
    .where('client_code', '=', clientCode)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  const withBookings = new Set(bookingStaffIds);
  return rows
    .filter((row) => row.active === 1 || withBookings.has(row.id))
    .map((row) => ({ id: row.id, name: row.name, active: row.active === 1 }));
}

/** What setting a status needs to know of the booking as stored. */
export interface StatusRow {
  status: string;
  bookingDate: string;
  startMinute: number;
}

export async function findStatusRow(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
): Promise<StatusRow | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select(['status', 'booking_date', 'start_minute'])
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && { status: row.status, bookingDate: row.booking_date, startMinute: row.start_minute }
  );
}

/**
 * Sets the status if it is still `from` (a cancel in between makes this change nothing);
 * true when the row changed.
 */
export async function updateBookingStatus(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  from: string,
  to: MarkableStatus,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ status: to })
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** LIKE's own characters taken literally (with ESCAPE '\'). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface BookingSearchTerms {
  /** The text as typed, lower case: found in the name or the e-mail address. */
  text: string;
  /** A reference read as typed (normalised), when the text could be one. */
  reference?: string | undefined;
  /** The text's digits without spaces or dashes, when it looks like a phone number. */
  phone?: string | undefined;
}

/**
 * The client's bookings whose reference is the one typed, whose customer's name or e-mail
 * contains the text (any case, on both databases: both sides lower-cased), or whose phone
 * number contains the digits typed (spaces and dashes left out on both sides); newest first.
 * A client's bookings are few enough that the scan under the client index is cheap.
 */
export async function searchBookings(
  db: Kysely<Database>,
  clientCode: string,
  terms: BookingSearchTerms,
  limit: number,
): Promise<DiaryBooking[]> {
  const pattern = `%${likeLiteral(terms.text)}%`;
  const rows = await db
    .selectFrom('bookings')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where((eb) => {
      const any: Array<Expression<SqlBool>> = [
        sql<boolean>`lower(customer_name) like ${pattern} escape '\\'`,
        sql<boolean>`lower(customer_email) like ${pattern} escape '\\'`,
      ];
      if (terms.reference) any.push(eb('reference', '=', terms.reference));
      if (terms.phone) {
        any.push(
          sql<boolean>`replace(replace(customer_telephone, ' ', ''), '-', '') like ${`%${terms.phone}%`}`,
        );
      }
      return eb.or(any);
    })
    .orderBy('booking_date', 'desc')
    .orderBy('start_minute', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return withTreatments(db, rows);
}
