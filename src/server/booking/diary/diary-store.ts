import type { Kysely, Selectable } from 'kysely';
import { bookingStatuses, type BookingStatus, type DiaryBooking } from '../../../common/diary.js';
import { formatMinuteOfDay } from '../../../common/booking.js';
import { depositStatuses, type DepositStatus } from '../../../common/deposits.js';
import type { BookingsTable, Database } from '../../db/schema.js';
import { takesItsSlot } from '../booking-store.js';

type BookingRow = Selectable<BookingsTable>;

/** A stored status as the diary knows it; anything unknown reads as booked, as before. */
export function diaryStatusOf(stored: string): BookingStatus {
  return (bookingStatuses as readonly string[]).includes(stored)
    ? (stored as BookingStatus)
    : 'booked';
}

function depositStatusOf(stored: string): DepositStatus {
  return (depositStatuses as readonly string[]).includes(stored)
    ? (stored as DepositStatus)
    : 'unpaid';
}

function toDiaryBooking(
  row: BookingRow,
  staffNames: ReadonlyMap<number, string>,
  treatments: Array<{
    treatment_id: number;
    name: string;
    price_pence: number;
    duration_minutes: number;
  }>,
): DiaryBooking {
  return {
    id: row.id,
    date: row.booking_date,
    start: formatMinuteOfDay(row.start_minute),
    end: formatMinuteOfDay(row.end_minute),
    status: diaryStatusOf(row.status),
    heldUntil: row.status === 'pending' ? row.held_until : null,
    // Issue 36: the deposit asked and where it stands; null when none was asked.
    deposit:
      row.deposit_status !== null
        ? {
            pence: row.deposit_pence,
            refundedPence: row.deposit_refunded_pence,
            status: depositStatusOf(row.deposit_status),
          }
        : null,
    source: row.source === 'phone' || row.source === 'walk-in' ? row.source : 'online',
    totalPrice: row.total_price_pence / 100,
    totalDuration: row.total_duration_minutes,
    customer: {
      name: row.customer_name,
      email: row.customer_email,
      telephone: row.customer_telephone,
      doorNo: row.customer_door_no,
      postCode: row.customer_post_code,
    },
    treatments: treatments.map((t) => ({
      id: t.treatment_id,
      name: t.name,
      price: t.price_pence / 100,
      duration: t.duration_minutes,
    })),
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
    reference: row.reference,
    staff:
      row.staff_id === null
        ? null
        : { id: row.staff_id, name: staffNames.get(row.staff_id) ?? `Therapist ${row.staff_id}` },
    internalNote: row.internal_note,
    cancelMessage: row.cancel_message,
  };
}

export async function withTreatments(
  db: Kysely<Database>,
  rows: BookingRow[],
): Promise<DiaryBooking[]> {
  if (rows.length === 0) return [];
  const treatments = await db
    .selectFrom('booking_treatments')
    .select(['booking_id', 'treatment_id', 'name', 'price_pence', 'duration_minutes'])
    .where(
      'booking_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const staffIds = [
    ...new Set(rows.flatMap((row) => (row.staff_id === null ? [] : [row.staff_id]))),
  ];
  const staff =
    staffIds.length === 0
      ? []
      : await db
          .selectFrom('staff_members')
          .select(['id', 'name'])
          .where('client_code', '=', rows[0]!.client_code)
          .where('id', 'in', staffIds)
          .execute();
  const staffNames = new Map(staff.map((member) => [member.id, member.name]));
  return rows.map((row) =>
    toDiaryBooking(
      row,
      staffNames,
      treatments.filter((t) => t.booking_id === row.id),
    ),
  );
}

/** The client's bookings from `from` to `to` (dates, inclusive), cancelled ones too, in time order. */
export async function listDiaryBookings(
  db: Kysely<Database>,
  clientCode: string,
  from: string,
  to: string,
): Promise<DiaryBooking[]> {
  const rows = await db
    .selectFrom('bookings')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('booking_date', '>=', from)
    .where('booking_date', '<=', to)
    .orderBy('booking_date')
    .orderBy('start_minute')
    .orderBy('id')
    .execute();
  return withTreatments(db, rows);
}

