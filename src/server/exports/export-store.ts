import type { Kysely } from 'kysely';
import { listBookingTreatmentNames } from '../db/booking-treatment-names.js';
import type { Database } from '../db/schema.js';

/**
 * The downloads' queries, a page at a time (keyset: each page starts after the last row of the
 * one before), so an export of any size holds one page in memory and never an OFFSET scan. The
 * same on SQLite and PostgreSQL; `.stream()` is not, and would hold a connection for the whole
 * download.
 */
type Db = Kysely<Database>;
export const exportPageSize = 500;

export interface BookingExportRow {
  id: number;
  reference: string | null;
  booking_date: string;
  start_minute: number;
  end_minute: number;
  status: string;
  source: string;
  customer_name: string;
  customer_email: string;
  customer_telephone: string;
  total_price_pence: number;
  total_duration_minutes: number;
  created_at: string;
  staff_name: string | null;
  treatments: string;
}

export interface BookingCursor {
  date: string;
  minute: number;
  id: number;
}

/** One page of the client's bookings in [from, to] by day, time and id, after `cursor`. */
export async function pageOfBookings(
  db: Db,
  clientCode: string,
  period: { from: string; to: string },
  cursor: BookingCursor | undefined,
): Promise<BookingExportRow[]> {
  const rows = await db
    .selectFrom('bookings')
    .leftJoin('staff_members', 'staff_members.id', 'bookings.staff_id')
    .select([
      'bookings.id',
      'bookings.reference',
      'bookings.booking_date',
      'bookings.start_minute',
      'bookings.end_minute',
      'bookings.status',
      'bookings.source',
      'bookings.customer_name',
      'bookings.customer_email',
      'bookings.customer_telephone',
      'bookings.total_price_pence',
      'bookings.total_duration_minutes',
      'bookings.created_at',
      'staff_members.name as staff_name',
    ])
    .where('bookings.client_code', '=', clientCode)
    .where('bookings.booking_date', '>=', period.from)
    .where('bookings.booking_date', '<=', period.to)
    .$if(cursor !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('bookings.booking_date', '>', cursor!.date),
          eb.and([
            eb('bookings.booking_date', '=', cursor!.date),
            eb.or([
              eb('bookings.start_minute', '>', cursor!.minute),
              eb.and([
                eb('bookings.start_minute', '=', cursor!.minute),
                eb('bookings.id', '>', cursor!.id),
              ]),
            ]),
          ]),
        ]),
      ),
    )
    .orderBy('bookings.booking_date')
    .orderBy('bookings.start_minute')
    .orderBy('bookings.id')
    .limit(exportPageSize)
    .execute();
  const names = await listBookingTreatmentNames(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, treatments: (names.get(row.id) ?? []).join('; ') }));
}

export interface OrderExportRow {
  id: number;
  order_number: string;
  status: string;
  customer_name: string;
  customer_email: string;
  customer_telephone: string;
  customer_address: string;
  total: number;
  prices_in_pence: number;
  created_at: string;
  items: string;
}

/** One page of the client's orders made in [fromInstant, toInstant), by id, after `afterId`. */
export async function pageOfOrders(
  db: Db,
  clientCode: string,
  instants: { from: string; toExclusive: string },
  afterId: number,
): Promise<OrderExportRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'customer_name',
      'customer_email',
      'customer_telephone',
      'customer_address',
      'total',
      'prices_in_pence',
      'created_at',
    ])
    .where('client_code', '=', clientCode)
    .where('created_at', '>=', instants.from)
    .where('created_at', '<', instants.toExclusive)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(exportPageSize)
    .execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines')
    .select(['order_id', 'title', 'quantity'])
    .where(
      'order_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  const items = new Map<number, string[]>();
  for (const line of lines) {
    const list = items.get(line.order_id) ?? [];
    list.push(`${line.quantity} × ${line.title}`);
    items.set(line.order_id, list);
  }
  return rows.map((row) => ({ ...row, items: (items.get(row.id) ?? []).join('; ') }));
}

export interface CustomerExportRow {
  id: number;
  name: string;
  email: string | null;
  telephone: string | null;
  marketing: number;
  consent_at: string | null;
  created_at: string;
  last_activity_at: string;
  bookings: number;
  orders: number;
}

/** One page of the client's customer records (merged ones left out), by id, after `afterId`. */
export async function pageOfCustomers(
  db: Db,
  clientCode: string,
  afterId: number,
): Promise<CustomerExportRow[]> {
  const rows = await db
    .selectFrom('customers')
    .select([
      'id',
      'name',
      'email',
      'telephone',
      'marketing',
      'consent_at',
      'created_at',
      'last_activity_at',
    ])
    .where('client_code', '=', clientCode)
    .where('merged_into', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(exportPageSize)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const countBy = async (table: 'bookings' | 'orders') =>
    new Map(
      (
        await db
          .selectFrom(table)
          .select((eb) => ['customer_id', eb.fn.countAll<number | string>().as('n')])
          .where('client_code', '=', clientCode)
          .where('customer_id', 'in', ids)
          .groupBy('customer_id')
          .execute()
      ).map((r) => [r.customer_id, Number(r.n)]),
    );
  const [bookings, orders] = [await countBy('bookings'), await countBy('orders')];
  return rows.map((row) => ({
    ...row,
    bookings: bookings.get(row.id) ?? 0,
    orders: orders.get(row.id) ?? 0,
  }));
}
