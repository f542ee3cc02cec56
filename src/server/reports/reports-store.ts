import type { Kysely } from 'kysely';
import type { DateRange } from '../../common/report-periods.js';
import type { Database } from '../db/schema.js';
import type { BookedSpan } from './domain/free-time.js';
import { holdReleasedReason } from '../booking/visitor/booking-holds-store.js';
import {
  toPence,
  type BookingGroup,
  type Cancellation,
  type CardOrderRow,
  type DepositGroup,
  type PlacedOrderRow,
} from './domain/report-figures.js';

/**
 * The owner's figures' reads (issue 34). Each is one query on the client's rows through its
 * client-leading indexes, with only count(*) and sum() over integer columns and comparisons of
 * stored dates as text, which SQLite and PostgreSQL answer alike; days, weeks, months, hours and
 * late cancellations are worked out from these rows in domain/report-figures.ts.
 */

// PostgreSQL's count(*) and sum() are bigint/numeric, which pg hands over as strings.
const asNumber = (value: number | string | bigint | null) => Number(value ?? 0);

/** Bookings of the range grouped by day, therapist and status, with their value in pence. */
export async function readBookingGroups(
  db: Kysely<Database>,
  clientCode: string,
  range: DateRange,
): Promise<BookingGroup[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(({ fn }) => [
      'booking_date',
      'staff_id',
      'status',
      fn.countAll<number | string>().as('count'),
      fn.sum<number | string>('total_price_pence').as('value'),
    ])
    .where('client_code', '=', clientCode)
    .where('booking_date', '>=', range.from)
    .where('booking_date', '<=', range.to)
    .groupBy(['booking_date', 'staff_id', 'status'])
    .execute();
  return rows.map((row) => ({
    date: row.booking_date,
    staffId: row.staff_id,
    status: row.status,
    count: asNumber(row.count),
    value: asNumber(row.value),
  }));
}

/**
 * The range's cancelled bookings, but the unconfirmed holds the system let go (nobody cancelled
 * those): the rows late cancellations are found among.
 */
export async function readCancellations(
  db: Kysely<Database>,
  clientCode: string,
  range: DateRange,
): Promise<Cancellation[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(['booking_date', 'start_minute', 'staff_id', 'cancelled_at'])
    .where('client_code', '=', clientCode)
    .where('booking_date', '>=', range.from)
    .where('booking_date', '<=', range.to)
    .where('status', '=', 'cancelled')
    .where('cancelled_at', 'is not', null)
    .where((eb) =>
      eb.or([eb('cancel_reason', 'is', null), eb('cancel_reason', '<>', holdReleasedReason)]),
    )
    .execute();
  return rows.map((row) => ({
    date: row.booking_date,
    startMinute: row.start_minute,
    staffId: row.staff_id,
    cancelledAt: row.cancelled_at!,
  }));
}

/** Standing bookings of the range grouped by their start minute: the busiest hours. */
export async function readBookingStarts(
  db: Kysely<Database>,
  clientCode: string,
  range: DateRange,
): Promise<Array<{ startMinute: number; count: number; value: number }>> {
  const rows = await db
    .selectFrom('bookings')
    .select(({ fn }) => [
      'start_minute',
      fn.countAll<number | string>().as('count'),
      fn.sum<number | string>('total_price_pence').as('value'),
    ])
    .where('client_code', '=', clientCode)
    .where('booking_date', '>=', range.from)
    .where('booking_date', '<=', range.to)
    .where('status', '<>', 'cancelled')
    .groupBy('start_minute')
    .execute();
  return rows.map((row) => ({
    startMinute: row.start_minute,
    count: asNumber(row.count),
    value: asNumber(row.value),
  }));
}

/**
 * Treatments of the range's standing bookings: how often each was booked and its value (the
 * price stored with the booking), named as the menu names it now, or as booked if it is gone.
 */
export async function readTreatmentTotals(
  db: Kysely<Database>,
  clientCode: string,
  range: DateRange,
): Promise<Array<{ treatmentId: number; name: string; count: number; value: number }>> {
  const rows = await db
    .selectFrom('booking_treatments')
    .innerJoin('bookings', 'bookings.id', 'booking_treatments.booking_id')
    .select(({ fn }) => [
      'booking_treatments.treatment_id',
      fn.countAll<number | string>().as('count'),
      fn.sum<number | string>('booking_treatments.price_pence').as('value'),
      fn.min<string>('booking_treatments.name').as('bookedName'),
    ])
    .where('bookings.client_code', '=', clientCode)
    .where('bookings.booking_date', '>=', range.from)
    .where('bookings.booking_date', '<=', range.to)
    .where('bookings.status', '<>', 'cancelled')
    .groupBy('booking_treatments.treatment_id')
    .execute();
  if (rows.length === 0) return [];
  const names = new Map(
    (
      await db
        .selectFrom('treatments')
        .select(['id', 'name'])
        .where('client_code', '=', clientCode)
        .where(
          'id',
          'in',
          rows.map((row) => row.treatment_id),
        )
        .execute()
    ).map((row) => [row.id, row.name]),
  );
  return rows.map((row) => ({
    treatmentId: row.treatment_id,
    name: names.get(row.treatment_id) ?? row.bookedName,
    count: asNumber(row.count),
    value: asNumber(row.value),
  }));
}

