import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DayState } from '../../../common/booking-free-days.js';
import type { BookingRules } from '../../../common/booking-rules.js';
import { findAvailableStartTimes, type BookedInterval } from './availability.js';
import { datesOfMonth, findFreeDays, formatMonth, type FreeDaysInput } from './free-days.js';

const london = 'Europe/London';
const nineToFive = [{ start: '09:00', end: '17:00' }];

const rules: BookingRules = {
  weeklyHours: {
    sun: [],
    mon: [],
    tue: nineToFive,
    wed: nineToFive,
    thu: nineToFive,
    fri: nineToFive,
    sat: nineToFive,
  },
  closures: [{ from: '2026-12-24', to: '2026-12-27', reason: 'Christmas' }],
  slotStepMinutes: 30,
  capacity: 1,
  leadMinutes: 60,
  horizonDays: 90,
  bufferMinutes: 0,
};

/** Wednesday 2 December 2026, 08:00 in London (GMT). */
const wednesdayMorning = new Date('2026-12-02T08:00:00Z');

function freeDays(overrides: Partial<FreeDaysInput> = {}): Record<string, DayState> {
  const result = findFreeDays({
    month: '2026-12',
    durationMinutes: 60,
    rules,
    timeZone: london,
    now: wednesdayMorning,
    bookedByDate: new Map(),
    ...overrides,
  });
  if (!result.ok) throw new Error(result.reason);
  return Object.fromEntries(result.days.map((day) => [day.date, day.state]));
}

describe('datesOfMonth and formatMonth', () => {
  it('lists every day of the month, leap years included', () => {
    expect(datesOfMonth('2026-12')).toHaveLength(31);
    expect(datesOfMonth('2027-02').at(-1)).toBe('2027-02-28');
    expect(datesOfMonth('2028-02').at(-1)).toBe('2028-02-29');
    expect(datesOfMonth('2026-04')[0]).toBe('2026-04-01');
    expect(formatMonth('2027-03')).toBe('March 2027');
  });
});

