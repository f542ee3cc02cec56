import { describe, expect, it } from 'vitest';
import { freeMinutesByCapacity, freeMinutesWithStaff } from './free-time.js';

describe('free time left in a day', () => {
  it('is each therapist’s hours less their own bookings within them', () => {
    const therapists = [
      {
        id: 1,
        spans: [
          { start: 540, end: 720 },
          { start: 780, end: 1020 },
        ],
      },
      { id: 2, spans: [{ start: 600, end: 900 }] },
    ];
    const bookings = [
      { staffId: 1, start: 540, end: 600 },
      // Runs over the lunch break: only its part within working time counts.
      { staffId: 1, start: 690, end: 810 },
      { staffId: 2, start: 600, end: 660 },
      // Another therapist's id, or none: counted against nobody here.
      { staffId: 3, start: 600, end: 660 },
      { staffId: null, start: 600, end: 660 },
    ];
    // 420 − 60 − 30 − 30 = 300 for the first, 300 − 60 = 240 for the second.
    expect(freeMinutesWithStaff(therapists, bookings, 0)).toBe(540);
  });

  it('counts from now on today, never below nothing', () => {
    const therapists = [{ id: 1, spans: [{ start: 540, end: 1020 }] }];
    expect(freeMinutesWithStaff(therapists, [{ staffId: 1, start: 900, end: 960 }], 840)).toBe(120);
    expect(freeMinutesWithStaff(therapists, [], 1100)).toBe(0);
    expect(
      freeMinutesWithStaff(
        therapists,
        [1, 2].map(() => ({ staffId: 1, start: 540, end: 1020 })),
        0,
      ),
    ).toBe(0);
  });

  it('is the opening hours times the capacity less every booking, without staff', () => {
    const open = [{ start: 540, end: 1020 }];
    expect(freeMinutesByCapacity(open, 2, [{ start: 600, end: 660 }], 0)).toBe(960 - 60);
    expect(freeMinutesByCapacity(open, 2, [{ start: 600, end: 660 }], 660)).toBe(720);
    expect(freeMinutesByCapacity([], 3, [], 0)).toBe(0);
  });
});
