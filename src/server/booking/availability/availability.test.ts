import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonedParts } from '../../../common/booking.js';
import type { BookingRules } from '../../../common/booking-rules.js';
import {
  checkBookingDate,
  findAvailableStartTimes,
  localEndMinute,
  localTimeToInstant,
  type AvailabilityInput,
} from './availability.js';

const london = 'Europe/London';
const nineToFive = [{ start: '09:00', end: '17:00' }];

const rules: BookingRules = {
  weeklyHours: {
    sun: nineToFive,
    mon: [],
    tue: nineToFive,
    wed: nineToFive,
    thu: [{ start: '09:00', end: '20:00' }],
    fri: nineToFive,
    sat: nineToFive,
  },
  closures: [{ from: '2026-12-25', to: '2026-12-25' }],
  slotStepMinutes: 30,
  capacity: 1,
  leadMinutes: 60,
  horizonDays: 90,
  bufferMinutes: 0,
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
    expect(times({ date: '2026-12-02', now, rules: { ...rules, leadMinutes: 0 } })[0]).toBe(
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
      weeklyHours: { ...rules.weeklyHours, sun: [{ start: '00:00', end: '04:00' }] },
      slotStepMinutes: 30,
      leadMinutes: 0,
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

    it('fall back: a span ending in the repeated hour ends at its first occurrence', () => {
      const earlier = new Date('2026-10-20T12:00:00Z');
      const small = {
        ...overnight,
        weeklyHours: { ...overnight.weeklyHours, sun: [{ start: '00:00', end: '01:30' }] },
      };
      // 00:30 + 60 real minutes is 01:30 BST, the span's end; 00:30 + 90 would be 01:00 GMT, later.
      expect(
        times({ date: '2026-10-25', now: earlier, rules: small, durationMinutes: 60 }),
      ).toEqual(['00:00', '00:30']);
      expect(
        times({ date: '2026-10-25', now: earlier, rules: small, durationMinutes: 90 }),
      ).toEqual(['00:00']);
    });

    it('spring forward: a span ending at a time the clock skips ends at the jump', () => {
      const small = {
        ...overnight,
        weeklyHours: { ...overnight.weeklyHours, sun: [{ start: '00:00', end: '01:30' }] },
      };
      expect(times({ date: '2027-03-28', now: before, rules: small, durationMinutes: 60 })).toEqual(
        ['00:00'],
      );
    });

    it('counts the lead time in real minutes across the change', () => {
      // 00:30 GMT on 2026-10-25 is 01:30 BST; the lead is 60 real minutes.
      const now = new Date('2026-10-25T00:30:00Z');
      const offered = times({
        date: '2026-10-25',
        now,
        rules: { ...overnight, leadMinutes: 60 },
        durationMinutes: 30,
      });
      // Now is 01:30 BST (first pass); +60 min is 01:30 GMT, the second 01:30 on the clock.
      // 01:30 on the clock is taken as its first occurrence, which is too soon, so 02:00 is next.
      expect(offered[0]).toBe('02:00');
    });
  });
});

