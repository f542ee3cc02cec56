import { describe, expect, it } from 'vitest';
import {
  clockOf,
  diaryColumns,
  gridSpan,
  hasStarted,
  minuteOf,
  placeInLanes,
  type GridBooking,
} from './diary-grid-layout';

const at = (id: number, start: string, end: string, staffId: number | null = null): GridBooking => {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  return { id, startMinute: minutes(start), endMinute: minutes(end), staffId };
};
const names = { all: 'Bookings', unassigned: 'No therapist' };
const lanesOf = (bookings: GridBooking[]) =>
  Object.fromEntries(placeInLanes(bookings).map((p) => [p.booking.id, [p.lane, p.lanes]]));

describe('the day grid’s columns', () => {
  it('are one per therapist in the order given, each with its own bookings', () => {
    const columns = diaryColumns(
      [
        { id: 7, name: 'Eilidh' },
        { id: 3, name: 'Morven' },
      ],
      [at(1, '10:00', '11:00', 3), at(2, '10:00', '11:00', 7), at(3, '12:00', '13:00', 3)],
      names,
    );
    expect(columns.map((c) => [c.name, c.bookings.map((b) => b.id)])).toEqual([
      ['Eilidh', [2]],
      ['Morven', [1, 3]],
    ]);
  });

  it('are one for a client without staff', () => {
    const columns = diaryColumns([], [at(1, '10:00', '11:00'), at(2, '10:00', '11:00')], names);
    expect(columns).toEqual([{ staffId: null, name: 'Bookings', bookings: expect.any(Array) }]);
    expect(columns[0]!.bookings).toHaveLength(2);
  });

  it('put bookings without a listed therapist in a column of their own, so none is lost', () => {
    const columns = diaryColumns(
      [{ id: 7, name: 'Eilidh' }],
      [at(1, '10:00', '11:00', null), at(2, '10:00', '11:00', 99), at(3, '09:00', '10:00', 7)],
      names,
    );
    expect(columns.map((c) => [c.name, c.bookings.map((b) => b.id)])).toEqual([
      ['Eilidh', [3]],
      ['No therapist', [1, 2]],
    ]);
  });
});

describe('the day grid’s hours', () => {
  it('are the usual day when every booking is inside it', () => {
    expect(gridSpan([at(1, '10:00', '11:30')])).toEqual({ startMinute: 540, endMinute: 1080 });
  });

  it('widen to whole hours around a booking outside the usual day', () => {
    expect(gridSpan([at(1, '07:45', '08:15'), at(2, '19:10', '20:05')])).toEqual({
      startMinute: 7 * 60,
      endMinute: 21 * 60,
    });
  });
});

describe('bookings that overlap in one column', () => {
  it('take the whole width when they do not overlap, even back to back', () => {
    expect(lanesOf([at(1, '10:00', '11:00'), at(2, '11:00', '12:00')])).toEqual({
      1: [0, 1],
      2: [0, 1],
    });
  });

  it('sit side by side, each group of overlaps with its own width', () => {
    expect(
      lanesOf([
        at(1, '10:00', '11:00'),
        at(2, '10:30', '11:30'),
        at(3, '11:00', '12:00'), // overlaps 2 only: takes 1's lane again
        at(4, '14:00', '15:00'), // a group of its own
      ]),
    ).toEqual({ 1: [0, 2], 2: [1, 2], 3: [0, 2], 4: [0, 1] });
  });

  it('use as many lanes as bookings at once, longer first on the same start', () => {
    expect(
      lanesOf([at(1, '10:00', '10:30'), at(2, '10:00', '12:00'), at(3, '10:15', '10:45')]),
    ).toEqual({ 2: [0, 3], 1: [1, 3], 3: [2, 3] });
  });
});

describe('the diary’s clock', () => {
  it('reads and writes HH:mm', () => {
    expect(minuteOf('09:05')).toBe(545);
    expect(clockOf(545)).toBe('09:05');
    expect(clockOf(0)).toBe('00:00');
  });

  it('says a booking has started once its local start has passed, summer time included', () => {
    const booking = { date: '2026-07-01', start: '10:00' };
    // 10:00 in London in July is 09:00 UTC.
    expect(hasStarted(booking, 'Europe/London', new Date('2026-07-01T08:59:00Z'))).toBe(false);
    expect(hasStarted(booking, 'Europe/London', new Date('2026-07-01T09:00:00Z'))).toBe(true);
    expect(hasStarted(booking, 'Europe/London', new Date('2026-07-02T00:00:00Z'))).toBe(true);
    expect(hasStarted(booking, 'Europe/London', new Date('2026-06-30T23:00:00Z'))).toBe(false);
  });
});
