import { orderPaymentOf } from '../../common/order-payment.js';
import { listBookingTreatmentNames } from '../db/booking-treatment-names.js';
import type { Kysely } from 'kysely';
import { depositStatuses, type DepositStatus } from '../../common/deposits.js';
import type {
  CustomerBooking,
  CustomerDetail,
  CustomerNote,
  CustomerPatchTest,
  NewCustomerNote,
  CustomerNoteKind,
  CustomerSummary,
} from '../../common/customers.js';
import { customerSearchLimit } from '../../common/customers.js';
import { todayInTimeZone } from '../../common/booking.js';
import { formatPounds } from '../../common/money.js';
import { latestPatchTest } from '../../common/patch-tests.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../kernel/errors.js';
import { chooseCustomer, matchKeys, searchTerms } from './customer-matching.js';
import {
  findCustomer,
  findMatchCandidates,
  insertCustomer,
  insertCustomerNote,
  listCustomerBookings,
  listCustomerNotes,
  listCustomerOrders,
  mergeCustomerRows,
  refreshCustomer,
  searchCustomers,
  type CustomerBookingRow,
  type CustomerRow,
  type StaffScope,
} from './customer-store.js';
import { insertCustomerEnquiry, listEnquiriesOf } from './customer-data-store.js';
import { findTreatmentNames } from './patch-test-store.js';

type Db = Kysely<Database>;

export interface CustomerContact {
  clientCode: string;
  name: string;
  email: string;
  telephone: string;
  /** Given with this booking: marketing consent and how (e.g. "online booking"). */
  consent?: { at: string; source: string } | undefined;
  now: Date;
}

/**
 * The customer record a new booking or order belongs to, found by e-mail then phone (made when
 * there is none, brought up to date when there is). Pass the booking's or order's transaction,
 * so the row and its link are kept together or not at all.
 */
export async function linkCustomer(trx: Db, contact: CustomerContact): Promise<number> {
  const keys = matchKeys(contact);
  const record = {
    clientCode: contact.clientCode,
    name: contact.name.trim(),
    email: keys.email,
    telephone: contact.telephone.trim() || null,
    digits: keys.digits,
    consent: contact.consent,
    now: contact.now.toISOString(),
  };
  // The e-mail decides first (chooseCustomer), so the phone's candidates, which may be many (a
  // family's or a shop's one number), are read only when no one has the e-mail.
  const byEmail = keys.email
    ? chooseCustomer(
        keys,
        await findMatchCandidates(trx, contact.clientCode, { ...keys, digits: null }),
      )
    : undefined;
  const match =
    byEmail ??
    (keys.digits
      ? chooseCustomer(
          keys,
          await findMatchCandidates(trx, contact.clientCode, { ...keys, email: null }),
        )
      : undefined);
  if (!match) return insertCustomer(trx, record);
  await refreshCustomer(trx, match.id, record);
  return match.id;
}

/**
 * An enquiry sent through the site's forms (forms/relay-routes.ts) on its customer's record:
 * found or made by e-mail then phone as a booking's is, and the enquiry's day, form and subject
 * noted. Pass the transaction that stores the enquiry's e-mail in the outbox.
 */
export async function recordEnquiry(
  trx: Db,
  enquiry: {
    clientCode: string;
    form: string;
    subject: string;
    name: string;
    email: string;
    telephone: string;
    now: Date;
  },
): Promise<number> {
  const customerId = await linkCustomer(trx, {
    clientCode: enquiry.clientCode,
    name: enquiry.name,
    email: enquiry.email,
    telephone: enquiry.telephone,
    now: enquiry.now,
  });
  await insertCustomerEnquiry(trx, {
    client_code: enquiry.clientCode,
    customer_id: customerId,
    form: enquiry.form,
    subject: enquiry.subject,
    created_at: enquiry.now.toISOString(),
  });
  return customerId;
}

function summaryOf(row: CustomerRow): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    telephone: row.telephone,
    lastActivityAt: row.last_activity_at,
  };
}

/** The scope of what a signed-in account sees of the customers (store's StaffScope). */
export function staffScopeOf(account: { role: 'owner' | 'staff'; staffId: number | null }) {
  return account.role === 'owner' ? undefined : account.staffId;
}

