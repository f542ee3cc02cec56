import { describe, expect, it } from 'vitest';
import type { BookingStatus, DiaryBooking } from '../../../common/diary.js';
import { dayTotals } from './diary-totals.js';

function booking(id: number, status: BookingStatus, totalPrice: number, totalDuration: number) {
  return { id, status, totalPrice, totalDuration } as DiaryBooking;
}

describe('a day’s totals', () => {
  it('are zero for a day without bookings', () => {
    expect(dayTotals([])).toEqual({
      bookings: 0,
      bookedMinutes: 0,
      valuePence: 0,
      byStatus: { booked: 0, pending: 0, completed: 0, 'no-show': 0, cancelled: 0 },
    });
  });

  it('count every booking but the cancelled ones, in whole pence, and each status apart', () => {
    const totals = dayTotals([
      booking(1, 'booked', 25.1, 30),
      booking(2, 'completed', 40.2, 60),
      booking(3, 'no-show', 12.7, 45),
      booking(4, 'cancelled', 99, 90),
      booking(5, 'pending', 0.1, 15),
    ]);
    expect(totals).toEqual({
      bookings: 4,
      bookedMinutes: 150,
      valuePence: 2510 + 4020 + 1270 + 10,
      byStatus: { booked: 1, pending: 1, completed: 1, 'no-show': 1, cancelled: 1 },
    });
  });
});