describe('findAvailableStartTimes with breaks, closure ranges and buffers', () => {
  it('offers starts in every span of a day, never across a break', () => {
    const withBreak: BookingRules = {
      ...rules,
      weeklyHours: {
        ...rules.weeklyHours,
        wed: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
      },
    };
    const offered = times({ rules: withBreak });
    // 11:00-12:00 ends as the break starts; 11:30 would run into it; 13:00 is the next span.
    expect(offered).toEqual([
      ...halfHoursFrom('09:00', '11:00'),
      ...halfHoursFrom('13:00', '16:00'),
    ]);
    // A treatment longer than either span fits nowhere.
    expect(times({ rules: withBreak, durationMinutes: 4 * 60 + 30 })).toEqual([]);
  });

  it("steps from each span's own start", () => {
    const offset: BookingRules = {
      ...rules,
      weeklyHours: {
        ...rules.weeklyHours,
        wed: [
          { start: '09:00', end: '10:00' },
          { start: '10:45', end: '12:00' },
        ],
      },
    };
    expect(times({ rules: offset, durationMinutes: 30 })).toEqual([
      '09:00',
      '09:30',
      '10:45',
      '11:15',
    ]);
  });

  it('offers nothing on any day of a closure range, and offers the days either side', () => {
    const holiday: BookingRules = {
      ...rules,
      closures: [{ from: '2026-12-15', to: '2026-12-19', reason: 'Holiday' }],
    };
    for (const date of ['2026-12-15', '2026-12-16', '2026-12-19']) {
      expect(times({ rules: holiday, date })).toEqual([]);
    }
    expect(times({ rules: holiday, date: '2026-12-20' })).not.toEqual([]); // Sunday after
    expect(times({ rules: holiday, date: '2026-12-12' })).not.toEqual([]); // Saturday before
  });

  it('keeps the buffer free after every appointment, the new one included', () => {
    const buffered: BookingRules = { ...rules, bufferMinutes: 15, slotStepMinutes: 15 };
    const existing = [{ startMinute: 11 * 60, endMinute: 12 * 60 }];
    const offered = times({ rules: buffered, existing });
    // 09:45-10:45 leaves 15 minutes before 11:00; 10:00-11:00 does not.
    expect(offered).toContain('09:45');
    expect(offered).not.toContain('10:00');
    // The booking's chair is busy until 12:15.
    expect(offered).not.toContain('12:00');
    expect(offered).toContain('12:15');
    // The last appointment may end at closing time: its buffer runs past it.
    expect(offered.at(-1)).toBe('16:00');
  });

  it('at capacity 2, a buffer counts on the chair it follows only', () => {
    const two: BookingRules = { ...rules, capacity: 2, bufferMinutes: 30 };
    const existing = [{ startMinute: 10 * 60, endMinute: 11 * 60 }];
    expect(times({ rules: two, existing })).toEqual(halfHoursFrom('09:00', '16:00'));
    const both = [{ startMinute: 10 * 60, endMinute: 11 * 60, count: 2 }];
    const offered = times({ rules: two, existing: both });
    expect(offered).not.toContain('11:00');
    expect(offered).toContain('11:30');
  });
});

/** Every real minute of a day, read off the clock one minute at a time: wall minute → first instant. */
const minuteTables = new Map<string, Map<number, number>>();
function minuteTable(date: string, timeZone: string): Map<number, number> {
  const key = `${date}@${timeZone}`;
  let table = minuteTables.get(key);
  if (!table) {
    table = new Map();
    const base = Date.parse(`${date}T00:00:00Z`);
    for (let t = base - 15 * 3_600_000; t < base + 39 * 3_600_000; t += 60_000) {
      const wall = zonedParts(new Date(t), timeZone);
      if (wall.date === date && !table.has(wall.minuteOfDay)) table.set(wall.minuteOfDay, t);
    }
    minuteTables.set(key, table);
  }
  return table;
}

const weekdayKeys = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * The rules read literally, one minute at a time: a start is offered when it is a real minute on
 * a step from a span's start, after the lead time, every minute of the treatment is inside the
 * span's real time, and at every minute of the treatment and its buffer fewer than `capacity`
 * appointments (each with its own buffer) are running. Local times the clock skips happen at the
 * jump; repeated ones at their first occurrence.
 */
function referenceTimes(input: AvailabilityInput): string[] | 'refused' {
  const { date, durationMinutes, rules: r, timeZone, now, existing } = input;
  const today = zonedParts(now, timeZone).date;
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + r.horizonDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (date < today || date > last) return 'refused';
  const spans = r.weeklyHours[weekdayKeys[new Date(`${date}T12:00:00Z`).getUTCDay()]!];
  if (r.closures.some((c) => c.from <= date && date <= c.to)) return [];
  const table = minuteTable(date, timeZone);
  const instantOf = (minute: number): number => {
    for (let m = minute; m < 1440; m++) if (table.has(m)) return table.get(m)!;
    return table.get(1439)! + 60_000;
  };
  const minute = 60_000;
  const buffer = r.bufferMinutes * minute;
  const occupied = existing.map((b) => ({
    from: instantOf(b.startMinute),
    to: instantOf(b.endMinute) + buffer,
    count: b.count ?? 1,
  }));
  const offered: string[] = [];
  for (const span of spans) {
    const [sh, sm] = span.start.split(':').map(Number) as [number, number];
    const [eh, em] = span.end.split(':').map(Number) as [number, number];
    const open = instantOf(sh * 60 + sm);
    const close = instantOf(eh * 60 + em);
    for (let m = sh * 60 + sm; m < eh * 60 + em; m += r.slotStepMinutes) {
      const start = table.get(m);
      if (start === undefined || start < now.getTime() + r.leadMinutes * minute) continue;
      let fits = true;
      for (let k = 0; fits && k < durationMinutes; k++) {
        const t = start + k * minute;
        if (t < open || t >= close) fits = false;
      }
      for (let k = 0; fits && k < durationMinutes + r.bufferMinutes; k++) {
        const t = start + k * minute;
        const running = occupied
          .filter((o) => o.from <= t && t < o.to)
          .reduce((sum, o) => sum + o.count, 0);
        if (running >= r.capacity) fits = false;
      }
      if (fits) {
        offered.push(
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
        );
      }
    }
  }
  return offered;
}