export async function findCustomers(
  db: Db,
  clientCode: string,
  search: string,
  scope?: StaffScope,
): Promise<CustomerSummary[]> {
  const rows = await searchCustomers(
    db,
    clientCode,
    searchTerms(search),
    customerSearchLimit,
    scope,
  );
  return rows.map(summaryOf);
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

async function foundCustomer(
  db: Db,
  clientCode: string,
  id: number,
  scope?: StaffScope,
): Promise<CustomerRow> {
  // Staff asking for someone they have never booked get the same 404 as for no one at all.
  const row = await findCustomer(db, clientCode, id, scope);
  if (!row) throw new AppError(404, 'No such customer');
  return row;
}

/**
 * Everything the customer page shows; 404 for an id that is not the client's, or (staff) not one
 * of the customers of their own bookings.
 */
export async function getCustomerDetail(
  db: Db,
  client: { name: string; timeZone: string },
  id: number,
  now: Date,
  scope?: StaffScope,
): Promise<CustomerDetail> {
  const row = await foundCustomer(db, client.name, id, scope);
  const [bookingRows, orderRows, noteRows, enquiryRows] = await Promise.all([
    listCustomerBookings(db, client.name, id),
    listCustomerOrders(db, client.name, id),
    listCustomerNotes(db, client.name, id),
    listEnquiriesOf(db, client.name, [id]),
  ]);
  const treatments = await listBookingTreatmentNames(
    db,
    bookingRows.map((b) => b.id),
  );
  const treatmentNames = await findTreatmentNames(
    db,
    client.name,
    noteRows.flatMap((n) => (n.patch_test_treatment_id ? [n.patch_test_treatment_id] : [])),
  );
  const notes = noteRows.map((n) => ({
    id: n.id,
    kind: n.kind as CustomerNoteKind,
    text: n.text,
    patchTestDate: n.patch_test_date,
    patchTestResult: n.patch_test_result as 'pass' | 'fail' | null,
    patchTestTreatment: treatmentNames.get(n.patch_test_treatment_id ?? 0) ?? null,
    createdAt: n.created_at,
  }));
  const today = todayInTimeZone(client.timeZone, now);
  const visits = bookingRows.filter(
    (b) => b.status === 'completed' || (b.status === 'booked' && b.booking_date < today),
  );
  const orders = orderRows.map((o) => {
    const valuePence = o.prices_in_pence === 1 ? o.total : Math.round(o.total * 100);
    return {
      orderNumber: o.order_number,
      status: o.status,
      createdAt: o.created_at,
      valuePence,
      valueText: formatPounds(valuePence / 100),
      payment: orderPaymentOf(o),
    };
  });
  const spendPence =
    visits.reduce((sum, b) => sum + b.total_price_pence, 0) +
    orders.filter((o) => o.status !== 'cancelled').reduce((sum, o) => sum + o.valuePence, 0);
  return {
    ...summaryOf(row),
    marketing: row.marketing === 1,
    consentAt: row.consent_at,
    consentSource: row.consent_source,
    createdAt: row.created_at,
    mergedInto: row.merged_into,
    totals: {
      visits: visits.length,
      spendPence,
      spendText: formatPounds(spendPence / 100),
      noShows: bookingRows.filter((b) => b.status === 'no-show').length,
    },
    bookings: bookingRows.map((b) => ({
      id: b.id,
      reference: b.reference,
      date: b.booking_date,
      time: hhmm(b.start_minute),
      status: b.status,
      treatments: treatments.get(b.id) ?? [],
      valuePence: b.total_price_pence,
      valueText: formatPounds(b.total_price_pence / 100),
      deposit: depositOf(b),
    })),
    orders,
    notes,
    enquiries: enquiryRows.map((e) => ({ at: e.created_at, form: e.form, subject: e.subject })),
    patchTest: latestPatchTestOf(notes, today),
  };
}

/** The newest patch test among the notes, with the treatment it was for. */
function latestPatchTestOf(notes: CustomerNote[], today: string): CustomerPatchTest | null {
  const tests = notes.flatMap((n) =>
    n.kind === 'patch-test' && n.patchTestDate && n.patchTestResult
      ? [{ date: n.patchTestDate, result: n.patchTestResult, recordedAt: n.createdAt, note: n }]
      : [],
  );
  const latest = latestPatchTest(tests, today);
  if (!latest) return null;
  const note = tests.find((t) => t.date === latest.date && t.recordedAt === latest.recordedAt);
  return {
    date: latest.date,
    result: latest.result,
    validUntil: latest.validUntil,
    valid: latest.valid,
    treatment: note?.note.patchTestTreatment ?? null,
  };
}

export async function addCustomerNote(
  db: Db,
  clientCode: string,
  customerId: number,
  note: NewCustomerNote,
  authorOwnerId: number | null,
  now: Date,
  scope?: StaffScope,
): Promise<number> {
  await foundCustomer(db, clientCode, customerId, scope);
  const isPatchTest = note.kind === 'patch-test';
  const treatmentId =
    isPatchTest && note.patchTestTreatmentId !== '' ? Number(note.patchTestTreatmentId) : null;
  if (treatmentId !== null && !(await findTreatmentNames(db, clientCode, [treatmentId])).size) {
    throw new AppError(400, 'Choose one of your treatments', [
      { path: 'patchTestTreatmentId', message: 'Choose one of your treatments' },
    ]);
  }
  return insertCustomerNote(db, {
    customer_id: customerId,
    client_code: clientCode,
    kind: note.kind,
    text: note.text,
    patch_test_date: isPatchTest ? note.patchTestDate : null,
    patch_test_result: isPatchTest ? note.patchTestResult || null : null,
    created_at: now.toISOString(),
    author_owner_id: authorOwnerId,
    patch_test_treatment_id: treatmentId,
  });
}

/** Merges `otherId` into `keepId` in one transaction; both must be the client's live records. */
export async function mergeCustomers(
  db: Db,
  clientCode: string,
  keepId: number,
  otherId: number,
  now: Date,
): Promise<void> {
  if (keepId === otherId) throw new AppError(400, 'Choose another customer to merge with this one');
  await inTransaction(db, async (trx) => {
    const keep = await foundCustomer(trx, clientCode, keepId);
    const other = await findCustomer(trx, clientCode, otherId);
    if (!other) throw new AppError(404, 'No such customer to merge');
    if (keep.merged_into !== null || other.merged_into !== null) {
      throw new AppError(409, 'That customer has already been merged into another one');
    }
    await mergeCustomerRows(trx, clientCode, keep, other, now.toISOString());
  });
}

/** A booking's deposit as the customer's page shows it; null when none was asked. */
function depositOf(row: CustomerBookingRow): CustomerBooking['deposit'] {
  if (row.deposit_status === null) return null;
  const status = (depositStatuses as readonly string[]).includes(row.deposit_status)
    ? (row.deposit_status as DepositStatus)
    : 'unpaid';
  return { pence: row.deposit_pence, refundedPence: row.deposit_refunded_pence, status };
}
