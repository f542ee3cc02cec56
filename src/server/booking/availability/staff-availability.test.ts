import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonedParts } from '../../../common/booking.js';
import type { BookingRules } from '../../../common/booking-rules.js';
import {
  findAvailableStartTimes,
  freeStaffAt,
  hasFreeStart,
  type AvailabilityInput,
  type BookedInterval,
  type StaffDay,
} from './availability.js';
import { pickFairly, staffDaysFor, type StaffForDay } from './staff-availability.js';

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
  closures: [],
  slotStepMinutes: 30,
  capacity: 3,
  leadMinutes: 0,
  horizonDays: 90,
  bufferMinutes: 0,
};
/** Wednesday 9 December 2026; "now" a week before. */
const date = '2026-12-09';
const now = new Date('2026-12-02T08:00:00Z');

function times(staff: StaffDay[] | undefined, overrides: Partial<AvailabilityInput> = {}) {
  const result = findAvailableStartTimes({
    date,
    durationMinutes: 60,
    rules,
    timeZone: london,
    now,
    existing: [],
    staff,
    ...overrides,
  });
  if (!result.ok) throw new Error(result.reason);
  return result.times;
}

const ann: StaffDay = { id: 1, spans: [{ start: '10:00', end: '13:00' }], booked: [] };
const bea: StaffDay = {
  id: 2,
  spans: [
    { start: '09:00', end: '12:00' },
    { start: '12:30', end: '17:00' },
  ],
  booked: [],
};

describe('availability per staff member', () => {
  it('offers a time only inside the hours of someone who could take it, within the salon hours', () => {
    expect(times([ann])).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00']);
    // Bea's break 12:00-12:30: no start that runs into it.
    expect(times([bea])).not.toContain('11:30');
    expect(times([bea])).toContain('11:00');
    expect(times([bea])).toContain('12:30');
    // Together: any time one of them can take.
    expect(times([ann, bea])).toContain('11:30');
    // Nobody who performs the treatments: nothing.
    expect(times([])).toEqual([]);
    // Staff hours past closing do not stretch the salon's.
    const late: StaffDay = { id: 3, spans: [{ start: '16:00', end: '20:00' }], booked: [] };
    expect(times([late])).toEqual(['16:00']);
  });

  it("holds a therapist for their own bookings and the buffer after them, not for others'", () => {
    const busy = { ...ann, booked: [{ startMinute: 11 * 60, endMinute: 12 * 60 }] };
    expect(times([busy])).toEqual(['10:00', '12:00']);
    const buffered = { ...rules, bufferMinutes: 30 };
    expect(times([busy], { rules: buffered })).toEqual([]);
    // The salon's booking of someone else only counts against the capacity.
    expect(times([ann], { existing: [{ startMinute: 11 * 60, endMinute: 12 * 60 }] })).toContain(
      '11:00',
    );
    // Capacity stays the salon's ceiling (its chairs), whoever is free.
    expect(
      times([ann], {
        rules: { ...rules, capacity: 1 },
        existing: [{ startMinute: 11 * 60, endMinute: 12 * 60 }],
      }),
    ).toEqual(['10:00', '12:00']);
  });

  it('uses each therapist’s own length for the treatments', () => {
    expect(times([{ ...ann, durationMinutes: 120 }])).toEqual(['10:00', '10:30', '11:00']);
  });

  it('names who is free at a start', () => {
    const input: AvailabilityInput = {
      date,
      durationMinutes: 60,
      rules,
      timeZone: london,
      now,
      existing: [],
      staff: [ann, bea],
    };
    expect(freeStaffAt(input, 11 * 60)).toEqual([1, 2]);
    expect(freeStaffAt(input, 11 * 60 + 30)).toEqual([1]);
    expect(freeStaffAt(input, 9 * 60)).toEqual([2]);
    expect(freeStaffAt(input, 9 * 60 + 10)).toEqual([]); // not on a step
    expect(freeStaffAt({ ...input, staff: undefined }, 9 * 60)).toEqual([]);
    expect(hasFreeStart({ ...input, staff: [] })).toBe(false);
  });
});

