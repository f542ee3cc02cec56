import type {
  AffectedBookings,
  ClosingCancel,
  ClosingCancelResult,
  ClosingRange,
} from '../../../common/diary.js';
import { AppError } from '../../kernel/errors.js';
import { findStaffName } from '../../staff/staff-store.js';
import { requireBookingEnabled } from '../booking-service.js';
import { cancelBooking } from './diary-service.js';
import { findDiaryBooking, listStandingBookings } from './diary-store.js';
import type { ManageContext } from './manage-context.js';

/**
 * Closing over existing bookings (issue 32, docs/decisions/0060-owner-moves-and-closing.md):
 * before the owner saves closed dates (the salon's closures, or later a therapist's time off),
 * the screen asks which bookings stand in those days; the owner then cancels them with one
 * message to each customer (each through the one cancel path: reminder dropped, e-mail queued)
 * or keeps them (nothing changes, their reminders stay). Saving the dates stays the screen's own
 * request: a closure never cancels anything by itself.
 */

async function checkStaff(context: ManageContext, staffId: number | undefined): Promise<void> {
  if (staffId === undefined) return;
  if (await findStaffName(context.db, context.client.name, staffId)) return;
  const message = `${context.client.title} has no therapist ${staffId}.`;
  throw new AppError(400, message, [{ path: 'staffId', message }]);
}

/** POST /api/manage/closing/affected: the bookings still standing in the days, in time order. */
export async function affectedByClosing(
  context: ManageContext,
  range: ClosingRange,
): Promise<AffectedBookings> {
  requireBookingEnabled(context.client);
  await checkStaff(context, range.staffId);
  return {
    bookings: await listStandingBookings(context.db, context.client.name, range, context.now),
  };
}

/**
 * POST /api/manage/closing/cancel: cancels the bookings the owner was shown, each on its own
 * (one customer's e-mail never waits on another's). An id cancelled meanwhile is reported, not
 * refused; an id that is not the client's, or not in the days, refuses the whole request before
 * anything is cancelled.
 */
export async function cancelForClosing(
  context: ManageContext,
  request: ClosingCancel,
): Promise<ClosingCancelResult> {
  requireBookingEnabled(context.client);
  const { from, to, staffId } = request;
  if (from > to) {
    const message = 'must be on or after the first day';
    throw new AppError(400, `to: ${message}`, [{ path: 'to', message }]);
  }
  await checkStaff(context, staffId);
  const standing = new Set(
    (await listStandingBookings(context.db, context.client.name, request, context.now)).map(
      (b) => b.id,
    ),
  );
  const ids = [...new Set(request.bookingIds)];
  const alreadyCancelled: number[] = [];
  for (const id of ids.filter((id) => !standing.has(id))) {
    const booking = await findDiaryBooking(context.db, context.client.name, id);
    const inDays =
      booking &&
      booking.date >= from &&
      booking.date <= to &&
      (staffId === undefined || booking.staff?.id === staffId);
    if (!inDays || booking.status !== 'cancelled') {
      const message = `Booking ${id} is not one of the bookings in these days. Please ask for the list again.`;
      throw new AppError(400, message, [{ path: 'bookingIds', message }]);
    }
    alreadyCancelled.push(id);
  }
  const closing = { from, to, ...(staffId === undefined ? {} : { staffId }) };
  const cancelled: number[] = [];
  for (const id of ids.filter((id) => standing.has(id))) {
    try {
      await cancelBooking(
        context,
        id,
        {
          message: request.message,
          internalNote:
            request.internalNote ||
            `Cancelled for the closing ${from === to ? `on ${from}` : `from ${from} to ${to}`}.`,
        },
        { closing },
      );
      cancelled.push(id);
    } catch (error) {
      // Cancelled by someone else between the list and this request: already done.
      if (error instanceof AppError && error.statusCode === 409) alreadyCancelled.push(id);
      else throw error;
    }
  }
  return { cancelled, alreadyCancelled };
}
