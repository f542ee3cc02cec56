import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Category, Treatment } from '../../common/booking.js';
import type { DatabaseKind } from '../db/database.js';
import type {
  BookingTreatmentsTable,
  BookingsTable,
  Database,
  TreatmentsTable,
} from '../db/schema.js';
import type { BookedInterval } from './availability/availability.js';

/**
 * The client's booking a link's token opens: the visitor's manage link, or the confirm link of a
 * held booking. Both store only the token's hash (booking-reference.ts).
 */
export async function findBookingByLinkToken(
  db: Kysely<Database>,
  clientCode: string,
  link: 'manage' | 'confirm',
  tokenHash: string,
): Promise<Selectable<BookingsTable> | undefined> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where(link === 'manage' ? 'manage_token_hash' : 'confirm_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A treatment as read from the database. */
export type TreatmentRow = Selectable<TreatmentsTable>;

export function toTreatmentDto(row: TreatmentRow): Treatment {
  return {
    ID: row.id,
    Name: row.name,
    Description: row.description,
    Price: row.price_pence / 100,
    Duration: row.duration_minutes,
    CategoryId: row.category_id,
    Active: row.active === 1,
    // Only when set, so the lists of clients without patch tests stay as they were.
    ...(row.patch_test_hours ? { PatchTestHours: row.patch_test_hours } : {}),
    ...(row.is_patch_test === 1 ? { IsPatchTest: true } : {}),
  };
}

export async function listCategories(
  db: Kysely<Database>,
  clientCode: string,
): Promise<Category[]> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('client_code', '=', clientCode)
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ID: row.id, Name: row.name }));
}

export async function listTreatments(
  db: Kysely<Database>,
  clientCode: string,
  activeOnly: boolean,
): Promise<Treatment[]> {
  let query = db.selectFrom('treatments').selectAll().where('client_code', '=', clientCode);
  if (activeOnly) {
    // A treatment of a category the owner has deactivated is not offered either.
    query = query
      .where('active', '=', 1)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('categories')
            .select('categories.id')
            .whereRef('categories.client_code', '=', 'treatments.client_code')
            .whereRef('categories.id', '=', 'treatments.category_id')
            .where('categories.active', '=', 1),
        ),
      );
  }
  const rows = await query.orderBy('category_id').orderBy('sort_order').orderBy('id').execute();
  return rows.map(toTreatmentDto);
}

/**
 * The statuses of a confirmed booking: booked, and completed or no-show as the owner marks it
 * afterwards (issue 32). All three keep their time: only cancelling frees it.
 */
export const confirmedStatuses = ['booked', 'completed', 'no-show'] as const;

/**
 * The rows that take their time: confirmed ones (every status but cancelled and pending), and
 * pending ones (a new customer's unconfirmed hold, issue 17) until their hold runs out, whether
 * or not the sweep has freed them yet. Every query that decides whether a time is free uses this
 * one condition. A short IN list on status keeps the day index (client, date, status, times,
 * held_until) covering, as the single value did.
 */
export function takesItsSlot(now: Date) {
  const at = now.toISOString();
  return (eb: ExpressionBuilder<Database, 'bookings'>) =>
    eb.or([
      eb('status', 'in', confirmedStatuses),
      eb.and([eb('status', '=', 'pending'), eb('held_until', '>', at)]),
    ]);
}

export async function findBookedIntervals(
  db: Kysely<Database>,
  clientCode: string,
  date: string,
  now: Date,
): Promise<BookedInterval[]> {
  // Bookings of the same times are counted in the database: a busy day has many rows but only
  // a few dozen distinct times, and the covering index (held_until included) answers without
  // touching the table.
  const rows = await db
    .selectFrom('bookings')
    .select(({ fn }) => ['start_minute', 'end_minute', fn.countAll<number | string>().as('count')])
    .where('client_code', '=', clientCode)
    .where('booking_date', '=', date)
    .where(takesItsSlot(now))
    .groupBy(['start_minute', 'end_minute'])
    .execute();
  // PostgreSQL's count(*) is a bigint, which pg hands over as a string.
  return rows.map((row) => ({
    startMinute: row.start_minute,
    endMinute: row.end_minute,
    count: Number(row.count),
  }));
}

