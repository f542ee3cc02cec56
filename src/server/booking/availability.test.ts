import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingRules } from '../../common/client-config.js';
import {
  checkBookingDate,
  findAvailableStartTimes,
  localEndMinute,
  localTimeToInstant,
  type AvailabilityInput,
} from './availability.js';

const london = 'Europe/London';
const nineToFive = { open: '09:00', close: '17:00' };

const rules: BookingRules = {
  openingHours: {
    sun: nineToFive,
    mon: null,
    tue: nineToFive,
    wed: nineToFive,
    thu: { open: '09:00', close: '20:00' },
    fri: nineToFive,
    sat: nineToFive,
  },
  closedDates: ['2026-12-25'],
  slotStepMinutes: 30,
  capacity: 1,
  minLeadMinutes: 60,
  horizonDays: 90,
};

/** Wednesday 2 December 2026, 08:00 in London (GMT). */
const wednesdayMorning = new Date('2026-12-02T08:00:00Z');

function times(overrides: Partial<AvailabilityInput> = {}): string[] {
  const result = findAvailableStartTimes({
    date: '2026-12-09',
    durationMinutes: 60,
    rules,
    timeZone: london,
    now: wednesdayMorning,
    existing: [],
    ...overrides,
  });
  if (!result.ok) throw new Error(result.reason);
  return result.times;
}

const halfHoursFrom = (from: string, to: string): string[] => {
  const out: string[] = [];
  const [fh, fm] = from.split(':').map(Number) as [number, number];
  const [th, tm] = to.split(':').map(Number) as [number, number];
  for (let m = fh * 60 + fm; m <= th * 60 + tm; m += 30) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
};

