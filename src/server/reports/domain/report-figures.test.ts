import { describe, expect, it } from 'vitest';
import {
  bookingFiguresOf,
  bookingRowsByDate,
  bookingRowsByHour,
  bookingRowsByTherapist,
  cardFiguresOf,
  instantBounds,
  isLateCancellation,
  orderFiguresOf,
  orderRowsByWeek,
  type BookingGroup,
} from './report-figures.js';

const zone = 'Europe/London';

const groups: BookingGroup[] = [
  { date: '2026-11-23', staffId: 1, status: 'booked', count: 2, value: 5000 },
  { date: '2026-11-23', staffId: 1, status: 'completed', count: 1, value: 3000 },
  { date: '2026-11-24', staffId: 2, status: 'no-show', count: 1, value: 4000 },
  { date: '2026-11-24', staffId: 2, status: 'cancelled', count: 3, value: 9000 },
  { date: '2026-11-30', staffId: null, status: 'pending', count: 1, value: 1000 },
];

describe('the owner’s figures', () => {
  it('count standing bookings (all but cancelled), their value, completed value and no-shows', () => {
    const late = [{ date: '2026-11-24', startMinute: 600, staffId: 2, cancelledAt: '' }];
    expect(bookingFiguresOf(groups, late, { from: '2026-11-23', to: '2026-11-29' })).toEqual({
      bookings: 4,
      bookedValue: 12000,
      completedValue: 3000,
      noShows: 1,
      lateCancellations: 1,
    });
    expect(
      bookingFiguresOf(groups, late, { from: '2026-11-23', to: '2026-11-29' }, { staffId: 1 }),
    ).toEqual({
      bookings: 3,
      bookedValue: 8000,
      completedValue: 3000,
      noShows: 0,
      lateCancellations: 0,
    });
    expect(
      bookingFiguresOf(groups, [], { from: '2026-11-30', to: '2026-11-30' }, { staffId: null })
        .bookings,
    ).toBe(1);
  });

  it('call a cancellation late once the notice has begun, in the client’s time zone', () => {
    // 10:00 on 1 July is 09:00 UTC (summer time): 24 hours' notice begins 09:00 UTC on 30 June.
    const summer = { date: '2027-07-01', startMinute: 600, staffId: null };
    expect(
      isLateCancellation({ ...summer, cancelledAt: '2027-06-30T08:59:59.000Z' }, 24, zone),
    ).toBe(false);
    expect(
      isLateCancellation({ ...summer, cancelledAt: '2027-06-30T09:00:00.000Z' }, 24, zone),
    ).toBe(true);
    expect(
      isLateCancellation({ ...summer, cancelledAt: '2027-07-01T12:00:00.000Z' }, 24, zone),
    ).toBe(true);
    // The owner's own notice (48 hours), and the default of 24 when the rules say none.
    expect(
      isLateCancellation({ ...summer, cancelledAt: '2027-06-29T10:00:00.000Z' }, 48, zone),
    ).toBe(true);
    expect(
      isLateCancellation({ ...summer, cancelledAt: '2027-06-29T10:00:00.000Z' }, undefined, zone),
    ).toBe(false);
  });

  it('count orders by the day they were placed in the client’s time zone, cancelled ones left out', () => {
    const orders = [
      // 23:30 UTC on 30 June is 00:30 on 1 July in London: July's.
      { createdAt: '2027-06-30T23:30:00.000Z', status: 'new', totalPence: 1000 },
      { createdAt: '2027-07-15T10:00:00.000Z', status: 'completed', totalPence: 2001 },
      { createdAt: '2027-07-16T10:00:00.000Z', status: 'cancelled', totalPence: 5000 },
      { createdAt: '2027-08-01T00:30:00.000Z', status: 'new', totalPence: 7000 },
    ];
    expect(orderFiguresOf(orders, { from: '2027-07-01', to: '2027-07-31' }, zone)).toEqual({
      orders: 2,
      orderValue: 3001,
      averageOrder: 1501,
    });
    expect(orderFiguresOf([], { from: '2027-07-01', to: '2027-07-31' }, zone).averageOrder).toBe(0);
    expect(instantBounds({ from: '2027-07-01', to: '2027-07-31' }, zone)).toEqual({
      start: '2027-06-30T23:00:00.000Z',
      end: '2027-07-31T23:00:00.000Z',
    });
    const weeks = orderRowsByWeek(orders, { from: '2027-06-28', to: '2027-07-18' }, zone);
    expect(weeks.map((w) => [w.key, w.count, w.value])).toEqual([
      ['2027-06-28', 1, 1000],
      ['2027-07-05', 0, 0],
      ['2027-07-12', 1, 2001],
    ]);
  });

  it('put bookings in days, weeks, therapists and hours', () => {
    const range = { from: '2026-11-23', to: '2026-11-30' };
    expect(bookingRowsByDate(groups, range, 'week').map((r) => [r.key, r.count, r.value])).toEqual([
      ['2026-11-23', 4, 12000],
      ['2026-11-30', 1, 1000],
    ]);
    expect(bookingRowsByDate(groups, range, 'day')).toHaveLength(8);
    expect(
      bookingRowsByTherapist(groups, [
        { id: 2, name: 'Morven' },
        { id: 1, name: 'Eilidh' },
      ]).map((r) => [r.label, r.count, r.value]),
    ).toEqual([
      ['Morven', 1, 4000],
      ['Eilidh', 3, 8000],
      ['No therapist', 1, 1000],
    ]);
    expect(
      bookingRowsByHour([
        { startMinute: 540, count: 2, value: 100 },
        { startMinute: 570, count: 1, value: 50 },
        { startMinute: 720, count: 1, value: 10 },
      ]).map((r) => [r.label, r.count, r.value]),
    ).toEqual([
      ['09:00', 3, 150],
      ['10:00', 0, 0],
      ['11:00', 0, 0],
      ['12:00', 1, 10],
    ]);
  });

  it('sum card money: orders by the local day placed, deposits paid, refunded and kept', () => {
    const orders = [
      { createdAt: '2027-07-01T10:00:00.000Z', paidPence: 2500, refundedPence: 0 },
      { createdAt: '2027-07-02T10:00:00.000Z', paidPence: 4000, refundedPence: 1500 },
      { createdAt: '2027-07-03T10:00:00.000Z', paidPence: 999, refundedPence: 999 },
      { createdAt: '2027-07-04T10:00:00.000Z', paidPence: 0, refundedPence: 0 },
      // 00:30 on 1 August in London: August's.
      { createdAt: '2027-07-31T23:30:00.000Z', paidPence: 7000, refundedPence: 0 },
    ];
    const deposits = [
      { date: '2027-07-05', status: 'paid', pence: 1000 },
      { date: '2027-07-06', status: 'refunded', pence: 500 },
      { date: '2027-07-07', status: 'kept', pence: 750 },
      { date: '2027-07-08', status: 'unpaid', pence: 300 },
      { date: '2027-08-01', status: 'paid', pence: 2000 },
    ];
    expect(cardFiguresOf(orders, deposits, { from: '2027-07-01', to: '2027-07-31' }, zone)).toEqual(
      {
        ordersPaid: 2500 + 4000 + 999,
        ordersRefunded: 1500 + 999,
        depositsPaid: 1000 + 500 + 750,
        depositsRefunded: 500,
        depositsKept: 750,
        taken: 7499 + 2250,
        refunded: 2499 + 500,
        net: 7499 + 2250 - 2999,
      },
    );
    expect(cardFiguresOf([], [], { from: '2027-07-01', to: '2027-07-31' }, zone).net).toBe(0);
  });

  it('counts what the owner gave back of a part-refunded deposit, and all of a refunded one', () => {
    const figures = cardFiguresOf(
      [],
      [
        { date: '2027-07-05', status: 'part-refunded', pence: 1000, refundedPence: 400 },
        { date: '2027-07-06', status: 'refunded', pence: 500, refundedPence: 0 },
      ],
      { from: '2027-07-01', to: '2027-07-31' },
      zone,
    );
    expect(figures).toMatchObject({ depositsPaid: 1500, depositsRefunded: 900, net: 600 });
  });
});