/** The usual form of an e-mail address for comparing: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Who made a booking, as far as the anti-hogging caps can tell (issue 30). */
export interface BookingIdentity {
  email: string;
  /** Keyed hash of the network address; undefined for the owner's bookings. */
  addressHash?: string | null;
  /** The verified form session's id, if the form had one. */
  formSession?: string | null;
}

export interface IdentityOnDay {
  /** Bookings and minutes of the same visitor: the same e-mail (any case) or form session. */
  visitor: { count: number; minutes: number };
  /** Bookings and minutes from the same network address. */
  address: { count: number; minutes: number };
}

/**
 * What this visitor and their network address already hold on `date` at the client (rows that
 * take their time, so holds count), leaving out `exceptId` (the booking being moved). The day's
 * rows are few, so they are compared here, with the same normalisation on every database.
 */
export async function identityOnDay(
  db: Kysely<Database>,
  clientCode: string,
  date: string,
  who: BookingIdentity,
  now: Date,
  exceptId?: number,
): Promise<IdentityOnDay> {
  let query = db
    .selectFrom('bookings')
    .select(['id', 'customer_email', 'address_hash', 'form_session', 'total_duration_minutes'])
    .where('client_code', '=', clientCode)
    .where('booking_date', '=', date)
    .where(takesItsSlot(now));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const email = normaliseEmail(who.email);
  const result: IdentityOnDay = {
    visitor: { count: 0, minutes: 0 },
    address: { count: 0, minutes: 0 },
  };
  for (const row of await query.execute()) {
    const sameVisitor =
      (email !== '' && normaliseEmail(row.customer_email) === email) ||
      (!!who.formSession && row.form_session === who.formSession);
    if (sameVisitor) {
      result.visitor.count++;
      result.visitor.minutes += row.total_duration_minutes;
    }
    if (who.addressHash && row.address_hash === who.addressHash) {
      result.address.count++;
      result.address.minutes += row.total_duration_minutes;
    }
  }
  return result;
}