/** One of the client's bookings; another client's id is not found, as an unknown one. */
export async function findDiaryBooking(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
): Promise<DiaryBooking | undefined> {
  const row = await db
    .selectFrom('bookings')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await withTreatments(db, [row]))[0] : undefined;
}

/** What the salon records when it cancels (issue 32): the customer sees only the message. */
export interface SalonCancellation {
  /** Who cancelled, as the system words it ("Cancelled by the salon"). */
  reason: string;
  internalNote: string | null;
  message: string | null;
}

/**
 * Marks a booked or held booking cancelled and raises its calendar SEQUENCE (the customer's
 * calendar replaces the event with the cancelling one); undefined when it is not (any longer)
 * booked or held. Returns the new sequence, the reference and whether it had been confirmed.
 */
export async function markCancelled(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  cancellation: SalonCancellation,
  at: Date,
): Promise<{ sequence: number; reference: string; wasConfirmed: boolean } | undefined> {
  const row = await db
    .selectFrom('bookings')
    .select(['status', 'ical_sequence', 'reference'])
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (row.status !== 'booked' && row.status !== 'pending')) return undefined;
  const sequence = row.ical_sequence + 1;
  // Conditional on what was read: a cancel or move in between makes this one change nothing.
  const result = await db
    .updateTable('bookings')
    .set({
      status: 'cancelled',
      cancelled_at: at.toISOString(),
      cancel_reason: cancellation.reason,
      internal_note: cancellation.internalNote,
      cancel_message: cancellation.message,
      ical_sequence: sequence,
    })
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('status', '=', row.status)
    .where('ical_sequence', '=', row.ical_sequence)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return {
    sequence,
    reference: row.reference ?? String(id),
    wasConfirmed: row.status === 'booked',
  };
}

/**
 * The client's bookings still standing (booked, or held and not lapsed) from `from` to `to`,
 * of one therapist when `staffId` is given: what a closing would leave without a salon.
 */
export async function listStandingBookings(
  db: Kysely<Database>,
  clientCode: string,
  range: { from: string; to: string; staffId?: number | undefined },
  now: Date,
): Promise<DiaryBooking[]> {
  let query = db
    .selectFrom('bookings')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('booking_date', '>=', range.from)
    .where('booking_date', '<=', range.to)
    .where(takesItsSlot(now));
  if (range.staffId !== undefined) query = query.where('staff_id', '=', range.staffId);
  const rows = await query.orderBy('booking_date').orderBy('start_minute').orderBy('id').execute();
  return withTreatments(db, rows);
}

/** What a move needs of a booking besides its detail: where it is and its calendar version. */
export async function findBookingPlace(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
): Promise<
  | Pick<
      BookingRow,
      | 'status'
      | 'booking_date'
      | 'start_minute'
      | 'end_minute'
      | 'staff_id'
      | 'ical_sequence'
      | 'reference'
      | 'total_duration_minutes'
      | 'deposit_free_until'
    >
  | undefined
> {
  return db
    .selectFrom('bookings')
    .select([
      'status',
      'booking_date',
      'start_minute',
      'end_minute',
      'staff_id',
      'ical_sequence',
      'reference',
      'total_duration_minutes',
      'deposit_free_until',
    ])
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Moves a booked booking to a new place (and therapist) if it is still at `fromSequence`; false
 * when it was moved, cancelled or changed meanwhile. Call it inside the new day's lock.
 */
export async function moveBookingTo(
  trx: Kysely<Database>,
  clientCode: string,
  id: number,
  fromSequence: number,
  place: {
    date: string;
    startMinute: number;
    endMinute: number;
    staffId: number | null;
    sequence: number;
    /** The deposit's free cancellation window, moved with the booking (null: no deposit). */
    depositFreeUntil: string | null;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('bookings')
    .set({
      booking_date: place.date,
      start_minute: place.startMinute,
      end_minute: place.endMinute,
      staff_id: place.staffId,
      ical_sequence: place.sequence,
      deposit_free_until: place.depositFreeUntil,
    })
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .where('ical_sequence', '=', fromSequence)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
