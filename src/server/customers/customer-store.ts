import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { CustomerNotesTable, CustomersTable, Database } from '../db/schema.js';
import type { MatchCandidate, MatchKeys } from './customer-matching.js';

type Db = Kysely<Database>;
export type CustomerRow = Selectable<CustomersTable>;
export type CustomerNoteRow = Selectable<CustomerNotesTable>;

/**
 * The queries behind findMatchCandidates: one per key, each answered from its own index
 * (client, e-mail) or (client, phone digits). As one query with `email = ? OR digits = ?` and an
 * order by activity, SQLite walked the client's whole customer list by its activity index, so
 * each booking and enquiry took longer as the list grew (email/send 3,074 → 771 req/s after
 * 7,000 new senders, 2026-11-28).
 */
export function matchCandidateQueries(db: Db, clientCode: string, keys: MatchKeys) {
  const live = db
    .selectFrom('customers')
    .select(['id', 'email', 'telephone_digits', 'last_activity_at'])
    .where('client_code', '=', clientCode)
    .where('merged_into', 'is', null);
  return [
    ...(keys.email ? [live.where('email', '=', keys.email)] : []),
    ...(keys.digits ? [live.where('telephone_digits', '=', keys.digits)] : []),
  ];
}

/** The client's live (not merged) customers with this e-mail or these phone digits, newest first. */
export async function findMatchCandidates(
  db: Db,
  clientCode: string,
  keys: MatchKeys,
): Promise<MatchCandidate[]> {
  const byId = new Map<number, CustomerRow['last_activity_at']>();
  const candidates: MatchCandidate[] = [];
  // One after the other: inside a transaction both share its one connection.
  for (const query of matchCandidateQueries(db, clientCode, keys)) {
    for (const row of await query.execute()) {
      if (byId.has(row.id)) continue;
      byId.set(row.id, row.last_activity_at);
      candidates.push({ id: row.id, email: row.email, digits: row.telephone_digits });
    }
  }
  const activity = (c: MatchCandidate) => byId.get(c.id) ?? '';
  return candidates.sort((a, b) =>
    activity(a) === activity(b) ? b.id - a.id : activity(a) < activity(b) ? 1 : -1,
  );
}

export interface NewCustomer {
  clientCode: string;
  name: string;
  email: string | null;
  telephone: string | null;
  digits: string | null;
  consent: { at: string; source: string } | undefined;
  now: string;
}

export async function insertCustomer(db: Db, customer: NewCustomer): Promise<number> {
  const { id } = await db
    .insertInto('customers')
    .values({
      client_code: customer.clientCode,
      name: customer.name,
      email: customer.email,
      telephone: customer.telephone,
      telephone_digits: customer.digits,
      marketing: customer.consent ? 1 : 0,
      consent_at: customer.consent?.at ?? null,
      consent_source: customer.consent?.source ?? null,
      created_at: customer.now,
      updated_at: customer.now,
      last_activity_at: customer.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Brings a matched customer up to date with their newest booking or order: the name as last
 * given, an e-mail or phone they had not given before (the ones they are known by stay),
 * consent when they gave it now.
 */
export async function refreshCustomer(db: Db, id: number, customer: NewCustomer): Promise<void> {
  await db
    .updateTable('customers')
    .set((eb) => ({
      name: customer.name,
      email: eb.fn.coalesce('email', eb.val(customer.email)),
      // The first phone stays (it is what they are found by); a first one is filled in.
      telephone: eb.fn.coalesce('telephone', eb.val(customer.telephone)),
      telephone_digits: eb.fn.coalesce('telephone_digits', eb.val(customer.digits)),
      ...(customer.consent
        ? { marketing: 1, consent_at: customer.consent.at, consent_source: customer.consent.source }
        : {}),
      updated_at: customer.now,
      last_activity_at: customer.now,
    }))
    .where('id', '=', id)
    .where('client_code', '=', customer.clientCode)
    .execute();
}

/**
 * Whose customers a signed-in account sees (decision 0066): undefined for an owner (all of
 * them); a staff member's id for a staff account (only customers with a booking with them); null
 * for a staff account linked to no staff member (none).
 */
export type StaffScope = number | null | undefined;

/** Customers with a booking with this staff member (none for null). */
function bookedWith(
  eb: ExpressionBuilder<Database, 'customers'>,
  clientCode: string,
  staffId: number | null,
) {
  return eb(
    'id',
    'in',
    eb
      .selectFrom('bookings')
      .select('customer_id')
      .where('client_code', '=', clientCode)
      // No staff member has id 0: a staff account linked to nobody sees nobody.
      .where('staff_id', '=', staffId ?? 0),
  );
}

/**
 * One customer of the client, merged or not, if the account may see them; undefined for another
 * client's id or (for staff) someone they have never had a booking with.
 */
export async function findCustomer(
  db: Db,
  clientCode: string,
  id: number,
  scope?: StaffScope,
): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .$if(scope !== undefined, (q) => q.where((eb) => bookedWith(eb, clientCode, scope ?? null)))
    .executeTakeFirst();
}

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Live customers whose name or e-mail contains the text, whose phone contains the digits, or
 * who have a booking or order with exactly this reference; seen most lately first.
 */
export async function searchCustomers(
  db: Db,
  clientCode: string,
  terms: { text: string; digits: string | null },
  limit: number,
  scope?: StaffScope,
): Promise<CustomerRow[]> {
  let query = db
    .selectFrom('customers')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('merged_into', 'is', null)
    .$if(scope !== undefined, (q) => q.where((eb) => bookedWith(eb, clientCode, scope ?? null)));
  if (terms.text !== '') {
    const like = containing(terms.text);
    const reference = terms.text.toUpperCase();
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', sql`${like} escape '\\'`),
        eb('email', 'like', sql<string>`${like} escape '\\'`),
        ...(terms.digits
          ? [eb('telephone_digits', 'like', sql<string>`${containing(terms.digits)} escape '\\'`)]
          : []),
        eb(
          'id',
          'in',
          eb
            .selectFrom('bookings')
            .select('customer_id')
            .where('client_code', '=', clientCode)
            .where(sql`upper(reference)`, '=', reference),
        ),
        eb(
          'id',
          'in',
          eb
            .selectFrom('orders')
            .select('customer_id')
            .where('client_code', '=', clientCode)
            .where('order_number', '=', reference),
        ),
      ]),
    );
  }
  return query.orderBy('last_activity_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export interface CustomerBookingRow {
  id: number;
  reference: string | null;
  booking_date: string;
  start_minute: number;
  status: string;
  total_price_pence: number;
  deposit_pence: number;
  deposit_refunded_pence: number;
  deposit_status: string | null;
}

