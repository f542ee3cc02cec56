import { zonedParts } from '../../../common/booking.js';
import { changeCutoffHoursDefault } from '../../../common/booking-rules.js';
import {
  bucketLabel,
  bucketOf,
  bucketsOf,
  hourLabel,
  type DateBucket,
  type DateRange,
} from '../../../common/report-periods.js';
import type {
  BookingFigures,
  CardFigures,
  OrderFigures,
  ReportRow,
} from '../../../common/reports.js';
import { localTimeToInstant } from '../../booking/availability/availability.js';

/**
 * The owner's figures from lean rows (issue 34): the store reads bookings grouped by day,
 * therapist and status (a few hundred rows for a year), and the period's cancellations and orders
 * one by one; everything here is plain arithmetic on them, so both databases give the same
 * figures and a test can check each rule with plain values.
 */

/** Bookings of one day, therapist and status: how many and their value in pence. */
export interface BookingGroup {
  date: string;
  staffId: number | null;
  status: string;
  count: number;
  value: number;
}

/** A cancelled booking: when it was to start and when it was cancelled (ISO instant). */
export interface Cancellation {
  date: string;
  startMinute: number;
  staffId: number | null;
  cancelledAt: string;
}

/** An order placed: its instant (ISO), status and total in pence. */
export interface PlacedOrderRow {
  createdAt: string;
  status: string;
  totalPence: number;
}

const inRange = (date: string, range: DateRange) => range.from <= date && date <= range.to;

/**
 * Late: cancelled once the client's cancellation notice had begun (the hours before the start
 * within which a visitor can no longer cancel online; 24 by default) or after the start.
 */
export function isLateCancellation(
  cancellation: Cancellation,
  cutoffHours: number | undefined,
  timeZone: string,
): boolean {
  const start =
    localTimeToInstant(cancellation.date, cancellation.startMinute, timeZone) ??
    Date.parse(`${cancellation.date}T00:00:00Z`) + cancellation.startMinute * 60_000;
  const noticeBegins = start - (cutoffHours ?? changeCutoffHoursDefault) * 3_600_000;
  return Date.parse(cancellation.cancelledAt) >= noticeBegins;
}

export const noBookingFigures: BookingFigures = {
  bookings: 0,
  bookedValue: 0,
  completedValue: 0,
  noShows: 0,
  lateCancellations: 0,
};

/**
 * A period's booking figures: bookings that stand (every status but cancelled, as the diary's
 * totals), their value, the completed ones' value, no-shows, and late cancellations.
 * `lateCancellations` are those already found late; the range and therapist filter them here.
 */
export function bookingFiguresOf(
  groups: readonly BookingGroup[],
  lateCancellations: readonly Cancellation[],
  range: DateRange,
  therapist?: { staffId: number | null },
): BookingFigures {
  const figures = { ...noBookingFigures };
  for (const group of groups) {
    if (!inRange(group.date, range)) continue;
    if (therapist && group.staffId !== therapist.staffId) continue;
    if (group.status === 'cancelled') continue;
    figures.bookings += group.count;
    figures.bookedValue += group.value;
    if (group.status === 'completed') figures.completedValue += group.value;
    if (group.status === 'no-show') figures.noShows += group.count;
  }
  figures.lateCancellations = lateCancellations.filter(
    (c) => inRange(c.date, range) && (!therapist || c.staffId === therapist.staffId),
  ).length;
  return figures;
}

/** The local date an order was placed on. */
export function orderDate(order: PlacedOrderRow, timeZone: string): string {
  return zonedParts(new Date(order.createdAt), timeZone).date;
}

/** A period's order figures: orders placed in it but cancelled ones, their value, the average. */
export function orderFiguresOf(
  orders: readonly PlacedOrderRow[],
  range: DateRange,
  timeZone: string,
): OrderFigures {
  let count = 0;
  let value = 0;
  for (const order of orders) {
    if (order.status === 'cancelled' || !inRange(orderDate(order, timeZone), range)) continue;
    count += 1;
    value += order.totalPence;
  }
  return { orders: count, orderValue: value, averageOrder: count ? Math.round(value / count) : 0 };
}

/** An order paid by card: when it was placed and what Stripe reports paid and refunded. */
export interface CardOrderRow {
  createdAt: string;
  paidPence: number;
  refundedPence: number;
}

/** Deposits of one day's bookings in one state (paid, refunded, kept), summed in pence. */
export interface DepositGroup {
  date: string;
  status: string;
  pence: number;
  /** What the owner gave back of them from the diary (a part refund); 0 when none. */
  refundedPence?: number;
}

/**
 * A period's card money: orders by the local day they were placed, deposits by their booking's
 * day. A refunded deposit was taken and given back; a kept one was taken; an unpaid one is none.
 */
