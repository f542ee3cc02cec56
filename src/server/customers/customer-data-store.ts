import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { CustomerEnquiriesTable, Database } from '../db/schema.js';
import { anonymisedNames, erasedCustomerName } from './anonymise-store.js';
import type { CustomerRow } from './customer-store.js';

/**
 * The queries of a data request (decision 0066): everything held on one person, read for the
 * export and deleted for the erasure. Bookings, orders, the outbox, review requests and the audit
 * trail are read here directly (by customer id, address or key), as customer-store.ts does, so
 * this folder imports none of their folders.
 */
type Db = Kysely<Database>;
export type CustomerEnquiryRow = Selectable<CustomerEnquiriesTable>;

/** The records merged into this one (the same person), oldest first. */
export async function listMergedRecords(
  db: Db,
  clientCode: string,
  id: number,
): Promise<CustomerRow[]> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('merged_into', '=', id)
    .orderBy('id')
    .execute();
}

export async function listBookingsOf(db: Db, clientCode: string, customerIds: readonly number[]) {
  if (customerIds.length === 0) return [];
  return db
    .selectFrom('bookings as b')
    .leftJoin('staff_members as s', (join) =>
      join.onRef('s.id', '=', 'b.staff_id').onRef('s.client_code', '=', 'b.client_code'),
    )
    .selectAll('b')
    .select('s.name as staff_name')
    .where('b.client_code', '=', clientCode)
    .where('b.customer_id', 'in', [...customerIds])
    .orderBy('b.booking_date')
    .orderBy('b.start_minute')
    .execute();
}

export async function listBookingLines(db: Db, bookingIds: readonly number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('booking_treatments')
    .selectAll()
    .where('booking_id', 'in', [...bookingIds])
    .execute();
}