describe('findFreeDays', () => {
  it('marks past days unbookable, closed weekdays and closures closed, open days free', () => {
    const days = freeDays();
    expect(Object.keys(days)).toHaveLength(31);
    expect(days['2026-12-01']).toBe('unbookable'); // yesterday
    expect(days['2026-12-02']).toBe('free'); // today, 09:00 is after the lead time
    expect(days['2026-12-06']).toBe('closed'); // Sunday
    expect(days['2026-12-07']).toBe('closed'); // Monday
    expect(days['2026-12-08']).toBe('free');
    for (const date of ['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27']) {
      expect(days[date]).toBe('closed');
    }
    expect(days['2026-12-23']).toBe('free');
    expect(days['2026-12-29']).toBe('free');
  });

  it('marks a fully booked day full, and a day with one gap left free', () => {
    const wholeDay: BookedInterval[] = [{ startMinute: 9 * 60, endMinute: 17 * 60 }];
    const gapAtTwo: BookedInterval[] = [
      { startMinute: 9 * 60, endMinute: 14 * 60 },
      { startMinute: 15 * 60, endMinute: 17 * 60 },
    ];
    const days = freeDays({
      bookedByDate: new Map([
        ['2026-12-09', wholeDay],
        ['2026-12-10', gapAtTwo],
      ]),
    });
    expect(days['2026-12-09']).toBe('full');
    expect(days['2026-12-10']).toBe('free');
    // The one-hour gap does not hold 90 minutes.
    expect(
      freeDays({ durationMinutes: 90, bookedByDate: new Map([['2026-12-10', gapAtTwo]]) })[
        '2026-12-10'
      ],
    ).toBe('full');
  });

  it('counts capacity and the buffer as the times list does', () => {
    const twoAtOnce: BookedInterval[] = [{ startMinute: 9 * 60, endMinute: 17 * 60, count: 2 }];
    const bookedByDate = new Map([['2026-12-09', twoAtOnce]]);
    expect(freeDays({ bookedByDate, rules: { ...rules, capacity: 2 } })['2026-12-09']).toBe('full');
    expect(freeDays({ bookedByDate, rules: { ...rules, capacity: 3 } })['2026-12-09']).toBe('free');
    // 09:00-16:00 booked leaves 16:00-17:00, which a 30-minute buffer after 16:00 eats into.
    const untilFour = new Map([['2026-12-09', [{ startMinute: 9 * 60, endMinute: 16 * 60 }]]]);
    expect(freeDays({ bookedByDate: untilFour })['2026-12-09']).toBe('free');
    expect(
      freeDays({ bookedByDate: untilFour, rules: { ...rules, bufferMinutes: 30 } })['2026-12-09'],
    ).toBe('full');
  });

  it('marks today full once its last start is inside the lead time', () => {
    expect(freeDays({ now: new Date('2026-12-02T14:59:00Z') })['2026-12-02']).toBe('free');
    // 15:01 + 60 minutes lead: 16:00 is too soon, and a 60-minute booking cannot start later.
    expect(freeDays({ now: new Date('2026-12-02T15:01:00Z') })['2026-12-02']).toBe('full');
  });

  it('ends at the horizon, and refuses months wholly past or wholly beyond it', () => {
    // 90 days after 2 December 2026 is 2 March 2027.
    const march = freeDays({ month: '2027-03' });
    expect(march['2027-03-02']).toBe('free'); // Tuesday, the last bookable day
    expect(march['2027-03-03']).toBe('unbookable');
    expect(march['2027-03-31']).toBe('unbookable');

    const april = findFreeDays({
      month: '2027-04',
      durationMinutes: 60,
      rules,
      timeZone: london,
      now: wednesdayMorning,
      bookedByDate: new Map(),
    });
    expect(april).toEqual({
      ok: false,
      reason: 'Bookings open 90 days ahead, so the latest month you can choose is March 2027.',
    });
    const november = findFreeDays({
      month: '2026-11',
      durationMinutes: 60,
      rules,
      timeZone: london,
      now: wednesdayMorning,
      bookedByDate: new Map(),
    });
    expect(november).toEqual({
      ok: false,
      reason: 'November 2026 is in the past. Please choose December 2026 or a later month.',
    });
  });

  it('refuses a duration that is not whole minutes', () => {
    const result = findFreeDays({
      month: '2026-12',
      durationMinutes: 0,
      rules,
      timeZone: london,
      now: wednesdayMorning,
      bookedByDate: new Map(),
    });
    expect(result.ok).toBe(false);
  });

  it('takes "today" in the client\'s zone, not in UTC', () => {
    // 23:30 UTC on 1 December is 09:30 on 2 December in Sydney.
    const sydney = freeDays({
      timeZone: 'Australia/Sydney',
      now: new Date('2026-12-01T23:30:00Z'),
      rules: { ...rules, leadMinutes: 0 },
    });
    expect(sydney['2026-12-01']).toBe('unbookable');
    expect(sydney['2026-12-02']).toBe('free');
  });

  describe('clock changes (Europe/London)', () => {
    // Open on Sundays 01:00-02:00 only: the hour the clock skips in spring and repeats in autumn.
    const nightSundays: BookingRules = {
      ...rules,
      weeklyHours: { ...rules.weeklyHours, sun: [{ start: '01:00', end: '02:00' }] },
      leadMinutes: 0,
    };

    it('has nothing on the spring-forward Sunday, whose 01:00-02:00 never happens', () => {
      const march = freeDays({
        month: '2027-03',
        durationMinutes: 30,
        rules: nightSundays,
        now: new Date('2027-03-01T08:00:00Z'),
      });
      expect(march['2027-03-21']).toBe('free');
      expect(march['2027-03-28']).toBe('full');
    });

    it('fits 90 minutes into 01:00-02:00 only on the fall-back Sunday, which lives it twice', () => {
      const october = freeDays({
        month: '2026-10',
        durationMinutes: 90,
        rules: nightSundays,
        now: new Date('2026-10-01T08:00:00Z'),
      });
      expect(october['2026-10-18']).toBe('full');
      expect(october['2026-10-25']).toBe('free');
    });
  });

  it('agrees with the times list on every day, whatever the bookings (property)', () => {
    const interval = fc
      .tuple(fc.integer({ min: 8 * 60, max: 17 * 60 }), fc.integer({ min: 15, max: 240 }))
      .map(([start, length]) => ({ startMinute: start, endMinute: start + length }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 31 }), interval), { maxLength: 60 }),
        fc.integer({ min: 15, max: 240 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0, 15, 45),
        (bookings, durationMinutes, capacity, bufferMinutes) => {
          const testRules = { ...rules, capacity, bufferMinutes };
          const bookedByDate = new Map<string, BookedInterval[]>();
          for (const [day, booked] of bookings) {
            const date = `2026-12-${String(day).padStart(2, '0')}`;
            bookedByDate.set(date, [...(bookedByDate.get(date) ?? []), booked]);
          }
          const days = freeDays({ durationMinutes, rules: testRules, bookedByDate });
          for (const [date, state] of Object.entries(days)) {
            const times = findAvailableStartTimes({
              date,
              durationMinutes,
              rules: testRules,
              timeZone: london,
              now: wednesdayMorning,
              existing: bookedByDate.get(date) ?? [],
            });
            const hasTimes = times.ok && times.times.length > 0;
            expect(state === 'free', date).toBe(hasTimes);
            if (!times.ok) expect(state).toBe('unbookable');
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
