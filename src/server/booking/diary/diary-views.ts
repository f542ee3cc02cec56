import type { BookingSearch, BookingStatusRequest, DiaryBooking } from '../../../common/diary.js';
import { AppError } from '../../kernel/errors.js';
import { localTimeToInstant } from '../availability/availability.js';
import { normaliseBookingReference } from '../booking-reference.js';
import { depositOnStatusChange } from '../deposits/deposit-service.js';
import { bookingDetail } from './diary-service.js';
import { findStatusRow, searchBookings, updateBookingStatus } from './diary-views-store.js';
import type { ManageContext } from './manage-context.js';

/**
 * The diary's views (issue 32): marking a booking completed or no-show (or booked again), and
 * searching bookings. The diary's columns and day totals are added by listDiary.
 */

const statusLabels = { booked: 'booked', completed: 'completed', 'no-show': 'a no-show' } as const;

/**
 * Marks a booking completed or no-show, or booked again to undo a mistake: only once its start
 * has passed (422 before), never a cancelled or unconfirmed one (409). Audited; the time stays
 * taken whatever the status (availability counts every status but cancelled).
 */
export async function setBookingStatus(
  context: ManageContext,
  id: number,
  request: BookingStatusRequest,
): Promise<DiaryBooking> {
  const { db, client, now } = context;
  const row = await findStatusRow(db, client.name, id);
  if (!row) throw new AppError(404, `There is no booking ${id}.`);
  if (row.status === 'cancelled') {
    throw new AppError(409, 'This booking is cancelled, so it cannot be marked.');
  }
  if (row.status === 'pending') {
    throw new AppError(
      409,
      'This booking is still awaiting the customer’s e-mail confirmation, so it cannot be marked.',
    );
  }
  const start = localTimeToInstant(row.bookingDate, row.startMinute, client.timeZone);
  if (start !== null && start > now.getTime()) {
    throw new AppError(
      422,
      `This booking has not started yet, so it cannot be marked ${statusLabels[request.status]}. Please mark it once its start time has passed.`,
    );
  }
  if (row.status !== request.status) {
    const changed = await updateBookingStatus(db, client.name, id, row.status, request.status);
    if (!changed) {
      throw new AppError(
        409,
        'This booking was changed elsewhere at the same time. Please look at it again.',
      );
    }
    context.changes.clientChanged(client.name, 'bookings');
    await context.audit('booking.status', { bookingId: id, from: row.status, to: request.status });
    // Issue 36 (decision 0079): a no-show keeps a paid deposit; undoing the mark gives it back.
    await depositOnStatusChange(db, client.name, id, row.status, request.status, context.audit);
  }
  return bookingDetail(context, id);
}

export const searchLimit = 50;

/**
 * The client's bookings matching `q`: the reference (exact, any case, with or without its dash),
 * or the customer's name, e-mail address or phone number (digits, spaces ignored); newest first,
 * at most `searchLimit`.
 */
export async function findBookings(context: ManageContext, q: string): Promise<BookingSearch> {
  const text = q.trim().toLowerCase();
  const reference = normaliseBookingReference(text);
  const digits = text.replace(/[\s()+-]/g, '');
  const found = await searchBookings(
    context.db,
    context.client.name,
    {
      text,
      reference: /^[0-9A-Z]{8}$/.test(reference) ? reference : undefined,
      phone: /^\d{3,}$/.test(digits) ? digits : undefined,
    },
    searchLimit + 1,
  );
  return { q: q.trim(), bookings: found.slice(0, searchLimit), more: found.length > searchLimit };
}