export async function listOrdersOf(db: Db, clientCode: string, customerIds: readonly number[]) {
  if (customerIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('customer_id', 'in', [...customerIds])
    .orderBy('created_at')
    .execute();
}

export async function listOrderLines(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('position')
    .execute();
}

export async function listEnquiriesOf(
  db: Db,
  clientCode: string,
  customerIds: readonly number[],
): Promise<CustomerEnquiryRow[]> {
  if (customerIds.length === 0) return [];
  return db
    .selectFrom('customer_enquiries')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('customer_id', 'in', [...customerIds])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCustomerEnquiry(
  db: Db,
  enquiry: Omit<CustomerEnquiryRow, 'id'>,
): Promise<void> {
  await db.insertInto('customer_enquiries').values(enquiry).execute();
}

/** Who a person is in the outbox and in review requests: their addresses and their keys. */
export interface PersonInMail {
  clientCode: string;
  /** Lower-cased e-mail addresses they used. */
  addresses: readonly string[];
  bookingIds: readonly number[];
  orderIds: readonly number[];
  orderNumbers: readonly string[];
}

/**
 * Outbox e-mails to or from them (To or Reply-To is one of their addresses) or about one of
 * their bookings or orders (the e-mail's key names it: the owner's copy of a phone booking).
 */
function mailAboutThem(eb: ExpressionBuilder<Database, 'outbox'>, who: PersonInMail) {
  return eb.or([
    ...(who.addresses.length
      ? [
          eb(sql<string>`lower(mail_to)`, 'in', [...who.addresses]),
          eb(sql<string>`lower(reply_to)`, 'in', [...who.addresses]),
        ]
      : []),
    ...who.bookingIds.map((id) => eb('idempotency_key', 'like', `booking-${id}-%`)),
    ...who.orderNumbers.map((number) => eb('idempotency_key', 'like', `order:${number}:%`)),
  ]);
}

const knowsSomeone = (who: PersonInMail) =>
  who.addresses.length + who.bookingIds.length + who.orderNumbers.length > 0;

export async function listEmailsAbout(db: Db, who: PersonInMail) {
  if (!knowsSomeone(who)) return [];
  return db
    .selectFrom('outbox')
    .select([
      'id',
      'created_at',
      'sent_at',
      'status',
      'mail_from',
      'mail_to',
      'reply_to',
      'subject',
      'text',
    ])
    .where('client_code', '=', who.clientCode)
    .where((eb) => mailAboutThem(eb, who))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteEmailsAbout(db: Db, who: PersonInMail): Promise<number> {
  if (!knowsSomeone(who)) return 0;
  const result = await db
    .deleteFrom('outbox')
    .where('client_code', '=', who.clientCode)
    .where((eb) => mailAboutThem(eb, who))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function reviewRequestsOfThem(
  eb: ExpressionBuilder<Database, 'review_requests'>,
  who: PersonInMail,
) {
  return eb.or([
    ...(who.addresses.length ? [eb('customer_email', 'in', [...who.addresses])] : []),
    ...(who.bookingIds.length ? [eb('booking_id', 'in', [...who.bookingIds])] : []),
    ...(who.orderIds.length ? [eb('order_id', 'in', [...who.orderIds])] : []),
  ]);
}

export async function listReviewRequestsOf(db: Db, who: PersonInMail) {
  if (!knowsSomeone(who)) return [];
  return db
    .selectFrom('review_requests')
    .selectAll()
    .where('client_code', '=', who.clientCode)
    .where((eb) => reviewRequestsOfThem(eb, who))
    .orderBy('created_at')
    .execute();
}

/**
 * Deletes their review requests, and takes their name off reviews they wrote through one (the
 * review's words stay the business's published content).
 */
export async function eraseReviewTraces(db: Db, who: PersonInMail): Promise<number> {
  if (!knowsSomeone(who)) return 0;
  const deleted = await db
    .deleteFrom('review_requests')
    .where('client_code', '=', who.clientCode)
    .where((eb) => reviewRequestsOfThem(eb, who))
    .executeTakeFirst();
  if (who.bookingIds.length + who.orderIds.length > 0) {
    await db
      .updateTable('reviews')
      // A new version, so an owner's open edit of the review gets a conflict, not the old name back.
      .set((eb) => ({ reviewer: erasedCustomerName, version: eb('version', '+', 1) }))
      .where('client_code', '=', who.clientCode)
      .where((eb) =>
        eb.or([
          ...(who.bookingIds.length ? [eb('booking_id', 'in', [...who.bookingIds])] : []),
          ...(who.orderIds.length ? [eb('order_id', 'in', [...who.orderIds])] : []),
        ]),
      )
      .execute();
  }
  return Number(deleted.numDeletedRows);
}

/** The audit lines of the client that name one of these customer records. */
export async function listCustomerAuditLines(
  db: Db,
  clientCode: string,
  customerIds: readonly number[],
) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['at', 'action', 'detail'])
    .where('client_code', '=', clientCode)
    .where('action', 'like', 'customer.%')
    .orderBy('id')
    .execute();
  const ids = new Set(customerIds);
  return rows.flatMap((row) => {
    let detail: Record<string, unknown>;
    try {
      detail = JSON.parse(row.detail) as Record<string, unknown>;
    } catch {
      return [];
    }
    const named = [detail.customerId, detail.mergedId].some(
      (value) => typeof value === 'number' && ids.has(value),
    );
    return named ? [{ at: row.at, action: row.action, detail }] : [];
  });
}

/**
 * Deletes the customer records themselves, their notes and enquiries, and unlinks their (by now
 * anonymised) bookings and orders. Gives the notes and enquiries deleted.
 */
export async function deleteCustomerRecords(
  db: Db,
  clientCode: string,
  customerIds: readonly number[],
): Promise<{ notes: number; enquiries: number }> {
  if (customerIds.length === 0) return { notes: 0, enquiries: 0 };
  const ids = [...customerIds];
  const notes = await db
    .deleteFrom('customer_notes')
    .where('client_code', '=', clientCode)
    .where('customer_id', 'in', ids)
    .executeTakeFirst();
  const enquiries = await db
    .deleteFrom('customer_enquiries')
    .where('client_code', '=', clientCode)
    .where('customer_id', 'in', ids)
    .executeTakeFirst();
  for (const table of ['bookings', 'orders'] as const)
    await db
      .updateTable(table)
      .set({ customer_id: null })
      .where('client_code', '=', clientCode)
      .where('customer_id', 'in', ids)
      .execute();
  await db
    .deleteFrom('customers')
    .where('client_code', '=', clientCode)
    .where('id', 'in', ids)
    .execute();
  return { notes: Number(notes.numDeletedRows), enquiries: Number(enquiries.numDeletedRows) };
}

/**
 * Live customers the retention job erases (decision 0066): nothing of theirs with personal
 * details left (every booking and order anonymised, no enquiry within its limit) and nothing new
 * from them since `idleBefore`. Records merged into one go with it.
 */
export async function listCustomersPastRetention(
  db: Db,
  idleBefore: string,
): Promise<{ id: number; client_code: string }[]> {
  const named = [...anonymisedNames];
  return db
    .selectFrom('customers as c')
    .select(['c.id', 'c.client_code'])
    .where('c.merged_into', 'is', null)
    .where('c.last_activity_at', '<', idleBefore)
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom('bookings as b')
              .select('b.id')
              .whereRef('b.customer_id', '=', 'c.id')
              .where('b.customer_name', 'not in', named),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('orders as o')
              .select('o.id')
              .whereRef('o.customer_id', '=', 'c.id')
              .where('o.customer_name', 'not in', named),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('customer_enquiries as e')
              .select('e.id')
              .whereRef('e.customer_id', '=', 'c.id'),
          ),
        ),
      ]),
    )
    .orderBy('c.id')
    .execute();
}

/** Enquiries older than the enquiry limit, deleted; gives the client of each. */
export async function deleteEnquiriesBefore(
  db: Db,
  before: string,
): Promise<{ client_code: string }[]> {
  const rows = await db
    .selectFrom('customer_enquiries')
    .select(['id', 'client_code'])
    .where('created_at', '<', before)
    .execute();
  if (rows.length)
    await db.deleteFrom('customer_enquiries').where('created_at', '<', before).execute();
  return rows;
}