/** Orders placed from `start` (ISO, included) to `end` (excluded), with their totals in pence. */
export async function readPlacedOrders(
  db: Kysely<Database>,
  clientCode: string,
  bounds: { start: string; end: string },
): Promise<PlacedOrderRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['created_at', 'status', 'total', 'prices_in_pence'])
    .where('client_code', '=', clientCode)
    .where('created_at', '>=', bounds.start)
    .where('created_at', '<', bounds.end)
    .execute();
  return rows.map((row) => ({
    createdAt: row.created_at,
    status: row.status,
    totalPence: toPence(row.total, row.prices_in_pence === 1),
  }));
}

/**
 * Orders placed in the bounds that were offered card payment, with what Stripe reports paid and
 * refunded (pence columns, whatever the order's own prices are in), cancelled ones included: a
 * cancelled order's money moved all the same.
 */
export async function readCardOrders(
  db: Kysely<Database>,
  clientCode: string,
  bounds: { start: string; end: string },
): Promise<CardOrderRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['created_at', 'paid_pence', 'refunded_pence'])
    .where('client_code', '=', clientCode)
    .where('created_at', '>=', bounds.start)
    .where('created_at', '<', bounds.end)
    .where('payment_status', 'is not', null)
    .execute();
  return rows.map((row) => ({
    createdAt: row.created_at,
    paidPence: row.paid_pence,
    refundedPence: row.refunded_pence,
  }));
}

/** Deposits of the range's bookings, whatever the booking's status, by day and deposit state. */
export async function readDepositGroups(
  db: Kysely<Database>,
  clientCode: string,
  range: DateRange,
): Promise<DepositGroup[]> {
  const rows = await db
    .selectFrom('bookings')
    .select(({ fn }) => [
      'booking_date',
      'deposit_status',
      fn.sum<number | string>('deposit_pence').as('pence'),
      fn.sum<number | string>('deposit_refunded_pence').as('refunded_pence'),
    ])
    .where('client_code', '=', clientCode)
    .where('booking_date', '>=', range.from)
    .where('booking_date', '<=', range.to)
    .where('deposit_status', 'is not', null)
    .groupBy(['booking_date', 'deposit_status'])
    .execute();
  return rows.map((row) => ({
    date: row.booking_date,
    status: row.deposit_status ?? '',
    pence: asNumber(row.pence),
    refundedPence: asNumber(row.refunded_pence),
  }));
}

/** Products sold in orders placed in the bounds (cancelled orders left out). */
export async function readProductTotals(
  db: Kysely<Database>,
  clientCode: string,
  bounds: { start: string; end: string },
): Promise<Array<{ productId: number; title: string; quantity: number; value: number }>> {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'order_lines.product_id',
      'order_lines.title',
      'order_lines.quantity',
      'order_lines.unit_price',
      'orders.prices_in_pence',
      'orders.created_at',
    ])
    .where('orders.client_code', '=', clientCode)
    .where('orders.created_at', '>=', bounds.start)
    .where('orders.created_at', '<', bounds.end)
    .where('orders.status', '<>', 'cancelled')
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .execute();
  const products = new Map<
    number,
    { productId: number; title: string; quantity: number; value: number }
  >();
  for (const row of rows) {
    const product = products.get(row.product_id) ?? {
      productId: row.product_id,
      title: row.title,
      quantity: 0,
      value: 0,
    };
    // The latest order's title: a product renamed shows its newer name.
    product.title = row.title;
    product.quantity += row.quantity;
    product.value += toPence(row.unit_price * row.quantity, row.prices_in_pence === 1);
    products.set(row.product_id, product);
  }
  return [...products.values()];
}

/** Orders not yet finished: new or contacted. */
export async function countWaitingOrders(
  db: Kysely<Database>,
  clientCode: string,
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(({ fn }) => fn.countAll<number | string>().as('count'))
    .where('client_code', '=', clientCode)
    .where('status', 'in', ['new', 'contacted'])
    .executeTakeFirst();
  return asNumber(row?.count ?? 0);
}

/** The standing bookings of the days, as spans: what the free time is counted around. */
export async function readBookedSpans(
  db: Kysely<Database>,
  clientCode: string,
  range: DateRange,
): Promise<Array<BookedSpan & { date: string }>> {
  const rows = await db
    .selectFrom('bookings')
    .select(['booking_date', 'staff_id', 'start_minute', 'end_minute'])
    .where('client_code', '=', clientCode)
    .where('booking_date', '>=', range.from)
    .where('booking_date', '<=', range.to)
    .where('status', '<>', 'cancelled')
    .execute();
  return rows.map((row) => ({
    date: row.booking_date,
    staffId: row.staff_id,
    start: row.start_minute,
    end: row.end_minute,
  }));
}