export async function listCustomerBookings(
  db: Db,
  clientCode: string,
  customerId: number,
): Promise<CustomerBookingRow[]> {
  return db
    .selectFrom('bookings')
    .select([
      'id',
      'reference',
      'booking_date',
      'start_minute',
      'status',
      'total_price_pence',
      'deposit_pence',
      'deposit_refunded_pence',
      'deposit_status',
    ])
    .where('client_code', '=', clientCode)
    .where('customer_id', '=', customerId)
    .orderBy('booking_date', 'desc')
    .orderBy('start_minute', 'desc')
    .execute();
}

export interface CustomerOrderRow {
  order_number: string;
  status: string;
  total: number;
  prices_in_pence: number;
  created_at: string;
  payment_status: string | null;
  paid_pence: number;
  refunded_pence: number;
}

export async function listCustomerOrders(
  db: Db,
  clientCode: string,
  customerId: number,
): Promise<CustomerOrderRow[]> {
  return db
    .selectFrom('orders')
    .select([
      'order_number',
      'status',
      'total',
      'prices_in_pence',
      'created_at',
      'payment_status',
      'paid_pence',
      'refunded_pence',
    ])
    .where('client_code', '=', clientCode)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function listCustomerNotes(
  db: Db,
  clientCode: string,
  customerId: number,
): Promise<CustomerNoteRow[]> {
  return db
    .selectFrom('customer_notes')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCustomerNote(
  db: Db,
  note: Omit<CustomerNoteRow, 'id'>,
): Promise<number> {
  const { id } = await db
    .insertInto('customer_notes')
    .values(note)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Moves everything of `otherId` to `keepId` (bookings, orders, notes), fills in what the kept
 * record lacks from the other, and marks the other merged. Call inside one transaction.
 */
export async function mergeCustomerRows(
  db: Db,
  clientCode: string,
  keep: CustomerRow,
  other: CustomerRow,
  now: string,
): Promise<void> {
  for (const table of ['bookings', 'orders', 'customer_notes'] as const) {
    await db
      .updateTable(table)
      .set({ customer_id: keep.id })
      .where('client_code', '=', clientCode)
      .where('customer_id', '=', other.id)
      .execute();
  }
  const otherConsentIsNewer =
    other.marketing === 1 &&
    (keep.marketing !== 1 || (other.consent_at ?? '') > (keep.consent_at ?? ''));
  await db
    .updateTable('customers')
    .set({
      email: keep.email ?? other.email,
      telephone: keep.telephone_digits ? keep.telephone : other.telephone,
      telephone_digits: keep.telephone_digits ?? other.telephone_digits,
      ...(otherConsentIsNewer
        ? { marketing: 1, consent_at: other.consent_at, consent_source: other.consent_source }
        : {}),
      last_activity_at:
        other.last_activity_at > keep.last_activity_at
          ? other.last_activity_at
          : keep.last_activity_at,
      updated_at: now,
    })
    .where('id', '=', keep.id)
    .where('client_code', '=', clientCode)
    .execute();
  await db
    .updateTable('customers')
    .set({ merged_into: keep.id, updated_at: now })
    .where('id', '=', other.id)
    .where('client_code', '=', clientCode)
    .execute();
  // Records merged into the other one earlier now point at the kept one.
  await db
    .updateTable('customers')
    .set({ merged_into: keep.id })
    .where('client_code', '=', clientCode)
    .where('merged_into', '=', other.id)
    .execute();
}