describe('staffDaysFor', () => {
  const members: StaffForDay[] = [
    {
      id: 1,
      displayOrder: 1,
      treatments: [
        { treatmentId: 10, durationMinutes: null },
        { treatmentId: 11, durationMinutes: 20 },
      ],
      hours: [
        { weekday: 'wed', start: '13:00', end: '17:00' },
        { weekday: 'wed', start: '09:00', end: '12:00' },
        { weekday: 'thu', start: '09:00', end: '17:00' },
      ],
      timeOff: [{ from: '2026-12-10', to: '2026-12-11' }],
    },
    {
      id: 2,
      displayOrder: 2,
      treatments: [{ treatmentId: 10, durationMinutes: 50 }],
      hours: [{ weekday: 'wed', start: '09:00', end: '17:00' }],
      timeOff: [],
    },
  ];
  const treatmentMinutes = new Map([
    [10, 45],
    [11, 30],
  ]);
  const booked = new Map([[2, [{ startMinute: 600, endMinute: 660 }]]]);

  it('keeps who performs every chosen treatment, with their hours, lengths and bookings', () => {
    const both = staffDaysFor({
      members,
      date,
      treatmentIds: [10, 11],
      treatmentMinutes,
      bookedByStaff: booked,
    });
    expect(both).toEqual([
      {
        id: 1,
        spans: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
        booked: [],
        durationMinutes: 65,
      },
    ]);
    const one = staffDaysFor({
      members,
      date,
      treatmentIds: [10],
      treatmentMinutes,
      bookedByStaff: booked,
    });
    expect(one.map((d) => [d.id, d.durationMinutes, d.booked.length])).toEqual([
      [1, 45, 0],
      [2, 50, 1],
    ]);
    // A named therapist only; no treatments named: everyone, at the asked length.
    expect(
      staffDaysFor({
        members,
        date,
        treatmentIds: [],
        treatmentMinutes,
        bookedByStaff: booked,
        staffId: 2,
      }),
    ).toEqual([{ id: 2, spans: [{ start: '09:00', end: '17:00' }], booked: booked.get(2) }]);
  });

  it('gives no hours on a day of time off', () => {
    const off = staffDaysFor({
      members,
      date: '2026-12-10',
      treatmentIds: [10],
      treatmentMinutes,
      bookedByStaff: booked,
    });
    expect(off.map((d) => [d.id, d.spans])).toEqual([
      [1, []],
      [2, []],
    ]);
  });
});

describe('pickFairly', () => {
  const members = [
    { id: 5, displayOrder: 2 },
    { id: 3, displayOrder: 1 },
    { id: 9, displayOrder: 1 },
  ];
  it('takes the least booked that day, then display order, then id', () => {
    expect(pickFairly([5, 3, 9], members, new Map())).toBe(3);
    expect(pickFairly([5, 3, 9], members, new Map([[3, 1]]))).toBe(9);
    expect(
      pickFairly(
        [5, 3, 9],
        members,
        new Map([
          [3, 1],
          [9, 1],
        ]),
      ),
    ).toBe(5);
    expect(
      pickFairly(
        [5, 9],
        members,
        new Map([
          [9, 2],
          [5, 2],
        ]),
      ),
    ).toBe(9);
    expect(pickFairly([], members, new Map())).toBeUndefined();
  });
});

/** Every real minute of a day, read off the clock one minute at a time: wall minute → first instant. */
const minuteTables = new Map<string, Map<number, number>>();
function minuteTable(day: string): Map<number, number> {
  let table = minuteTables.get(day);
  if (!table) {
    table = new Map();
    const base = Date.parse(`${day}T00:00:00Z`);
    for (let t = base - 15 * 3_600_000; t < base + 39 * 3_600_000; t += 60_000) {
      const wall = zonedParts(new Date(t), london);
      if (wall.date === day && !table.has(wall.minuteOfDay)) table.set(wall.minuteOfDay, t);
    }
    minuteTables.set(day, table);
  }
  return table;
}