/** Pairs sorted distinct 5-minute marks into spans: [a, b], [c, d] … */
function spansFromMarks(marks: number[]): Array<{ start: string; end: string }> {
  const sorted = [...marks].sort((a, b) => a - b).map((m) => m * 5);
  const hhmm = (x: number) =>
    `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
  const spans = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) {
    spans.push({ start: hhmm(sorted[i]!), end: hhmm(sorted[i + 1]!) });
  }
  return spans;
}

describe('findAvailableStartTimes against the minute-by-minute reference, with spans, closures and buffers', () => {
  // An ordinary winter Wednesday, a summer Sunday, and both clock-change Sundays in London.
  const days = ['2026-12-09', '2027-07-04', '2027-03-28', '2026-10-25'] as const;
  const spansArbitrary = fc
    // Marks every 5 minutes, half of them in the small hours, where the clock changes.
    .uniqueArray(fc.oneof(fc.integer({ min: 0, max: 288 }), fc.integer({ min: 0, max: 40 })), {
      minLength: 2,
      maxLength: 8,
    })
    .map((marks) => spansFromMarks(marks));
  const bookingArbitrary = fc
    .tuple(
      fc.oneof(fc.integer({ min: 0, max: 1380 }), fc.integer({ min: 0, max: 200 })),
      fc.integer({ min: 1, max: 240 }),
      fc.integer({ min: 1, max: 3 }),
    )
    .map(([start, length, count]) => ({
      startMinute: start,
      endMinute: Math.min(1440, start + length),
      count,
    }));

  const smallHoursSpans = fc
    .uniqueArray(fc.integer({ min: 0, max: 48 }), { minLength: 2, maxLength: 6 })
    .map((marks) => spansFromMarks(marks));

  it('agrees on random rules and days, the clock-change days included', () => {
    agreesWithReference(fc.constantFrom(...days), spansArbitrary, 400);
  });

  it('agrees on the clock-change days with hours in the small hours, where the clock changes', () => {
    agreesWithReference(fc.constantFrom('2027-03-28', '2026-10-25'), smallHoursSpans, 300);
  });

  function agreesWithReference(
    dayArbitrary: fc.Arbitrary<string>,
    spansOfDay: fc.Arbitrary<Array<{ start: string; end: string }>>,
    numRuns: number,
  ) {
    fc.assert(
      fc.property(
        dayArbitrary,
        spansOfDay,
        fc.array(bookingArbitrary, { maxLength: 15 }),
        fc.record({
          capacity: fc.integer({ min: 1, max: 3 }),
          bufferMinutes: fc.constantFrom(0, 0, 5, 15, 30),
          slotStepMinutes: fc.constantFrom(5, 15, 20, 30, 60),
          leadMinutes: fc.constantFrom(0, 60, 240),
          closed: fc.boolean(),
        }),
        fc.integer({ min: 5, max: 240 }),
        // "now": from three days before the day to its late evening, in minutes.
        fc.integer({ min: -3 * 1440, max: 1440 + 600 }),
        (date, spans, existing, knobs, durationMinutes, nowOffset) => {
          const dayRules: BookingRules = {
            weeklyHours: {
              sun: spans,
              mon: spans,
              tue: spans,
              wed: spans,
              thu: spans,
              fri: spans,
              sat: spans,
            },
            closures: knobs.closed
              ? [{ from: date, to: date }]
              : [{ from: '2026-01-01', to: '2026-01-02' }],
            capacity: knobs.capacity,
            leadMinutes: knobs.leadMinutes,
            horizonDays: 90,
            bufferMinutes: knobs.bufferMinutes,
            slotStepMinutes: knobs.slotStepMinutes,
          };
          const input: AvailabilityInput = {
            date,
            durationMinutes,
            rules: dayRules,
            timeZone: london,
            now: new Date(Date.parse(`${date}T00:00:00Z`) + nowOffset * 60_000),
            existing,
          };
          const result = findAvailableStartTimes(input);
          const expected = referenceTimes(input);
          expect(result.ok ? result.times : 'refused').toEqual(expected);
        },
      ),
      { numRuns },
    );
  }
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
