import type { Kysely, Updateable } from 'kysely';
import { inChunks } from '../db/in-chunks.js';
import type { BookingsTable, Database, OrdersTable } from '../db/schema.js';

/**
 * Taking the person out of bookings and orders while keeping the owner's figures (decisions 0063
 * and 0066): the one place that says what is blanked, used by the retention job (rows past their
 * limit) and by erasing a customer (that customer's rows). Dates, times, status, source, staff,
 * totals and the treatment and product lines stay, so every count and sum is the same after.
 */
type Db = Kysely<Database>;

/** The name a booking or order gets from the retention job; also how it knows the row is done. */
export const anonymisedName = 'Anonymised';
/** The name a booking or order gets when its customer is erased on request. */
export const erasedCustomerName = 'Erased customer';
/** Either name means the row no longer holds anyone's details. */
export const anonymisedNames: readonly string[] = [anonymisedName, erasedCustomerName];

/** Which rows: those older than a cut-off (retention), or those of some customers (erasure). */
export type RowsToAnonymise =
  { before: string } | { clientCode: string; customerIds: readonly number[] };

export interface AnonymisedRow {
  id: number;
  client_code: string;
}

const blankBooking = (name: string): Updateable<BookingsTable> => ({
  customer_name: name,
  customer_email: '',
  customer_telephone: '',
  customer_door_no: '',
  customer_post_code: '',
  marketing: 0,
  address_hash: null,
  form_session: null,
  manage_token_hash: null,
  confirm_token_hash: null,
  move_idempotency_key: null,
  internal_note: null,
  cancel_message: null,
  cancel_reason: null,
});

// Number, status, total, dates and the order lines stay: they are the tax record.
const blankOrder = (name: string): Updateable<OrdersTable> => ({
  customer_name: name,
  customer_email: '',
  customer_telephone: '',
  customer_address: '',
  customer_message: '',
  status_note: null,
});

/**
 * Bookings (by appointment day) or orders (by `created_at`) that still name someone, chosen by
 * `which`, are anonymised under `name`; gives the rows changed. Call inside a transaction.
 */
export async function anonymiseRows(
  db: Db,
  table: 'bookings' | 'orders',
  which: RowsToAnonymise,
  name: string,
): Promise<AnonymisedRow[]> {
  if ('customerIds' in which && which.customerIds.length === 0) return [];
  // Both tables have id, client_code, customer_id, customer_name and created_at; the builder is
  // typed as the bookings', and the one column only bookings have is used only for bookings.
  const rows = await db
    .selectFrom(table as 'bookings')
    .select(['id', 'client_code'])
    .where('customer_name', 'not in', [...anonymisedNames])
    .$if('before' in which, (q) =>
      q.where(
        table === 'bookings' ? 'booking_date' : 'created_at',
        '<',
        (which as { before: string }).before,
      ),
    )
    .$if('customerIds' in which, (q) => {
      const chosen = which as { clientCode: string; customerIds: readonly number[] };
      return q
        .where('client_code', '=', chosen.clientCode)
        .where('customer_id', 'in', [...chosen.customerIds]);
    })
    .execute();
  await inChunks(
    rows.map((row) => row.id),
    (ids) =>
      table === 'bookings'
        ? db.updateTable('bookings').set(blankBooking(name)).where('id', 'in', ids).execute()
        : db.updateTable('orders').set(blankOrder(name)).where('id', 'in', ids).execute(),
  );
  return rows;
}
