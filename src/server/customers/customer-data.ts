import type { Kysely, Transaction } from 'kysely';
import type {
  CustomerExport,
  ErasedCustomer,
  ExportedCustomerRecord,
} from '../../common/customer-data.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../kernel/errors.js';
import { anonymiseRows, erasedCustomerName } from './anonymise-store.js';
import {
  deleteCustomerRecords,
  deleteEmailsAbout,
  eraseReviewTraces,
  listBookingLines,
  listBookingsOf,
  listCustomerAuditLines,
  listEmailsAbout,
  listEnquiriesOf,
  listMergedRecords,
  listOrderLines,
  listOrdersOf,
  listReviewRequestsOf,
  type PersonInMail,
} from './customer-data-store.js';
import { normaliseEmail } from './customer-matching.js';
import { findCustomer, listCustomerNotes, type CustomerRow } from './customer-store.js';

/**
 * A customer's data request (issue 33, docs/decisions/0066-customer-data-requests.md): the
 * export of everything held on them, and their erasure. `eraseCustomerRecord` is THE erasure:
 * the owner's route, the command line and the retention job all call it.
 */
type Db = Kysely<Database>;

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const pence = (amount: number, inPence: number) =>
  inPence === 1 ? amount : Math.round(amount * 100);

function exportedRecord(row: CustomerRow): ExportedCustomerRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    telephone: row.telephone,
    marketing: row.marketing === 1,
    consentAt: row.consent_at,
    consentSource: row.consent_source,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastActivityAt: row.last_activity_at,
  };
}

/** The person's records: this one and those merged into it. */
async function recordsOf(db: Db, clientCode: string, id: number) {
  const row = await findCustomer(db, clientCode, id);
  if (!row) throw new AppError(404, 'No such customer');
  const merged = await listMergedRecords(db, clientCode, id);
  return { row, merged, ids: [row.id, ...merged.map((m) => m.id)] };
}

/** Their addresses (the records' and every booking's and order's), lower-cased, once each. */
function addressesOf(emails: readonly (string | null)[]): string[] {
  return [...new Set(emails.map(normaliseEmail).filter((e): e is string => e !== null))];
}

/** Everything the site holds on one customer; 404 for an id that is not the client's. */
export async function exportCustomer(
  db: Db,
  client: { name: string; title: string },
  id: number,
  now: Date,
): Promise<CustomerExport> {
  const { row, merged, ids } = await recordsOf(db, client.name, id);
  const [bookings, orders, enquiries, notes, audit] = await Promise.all([
    listBookingsOf(db, client.name, ids),
    listOrdersOf(db, client.name, ids),
    listEnquiriesOf(db, client.name, ids),
    Promise.all(ids.map((each) => listCustomerNotes(db, client.name, each))).then((n) => n.flat()),
    listCustomerAuditLines(db, client.name, ids),
  ]);
  const [bookingLines, orderLines] = await Promise.all([
    listBookingLines(
      db,
      bookings.map((b) => b.id),
    ),
    listOrderLines(
      db,
      orders.map((o) => o.id),
    ),
  ]);
  const who: PersonInMail = {
    clientCode: client.name,
    addresses: addressesOf([
      row.email,
      ...merged.map((m) => m.email),
      ...bookings.map((b) => b.customer_email),
      ...orders.map((o) => o.customer_email),
    ]),
    bookingIds: bookings.map((b) => b.id),
    orderIds: orders.map((o) => o.id),
    orderNumbers: orders.map((o) => o.order_number),
  };
  const [emails, reviewRequests] = await Promise.all([
    listEmailsAbout(db, who),
    listReviewRequestsOf(db, who),
  ]);
  return {
    exportedAt: now.toISOString(),
    business: client.title,
    customer: exportedRecord(row),
    mergedRecords: merged.map(exportedRecord),
    notes: notes.map((n) => ({
      kind: n.kind,
      text: n.text,
      patchTestDate: n.patch_test_date,
      patchTestResult: n.patch_test_result,
      createdAt: n.created_at,
    })),
    bookings: bookings.map((b) => ({
      reference: b.reference,
      date: b.booking_date,
      time: hhmm(b.start_minute),
      endTime: hhmm(b.end_minute),
      status: b.status,
      source: b.source,
      staff: b.staff_name ?? null,
      name: b.customer_name,
      email: b.customer_email,
      telephone: b.customer_telephone,
      doorNo: b.customer_door_no,
      postCode: b.customer_post_code,
      marketing: b.marketing === 1,
      consentAt: b.consent_at,
      createdAt: b.created_at,
      cancelledAt: b.cancelled_at,
      cancelReason: b.cancel_reason,
      cancelMessage: b.cancel_message,
      internalNote: b.internal_note,
      valuePence: b.total_price_pence,
      treatments: bookingLines
        .filter((line) => line.booking_id === b.id)
        .map((line) => ({
          name: line.name,
          pricePence: line.price_pence,
          durationMinutes: line.duration_minutes,
        })),
    })),
    orders: orders.map((o) => ({
      orderNumber: o.order_number,
      status: o.status,
      statusNote: o.status_note,
      createdAt: o.created_at,
      name: o.customer_name,
      email: o.customer_email,
      telephone: o.customer_telephone,
      address: o.customer_address,
      message: o.customer_message,
      valuePence: pence(o.total, o.prices_in_pence),
      lines: orderLines
        .filter((line) => line.order_id === o.id)
        .map((line) => ({
          title: line.title,
          unitPricePence: pence(line.unit_price, o.prices_in_pence),
          quantity: line.quantity,
        })),
    })),
    enquiries: enquiries.map((e) => ({ at: e.created_at, form: e.form, subject: e.subject })),
    emails: emails.map((m) => ({
      createdAt: m.created_at,
      sentAt: m.sent_at,
      status: m.status,
      from: m.mail_from,
      to: m.mail_to,
      replyTo: m.reply_to,
      subject: m.subject,
      text: m.text,
    })),
    reviewRequests: reviewRequests.map((r) => ({
      createdAt: r.created_at,
      usedAt: r.used_at,
      name: r.customer_name,
      email: r.customer_email,
    })),
    audit,
  };
}