const hhmm = (x: number) =>
  `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/**
 * The per-staff rules read literally, one minute at a time: a start is offered to a therapist when
 * it is a real minute on a step from a salon span's start, after the lead time; every minute of
 * their treatment length lies in that salon span's real time and in one of their own spans; and at
 * every minute of it and its buffer the therapist runs none of their own bookings (each with its
 * buffer) and the salon fewer than `capacity`. Skipped local times happen at the jump; repeated
 * ones at their first occurrence.
 */
function referenceStaff(input: AvailabilityInput): Map<string, number[]> | 'refused' {
  const { date: day, durationMinutes, rules: r, now: at, existing, staff = [] } = input;
  const today = zonedParts(at, london).date;
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + r.horizonDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (day < today || day > last) return 'refused';
  const weekday = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[
    new Date(`${day}T12:00:00Z`).getUTCDay()
  ]!;
  const offered = new Map<string, number[]>();
  if (r.closures.some((c) => c.from <= day && day <= c.to)) return offered;
  const table = minuteTable(day);
  const instantOf = (minute: number): number => {
    for (let m = minute; m < 1440; m++) if (table.has(m)) return table.get(m)!;
    return table.get(1439)! + 60_000;
  };
  const minute = 60_000;
  const occupied = (list: readonly BookedInterval[]) =>
    list.map((b) => ({
      from: instantOf(b.startMinute),
      to: instantOf(b.endMinute) + r.bufferMinutes * minute,
      count: b.count ?? 1,
    }));
  const running = (list: ReturnType<typeof occupied>, t: number) =>
    list.filter((o) => o.from <= t && t < o.to).reduce((sum, o) => sum + o.count, 0);
  const salon = occupied(existing);
  for (const span of r.weeklyHours[weekday]) {
    const open = instantOf(minutesOf(span.start));
    const close = instantOf(minutesOf(span.end));
    for (let m = minutesOf(span.start); m < minutesOf(span.end); m += r.slotStepMinutes) {
      const start = table.get(m);
      if (start === undefined || start < at.getTime() + r.leadMinutes * minute) continue;
      const free: number[] = [];
      for (const member of staff) {
        const length = member.durationMinutes ?? durationMinutes;
        const own = occupied(member.booked);
        const inSpan = (from: number, to: number) => {
          for (let k = 0; k < length; k++) {
            const t = start + k * minute;
            if (t < from || t >= to) return false;
          }
          return true;
        };
        if (!inSpan(open, close)) continue;
        if (
          !member.spans.some((s) =>
            inSpan(instantOf(minutesOf(s.start)), instantOf(minutesOf(s.end))),
          )
        ) {
          continue;
        }
        let fits = true;
        for (let k = 0; fits && k < length + r.bufferMinutes; k++) {
          const t = start + k * minute;
          if (running(own, t) > 0 || running(salon, t) >= r.capacity) fits = false;
        }
        if (fits) free.push(member.id);
      }
      if (free.length > 0) offered.set(hhmm(m), free);
    }
  }
  return offered;
}

/** Pairs sorted distinct 5-minute marks into spans: [a, b], [c, d] … */
function spansFromMarks(marks: number[]): Array<{ start: string; end: string }> {
  const sorted = [...marks].sort((a, b) => a - b).map((m) => m * 5);
  const spans = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) {
    spans.push({ start: hhmm(sorted[i]!), end: hhmm(sorted[i + 1]!) });
  }
  return spans;
}

describe('availability per staff member against the minute-by-minute reference', () => {
  const days = ['2026-12-09', '2027-07-04', '2027-03-28', '2026-10-25'] as const;
  const wideSpans = fc
    .uniqueArray(fc.oneof(fc.integer({ min: 0, max: 288 }), fc.integer({ min: 0, max: 40 })), {
      minLength: 2,
      maxLength: 8,
    })
    .map(spansFromMarks);
  const smallHoursSpans = fc
    .uniqueArray(fc.integer({ min: 0, max: 48 }), { minLength: 2, maxLength: 6 })
    .map(spansFromMarks);
  const booking = fc
    .tuple(
      fc.oneof(fc.integer({ min: 0, max: 1380 }), fc.integer({ min: 0, max: 200 })),
      fc.integer({ min: 1, max: 240 }),
      fc.integer({ min: 1, max: 2 }),
    )
    .map(([start, length, count]) => ({
      startMinute: start,
      endMinute: Math.min(1440, start + length),
      count,
    }));

  function agrees(
    dayArbitrary: fc.Arbitrary<string>,
    spansOfDay: fc.Arbitrary<Array<{ start: string; end: string }>>,
    numRuns: number,
  ) {
    const member = fc.record({
      spans: spansOfDay,
      booked: fc.array(booking, { maxLength: 4 }),
      ownLength: fc.option(fc.integer({ min: 5, max: 180 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        dayArbitrary,
        spansOfDay,
        fc.array(member, { maxLength: 4 }),
        // Bookings with nobody named (made before staff): the capacity counts them.
        fc.array(booking, { maxLength: 4 }),
        fc.record({
          capacity: fc.integer({ min: 1, max: 5 }),
          bufferMinutes: fc.constantFrom(0, 0, 5, 15, 30),
          slotStepMinutes: fc.constantFrom(5, 15, 20, 30, 60),
          leadMinutes: fc.constantFrom(0, 60, 240),
          closed: fc.boolean(),
        }),
        fc.integer({ min: 5, max: 240 }),
        fc.integer({ min: -3 * 1440, max: 1440 + 600 }),
        (day, salonSpans, members, unassigned, knobs, durationMinutes, nowOffset) => {
          const staff: StaffDay[] = members.map((m, i) => ({
            id: i + 1,
            spans: m.spans,
            booked: m.booked,
            ...(m.ownLength ? { durationMinutes: m.ownLength } : {}),
          }));
          const dayRules: BookingRules = {
            weeklyHours: {
              sun: salonSpans,
              mon: salonSpans,
              tue: salonSpans,
              wed: salonSpans,
              thu: salonSpans,
              fri: salonSpans,
              sat: salonSpans,
            },
            closures: knobs.closed ? [{ from: day, to: day }] : [],
            capacity: knobs.capacity,
            leadMinutes: knobs.leadMinutes,
            horizonDays: 90,
            bufferMinutes: knobs.bufferMinutes,
            slotStepMinutes: knobs.slotStepMinutes,
          };
          const input: AvailabilityInput = {
            date: day,
            durationMinutes,
            rules: dayRules,
            timeZone: london,
            now: new Date(Date.parse(`${day}T00:00:00Z`) + nowOffset * 60_000),
            // The salon's capacity counts every booking: the staff's and the unassigned.
            existing: [...unassigned, ...members.flatMap((m) => m.booked)],
            staff,
          };
          const expected = referenceStaff(input);
          const result = findAvailableStartTimes(input);
          if (expected === 'refused') {
            expect(result.ok).toBe(false);
            return;
          }
          expect(result.ok ? result.times : 'refused').toEqual([...expected.keys()]);
          expect(hasFreeStart(input)).toBe(expected.size > 0);
          for (const [time, free] of expected) {
            expect(freeStaffAt(input, minutesOf(time))).toEqual(free);
          }
        },
      ),
      { numRuns },
    );
  }

  it('agrees on random staff, hours, bookings and days, the clock-change days included', () => {
    agrees(fc.constantFrom(...days), wideSpans, 300);
  });

  it('agrees on the clock-change days with hours in the small hours, where the clock changes', () => {
    agrees(fc.constantFrom('2027-03-28', '2026-10-25'), smallHoursSpans, 300);
  });
});