export function cardFiguresOf(
  orders: readonly CardOrderRow[],
  deposits: readonly DepositGroup[],
  range: DateRange,
  timeZone: string,
): CardFigures {
  let ordersPaid = 0;
  let ordersRefunded = 0;
  for (const order of orders) {
    if (!inRange(zonedParts(new Date(order.createdAt), timeZone).date, range)) continue;
    ordersPaid += order.paidPence;
    ordersRefunded += order.refundedPence;
  }
  let depositsPaid = 0;
  let depositsRefunded = 0;
  let depositsKept = 0;
  for (const group of deposits) {
    if (!inRange(group.date, range)) continue;
    if (['paid', 'part-refunded', 'refunded', 'kept'].includes(group.status)) {
      depositsPaid += group.pence;
    }
    // A whole refund gives back all of it (a visitor's free cancellation records no amount).
    if (group.status === 'refunded') depositsRefunded += group.pence;
    if (group.status === 'part-refunded') depositsRefunded += group.refundedPence ?? 0;
    if (group.status === 'kept') depositsKept += group.pence;
  }
  const taken = ordersPaid + depositsPaid;
  const refunded = ordersRefunded + depositsRefunded;
  return {
    ordersPaid,
    ordersRefunded,
    depositsPaid,
    depositsRefunded,
    depositsKept,
    taken,
    refunded,
    net: taken - refunded,
  };
}

/** The first instant of a local date and the first instant after another: orders' ISO bounds. */
export function instantBounds(range: DateRange, timeZone: string): { start: string; end: string } {
  const startOf = (date: string) =>
    localTimeToInstant(date, 0, timeZone) ?? Date.parse(`${date}T00:00:00Z`);
  const [y, m, d] = range.to.split('-').map(Number) as [number, number, number];
  const after = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return {
    start: new Date(startOf(range.from)).toISOString(),
    end: new Date(startOf(after)).toISOString(),
  };
}

/** Standing bookings per day, week or month, every bucket of the range shown. */
export function bookingRowsByDate(
  groups: readonly BookingGroup[],
  range: DateRange,
  by: DateBucket,
): ReportRow[] {
  const rows = new Map(
    bucketsOf(range, by).map((key) => [
      key,
      { key, label: bucketLabel(key, by), count: 0, value: 0 },
    ]),
  );
  for (const group of groups) {
    if (group.status === 'cancelled' || !inRange(group.date, range)) continue;
    const row = rows.get(bucketOf(group.date, by));
    if (!row) continue;
    row.count += group.count;
    row.value += group.value;
  }
  return [...rows.values()];
}

/** Standing bookings per therapist, in the order given (staff display order), then "No therapist". */
export function bookingRowsByTherapist(
  groups: readonly BookingGroup[],
  staff: ReadonlyArray<{ id: number; name: string }>,
): ReportRow[] {
  const rows = new Map<string, ReportRow>(
    staff.map((member) => [
      String(member.id),
      { key: String(member.id), label: member.name, count: 0, value: 0 },
    ]),
  );
  for (const group of groups) {
    if (group.status === 'cancelled') continue;
    const key = group.staffId === null ? 'none' : String(group.staffId);
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        label: group.staffId === null ? 'No therapist' : `Therapist ${key}`,
        count: 0,
        value: 0,
      };
      rows.set(key, row);
    }
    row.count += group.count;
    row.value += group.value;
  }
  return [...rows.values()];
}

/**
 * Standing bookings per hour of their start, from the earliest hour with a booking to the latest
 * (the hours between shown even when empty, so the shape of the day reads right).
 */
export function bookingRowsByHour(
  starts: ReadonlyArray<{ startMinute: number; count: number; value: number }>,
): ReportRow[] {
  const byHour = new Map<number, { count: number; value: number }>();
  for (const start of starts) {
    const hour = Math.floor(start.startMinute / 60);
    const entry = byHour.get(hour) ?? { count: 0, value: 0 };
    entry.count += start.count;
    entry.value += start.value;
    byHour.set(hour, entry);
  }
  if (byHour.size === 0) return [];
  const hours = [...byHour.keys()];
  const rows: ReportRow[] = [];
  for (let hour = Math.min(...hours); hour <= Math.max(...hours); hour++) {
    const entry = byHour.get(hour) ?? { count: 0, value: 0 };
    rows.push({ key: String(hour), label: hourLabel(hour), ...entry });
  }
  return rows;
}

/** Orders per Monday week of the range, every week shown. */
export function orderRowsByWeek(
  orders: readonly PlacedOrderRow[],
  range: DateRange,
  timeZone: string,
): ReportRow[] {
  const rows = new Map(
    bucketsOf(range, 'week').map((key) => [
      key,
      { key, label: bucketLabel(key, 'week'), count: 0, value: 0 },
    ]),
  );
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    const date = orderDate(order, timeZone);
    if (!inRange(date, range)) continue;
    const row = rows.get(bucketOf(date, 'week'));
    if (!row) continue;
    row.count += 1;
    row.value += order.totalPence;
  }
  return [...rows.values()];
}

/** Biggest first, then by label: a stable order for treatments and products. */
export function byValueThenLabel(rows: ReportRow[]): ReportRow[] {
  return rows.sort(
    (a, b) => b.value - a.value || b.count - a.count || a.label.localeCompare(b.label, 'en-GB'),
  );
}

export function totalOf(rows: readonly ReportRow[]): { count: number; value: number } {
  return rows.reduce(
    (total, row) => ({ count: total.count + row.count, value: total.value + row.value }),
    { count: 0, value: 0 },
  );
}

/** A stored order amount in pence (the catalogue's units: pounds, or pence in pence mode). */
export function toPence(amount: number, pricesInPence: boolean): number {
  return pricesInPence ? amount : amount * 100;
}