/** Online bookings made from this address hash at the client since `since` (any day, any state). */
export async function countBookingsFromAddressSince(
  db: Kysely<Database>,
  clientCode: string,
  addressHash: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select(({ fn }) => fn.countAll<number | string>().as('count'))
    .where('client_code', '=', clientCode)
    .where('address_hash', '=', addressHash)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * True when this address has a booking at the client that was kept or confirmed (booked,
 * completed or no-show; past or future): an existing customer, who is not asked to confirm a new
 * booking.
 */
export async function isExistingCustomer(
  db: Kysely<Database>,
  clientCode: string,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('client_code', '=', clientCode)
    .where('status', 'in', confirmedStatuses)
    .where(sql<string>`lower(customer_email)`, '=', normaliseEmail(email))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The client's treatments with these ids, in no particular order; ids it does not offer are left out. */
export async function findTreatments(
  db: Kysely<Database>,
  clientCode: string,
  ids: number[],
): Promise<TreatmentRow[]> {
  // A treatment of a deactivated category counts as inactive.
  return db
    .selectFrom('treatments')
    .innerJoin('categories', (join) =>
      join
        .onRef('categories.client_code', '=', 'treatments.client_code')
        .onRef('categories.id', '=', 'treatments.category_id'),
    )
    .select([
      'treatments.client_code',
      'treatments.id',
      'treatments.category_id',
      'treatments.name',
      'treatments.description',
      'treatments.price_pence',
      'treatments.duration_minutes',
      'treatments.sort_order',
      'treatments.version',
      'treatments.patch_test_hours',
      'treatments.is_patch_test',
      sql<number>`treatments.active * categories.active`.as('active'),
    ])
    .where('treatments.client_code', '=', clientCode)
    .where('treatments.id', 'in', ids)
    .execute();
}

/**
 * Runs `work` so that no other booking of the same client and day can interleave with it.
 * SQLite: BEGIN IMMEDIATE takes the database's write lock at the start (a deferred BEGIN would
 * let two writers read the same free slot). PostgreSQL: a transaction-scoped advisory lock on
 * the client and day, so other clients and other days are not held up.
 */
export async function withDayLock<T>(
  db: Kysely<Database>,
  dbKind: DatabaseKind,
  clientCode: string,
  date: string,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dbKind === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`booking:${clientCode}:${date}`}))`.execute(
        trx,
      );
      return work(trx);
    });
  }
  // Kysely's SQLite dialect has one connection; holding it keeps every query of `work` on it.
  return db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection);
      throw error;
    }
  });
}

export type NewBooking = Insertable<BookingsTable>;
export type NewBookingTreatment = Omit<Insertable<BookingTreatmentsTable>, 'booking_id'>;

/** Stores a booking and its treatments; call it inside withDayLock. Returns the booking's id. */
export async function insertBooking(
  trx: Kysely<Database>,
  booking: NewBooking,
  treatments: NewBookingTreatment[],
): Promise<number> {
  const { id } = await trx
    .insertInto('bookings')
    .values(booking)
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('booking_treatments')
    .values(treatments.map((treatment) => ({ booking_id: id, ...treatment })))
    .execute();
  return id;
}

/**
 * The booked times of every day from `from` to `to` (YYYY-MM-DD, inclusive), in one query.
 * As for one day (findBookedIntervals), bookings of the same times are counted in the database,
 * and the covering index (client, date, status, start, end) answers without the table.
 */
export async function findBookedIntervalsBetween(
  db: Kysely<Database>,
  clientCode: string,
  from: string,
  to: string,
  now: Date,
): Promise<Map<string, BookedInterval[]>> {
  const rows = await db
    .selectFrom('bookings')
    .select(({ fn }) => [
      'booking_date',
      'start_minute',
      'end_minute',
      fn.countAll<number | string>().as('count'),
    ])
    .where('client_code', '=', clientCode)
    .where('booking_date', '>=', from)
    .where('booking_date', '<=', to)
    // A held booking (awaiting its e-mail confirmation) takes its time until the hold ends.
    .where(takesItsSlot(now))
    .groupBy(['booking_date', 'start_minute', 'end_minute'])
    .execute();
  const byDate = new Map<string, BookedInterval[]>();
  for (const row of rows) {
    const day = byDate.get(row.booking_date) ?? [];
    // PostgreSQL's count(*) is a bigint, which pg hands over as a string.
    day.push({
      startMinute: row.start_minute,
      endMinute: row.end_minute,
      count: Number(row.count),
    });
    byDate.set(row.booking_date, day);
  }
  return byDate;
}

/** Whether another booking of the client already has this reference. */
export async function isReferenceTaken(
  db: Kysely<Database>,
  clientCode: string,
  reference: string,
): Promise<boolean> {
  const taken = await db
    .selectFrom('bookings')
    .select('id')
    .where('client_code', '=', clientCode)
    .where('reference', '=', reference)
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * Each staff member's booked times on every day from `from` to `to` (inclusive), for a client
 * with staff (issue 32): date → staff id → intervals (bookings of the same times counted). Rows
 * with no staff member (made before staff) are left out: the salon's capacity counts them.
 */
export async function findStaffBookedIntervalsBetween(
  db: Kysely<Database>,
  clientCode: string,
  from: string,
  to: string,
  now: Date,
): Promise<Map<string, Map<number, BookedInterval[]>>> {
  const rows = await db
    .selectFrom('bookings')
    .select(({ fn }) => [
      'booking_date',
      'staff_id',
      'start_minute',
      'end_minute',
      fn.countAll<number | string>().as('count'),
    ])
    .where('client_code', '=', clientCode)
    .where('booking_date', '>=', from)
    .where('booking_date', '<=', to)
    .where('staff_id', 'is not', null)
    .where(takesItsSlot(now))
    .groupBy(['booking_date', 'staff_id', 'start_minute', 'end_minute'])
    .execute();
  const byDate = new Map<string, Map<number, BookedInterval[]>>();
  for (const row of rows) {
    const day = byDate.get(row.booking_date) ?? new Map<number, BookedInterval[]>();
    const list = day.get(row.staff_id!) ?? [];
    list.push({
      startMinute: row.start_minute,
      endMinute: row.end_minute,
      count: Number(row.count),
    });
    day.set(row.staff_id!, list);
    byDate.set(row.booking_date, day);
  }
  return byDate;
}