/**
 * Erases one customer inside the caller's transaction (decision 0066): their bookings and orders
 * stay as anonymised records named "Erased customer" (values, dates, statuses and lines kept, so
 * the owner's figures do not move; rows the retention job anonymised already keep its name),
 * their notes and enquiries are deleted, every outbox e-mail to, from or about them is deleted,
 * their review requests go and reviews they wrote lose their name, and the customer record (with
 * any merged into it) is deleted. Counts only come back: nothing that says who they were.
 */
export async function eraseCustomerRecord(
  trx: Transaction<Database>,
  clientCode: string,
  id: number,
): Promise<ErasedCustomer> {
  const { row, merged, ids } = await recordsOf(trx, clientCode, id);
  // Read before anonymising: their addresses are on the rows about to be blanked.
  const [bookings, orders] = await Promise.all([
    listBookingsOf(trx, clientCode, ids),
    listOrdersOf(trx, clientCode, ids),
  ]);
  const who: PersonInMail = {
    clientCode,
    addresses: addressesOf([
      row.email,
      ...merged.map((m) => m.email),
      ...bookings.map((b) => b.customer_email),
      ...orders.map((o) => o.customer_email),
    ]),
    bookingIds: bookings.map((b) => b.id),
    orderIds: orders.map((o) => o.id),
    orderNumbers: orders.map((o) => o.order_number),
  };
  const theirs = { clientCode, customerIds: ids };
  const anonymisedBookings = await anonymiseRows(trx, 'bookings', theirs, erasedCustomerName);
  const anonymisedOrders = await anonymiseRows(trx, 'orders', theirs, erasedCustomerName);
  const emailsDeleted = await deleteEmailsAbout(trx, who);
  const reviewRequestsDeleted = await eraseReviewTraces(trx, who);
  const deleted = await deleteCustomerRecords(trx, clientCode, ids);
  return {
    customerId: id,
    bookingsAnonymised: anonymisedBookings.length,
    ordersAnonymised: anonymisedOrders.length,
    notesDeleted: deleted.notes,
    enquiriesDeleted: deleted.enquiries,
    emailsDeleted,
    reviewRequestsDeleted,
    mergedRecordsErased: merged.length,
  };
}

/**
 * Erases one customer on request (the owner's route, the command line), in one transaction with
 * its audit line: `record` writes it with the transaction it is given.
 */
export async function eraseCustomer(
  db: Db,
  clientCode: string,
  id: number,
  record: (trx: Transaction<Database>, erased: ErasedCustomer) => Promise<void>,
): Promise<ErasedCustomer> {
  return inTransaction(db, async (trx) => {
    const erased = await eraseCustomerRecord(trx, clientCode, id);
    await record(trx, erased);
    return erased;
  });
}
