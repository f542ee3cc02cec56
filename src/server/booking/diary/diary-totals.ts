import type { DiaryBooking, DiaryDayTotals } from '../../../common/diary.js';

/**
 * A day's totals (issue 32), from its bookings: the ones that stand (every status but cancelled)
 * are counted, with their minutes and value; every status is counted apart. A no-show still
 * counts as booked time and value: the time was kept for the customer.
 */
export function dayTotals(bookings: readonly DiaryBooking[]): DiaryDayTotals {
  const totals: DiaryDayTotals = {
    bookings: 0,
    bookedMinutes: 0,
    valuePence: 0,
    byStatus: { booked: 0, pending: 0, completed: 0, 'no-show': 0, cancelled: 0 },
  };
  for (const booking of bookings) {
    totals.byStatus[booking.status] += 1;
    if (booking.status === 'cancelled') continue;
    totals.bookings += 1;
    totals.bookedMinutes += booking.totalDuration;
    // Pounds on the wire; whole pence here, so sums never drift.
    totals.valuePence += Math.round(booking.totalPrice * 100);
  }
  return totals;
}