describe('findAvailableStartTimes', () => {
  it('offers every step from opening, and only starts that end by closing time', () => {
    expect(times()).toEqual(halfHoursFrom('09:00', '16:00'));
    expect(times({ durationMinutes: 90 })).toEqual(halfHoursFrom('09:00', '15:30'));
    expect(times({ durationMinutes: 8 * 60 })).toEqual(['09:00']);
    expect(times({ durationMinutes: 8 * 60 + 1 })).toEqual([]);
  });

  it('uses the opening hours of the weekday, and none on a closed weekday', () => {
    expect(times({ date: '2026-12-10' }).at(-1)).toBe('19:00'); // Thursday, late opening
    expect(times({ date: '2026-12-07' })).toEqual([]); // Monday, closed
  });

  it('offers nothing on a closed date', () => {
    expect(times({ date: '2026-12-25' })).toEqual([]);
    expect(times({ date: '2026-12-24' })).not.toEqual([]);
  });

  it('respects the slot step', () => {
    expect(times({ rules: { ...rules, slotStepMinutes: 15 } }).slice(0, 3)).toEqual([
      '09:00',
      '09:15',
      '09:30',
    ]);
  });

  it('at capacity 1, never offers a start that overlaps a booking, but allows touching ones', () => {
    const existing = [{ startMinute: 10 * 60, endMinute: 11 * 60 }];
    const offered = times({ existing });
    expect(offered).toContain('09:00'); // ends exactly when the booking starts
    expect(offered).not.toContain('09:30');
    expect(offered).not.toContain('10:00');
    expect(offered).not.toContain('10:30');
    expect(offered).toContain('11:00'); // starts exactly when the booking ends
  });

  it('at capacity 2, offers a start until two bookings overlap it at the same moment', () => {
    const two = { ...rules, capacity: 2 };
    const existing = [
      { startMinute: 10 * 60, endMinute: 11 * 60 },
      { startMinute: 10 * 60 + 30, endMinute: 12 * 60 },
    ];
    const offered = times({ rules: two, existing });
    expect(offered).toContain('09:00');
    // 09:30-10:30 meets 10:00-11:00 and, from 10:30, nothing else: only one at a time.
    expect(offered).toContain('09:30');
    // 10:00-11:00 overlaps both during 10:30-11:00.
    expect(offered).not.toContain('10:00');
    expect(offered).not.toContain('10:30');
    // 11:00-12:00 overlaps only the second booking.
    expect(offered).toContain('11:00');
    // Two bookings that do not overlap each other do not block a third at capacity 2.
    const apart = [
      { startMinute: 9 * 60, endMinute: 10 * 60 },
      { startMinute: 10 * 60, endMinute: 11 * 60 },
    ];
    expect(times({ rules: two, existing: apart, durationMinutes: 120 })).toContain('09:00');
    expect(
      times({ rules: { ...rules, capacity: 1 }, existing: apart, durationMinutes: 120 }),
    ).not.toContain('09:00');
  });

  it('keeps the minimum lead time from now', () => {
    // Wednesday 2 December, 10:10 London: the lead time of 60 minutes allows 11:30 first.
    const now = new Date('2026-12-02T10:10:00Z');
    expect(times({ date: '2026-12-02', now })[0]).toBe('11:30');
    expect(times({ date: '2026-12-02', now, rules: { ...rules, minLeadMinutes: 0 } })[0]).toBe(
      '10:30',
    );
  });

  it('offers nothing today once it is after closing, but still offers tomorrow', () => {
    const evening = new Date('2026-12-02T18:00:00Z');
    expect(times({ date: '2026-12-02', now: evening })).toEqual([]);
    expect(times({ date: '2026-12-03', now: evening })[0]).toBe('09:00');
  });

  it('works out "now" in the client time zone, not in UTC, in summer time', () => {
    // 23:30 UTC on 30 June is already 00:30 on 1 July in London.
    const now = new Date('2027-06-30T23:30:00Z');
    const result = findAvailableStartTimes({
      date: '2027-06-30',
      durationMinutes: 30,
      rules,
      timeZone: london,
      now,
      existing: [],
    });
    expect(result).toEqual({
      ok: false,
      reason: '2027-06-30 is in the past. Please choose today (2027-07-01) or a later date.',
    });
    // 08:00 UTC is 09:00 BST: with a 60-minute lead the first start is 10:00 local.
    expect(
      times({ date: '2027-07-01', now: new Date('2027-07-01T08:00:00Z'), durationMinutes: 30 })[0],
    ).toBe('10:00');
  });

  it('refuses a past date and a date beyond the horizon, with the reason', () => {
    const past = findAvailableStartTimes({
      date: '2026-12-01',
      durationMinutes: 60,
      rules,
      timeZone: london,
      now: wednesdayMorning,
      existing: [],
    });
    expect(past).toEqual({
      ok: false,
      reason: '2026-12-01 is in the past. Please choose today (2026-12-02) or a later date.',
    });
    expect(checkBookingDate('2027-03-02', rules, london, wednesdayMorning)).toEqual({ ok: true });
    expect(checkBookingDate('2027-03-03', rules, london, wednesdayMorning)).toEqual({
      ok: false,
      reason: 'Bookings open 90 days ahead, so the latest date you can choose is 2027-03-02.',
    });
  });

  describe('on the clock-change days in Europe/London', () => {
    const overnight: BookingRules = {
      ...rules,
      openingHours: { ...rules.openingHours, sun: { open: '00:00', close: '04:00' } },
      slotStepMinutes: 30,
      minLeadMinutes: 0,
    };
    const before = new Date('2027-03-20T12:00:00Z');

    it('spring forward (2027-03-28): skips the hour that does not exist and counts real minutes', () => {
      // 01:00-02:00 does not happen; 00:30 + 60 real minutes is 02:30 on the clock.
      expect(localTimeToInstant('2027-03-28', 90, london)).toBeNull();
      expect(localEndMinute('2027-03-28', 30, 60, london)).toBe(150);
      expect(times({ date: '2027-03-28', now: before, rules: overnight })).toEqual([
        '00:00',
        '00:30',
        '02:00',
        '02:30',
        '03:00',
      ]);
      // An existing 00:30-02:30 (one real hour) booking blocks 00:30 and 02:00 but not 02:30.
      expect(
        times({
          date: '2027-03-28',
          now: before,
          rules: overnight,
          existing: [{ startMinute: 30, endMinute: 150 }],
        }),
      ).toEqual(['02:30', '03:00']);
    });

    it('fall back (2026-10-25): the repeated hour has real length, and daytime slots are normal', () => {
      const earlier = new Date('2026-10-20T12:00:00Z');
      // 00:30 + 120 real minutes ends at 01:30 on the clock (the clock went back an hour).
      expect(localEndMinute('2026-10-25', 30, 120, london)).toBe(90);
      const offered = times({
        date: '2026-10-25',
        now: earlier,
        rules: overnight,
        durationMinutes: 120,
      });
      // 02:00 + 2h = 04:00 fits; 02:30 would end at 04:30.
      expect(offered.at(-1)).toBe('02:00');
      expect(offered).toContain('01:30');
      // A normal salon day on the change day: 09:00-17:00 local, 8 hours, all offered.
      expect(times({ date: '2026-10-25', now: earlier })).toEqual(halfHoursFrom('09:00', '16:00'));
    });

    it('counts the lead time in real minutes across the change', () => {
      // 00:30 GMT on 2026-10-25 is 01:30 BST; the lead is 60 real minutes.
      const now = new Date('2026-10-25T00:30:00Z');
      const offered = times({
        date: '2026-10-25',
        now,
        rules: { ...overnight, minLeadMinutes: 60 },
        durationMinutes: 30,
      });
      // Now is 01:30 BST (first pass); +60 min is 01:30 GMT, the second 01:30 on the clock.
      // 01:30 on the clock is taken as its first occurrence, which is too soon, so 02:00 is next.
      expect(offered[0]).toBe('02:00');
    });
  });
});

describe('findAvailableStartTimes against a minute-by-minute reference', () => {
  it('agrees on random days of bookings, some sharing their times, at capacities 1 to 4', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .tuple(
              fc.integer({ min: 8 * 60, max: 18 * 60 }),
              fc.integer({ min: 1, max: 180 }),
              fc.integer({ min: 1, max: 3 }),
            )
            // The database hands over bookings with the same times as one row with a count.
            .map(([start, length, count]) => ({
              startMinute: start,
              endMinute: start + length,
              count,
            })),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 15, max: 150 }),
        (existing, capacity, durationMinutes) => {
          const dayRules = { ...rules, capacity, slotStepMinutes: 15 };
          const expected: string[] = [];
          for (let start = 9 * 60; start < 17 * 60; start += 15) {
            if (start + durationMinutes > 17 * 60) continue;
            let peak = 0;
            for (let minute = start; minute < start + durationMinutes; minute++) {
              const running = existing
                .filter((b) => b.startMinute <= minute && b.endMinute > minute)
                .reduce((sum, b) => sum + b.count, 0);
              peak = Math.max(peak, running);
            }
            if (peak < capacity) {
              expected.push(
                `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`,
              );
            }
          }
          expect(times({ existing, durationMinutes, rules: dayRules })).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
