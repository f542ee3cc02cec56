import type {
  AffectedBookings,
  ClosingCancelResult,
  ClosingRange,
  DiaryBooking,
  EmailPreview,
} from '@common/diary';
import { typed } from './booking-queries';

/**
 * Closing days over bookings (issue 32), for every screen that closes days (the salon's hours,
 * a therapist's time off): which bookings stand in them, what a customer would be sent, and
 * cancelling them with one message.
 */

/** The days of one closing and the bookings still standing in them. */
export interface AffectedGroup {
  range: ClosingRange;
  bookings: DiaryBooking[];
}

/** The bookings standing in each range; only the ranges that have some. */
export async function findAffected(ranges: readonly ClosingRange[]): Promise<AffectedGroup[]> {
  const groups: AffectedGroup[] = [];
  for (const range of ranges) {
    const { bookings } = await typed<AffectedBookings>('/api/manage/closing/affected', {
      method: 'POST',
      body: JSON.stringify(range),
    });
    if (bookings.length > 0) groups.push({ range, bookings });
  }
  return groups;
}

/** Cancels every booking of the groups, each customer sent `message`; the ids cancelled. */
export async function cancelAffected(
  groups: readonly AffectedGroup[],
  message: string,
): Promise<number[]> {
  const cancelled: number[] = [];
  for (const { range, bookings } of groups) {
    const result = await typed<ClosingCancelResult>('/api/manage/closing/cancel', {
      method: 'POST',
      body: JSON.stringify({
        ...range,
        bookingIds: bookings.map((b) => b.id),
        ...(message ? { message } : {}),
      }),
    });
    cancelled.push(...result.cancelled);
  }
  return cancelled;
}

/** The cancellation e-mail the booking's customer would receive with this message. */
export async function previewCancellation(id: number, message: string): Promise<EmailPreview> {
  return typed(`/api/manage/bookings/${id}/cancel-preview`, {
    method: 'POST',
    body: JSON.stringify(message ? { message } : {}),
  });
}
