import { sql, type Kysely } from 'kysely';
import {
  consentVersion,
  formatMinuteOfDay,
  splitStartTime,
  type Category,
  type CreateBookingRequest,
  type StoredBooking,
  type Treatment,
} from '../../common/booking.js';
import type { BookingRules, ClientConfig } from '../../common/client-config.js';
import { formatDuration } from '../../common/money.js';
import type { DatabaseKind } from '../db/database.js';
import type { Database, TreatmentsTable } from '../db/schema.js';
import { enqueueMessage } from '../mail/outbox.js';
import { renderBookingEmails } from './booking-emails.js';
import {
  checkBookingDate,
  findAvailableStartTimes,
  localEndMinute,
  type BookedInterval,
} from './availability.js';

/** A refusal the route maps to a status code; the message is shown to the visitor. */
export class BookingRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'BookingRefusal';
  }
}

export function toTreatmentDto(row: TreatmentsTable): Treatment {
  return {
    ID: row.id,
    Name: row.name,
    Description: row.description,
    Price: row.price_pence / 100,
    Duration: row.duration_minutes,
    CategoryId: row.category_id,
    Active: row.active === 1,
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
  if (activeOnly) query = query.where('active', '=', 1);
  const rows = await query.orderBy('category_id').orderBy('id').execute();
  return rows.map(toTreatmentDto);
}

export async function findBookedIntervals(
  db: Kysely<Database>,
  clientCode: string,
  date: string,
): Promise<BookedInterval[]> {
  // Bookings of the same times are counted in the database: a busy day has many rows but only
  // a few dozen distinct times, and the covering index answers without touching the table.
  const rows = await db
    .selectFrom('bookings')
    .select(({ fn }) => ['start_minute', 'end_minute', fn.countAll<number | string>().as('count')])
    .where('client_code', '=', clientCode)
    .where('booking_date', '=', date)
    .groupBy(['start_minute', 'end_minute'])
    .execute();
  // PostgreSQL's count(*) is a bigint, which pg hands over as a string.
  return rows.map((row) => ({
    startMinute: row.start_minute,
    endMinute: row.end_minute,
    count: Number(row.count),
  }));
}

export function requireBookingRules(client: ClientConfig): BookingRules {
  if (!client.booking) {
    throw new BookingRefusal(
      404,
      `${client.title} does not take bookings online. Please contact ${client.email} to arrange an appointment.`,
    );
  }
  return client.booking;
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

export interface CreateBookingContext {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  client: ClientConfig;
  mailFrom: string;
  now: Date;
}

function describeIds(ids: number[]): string {
  return ids.length === 1 ? `treatment ${ids[0]}` : `treatments ${ids.join(', ')}`;
}

async function loadChosenTreatments(
  db: Kysely<Database>,
  client: ClientConfig,
  ids: number[],
): Promise<TreatmentsTable[]> {
  const rows = await db
    .selectFrom('treatments')
    .selectAll()
    .where('client_code', '=', client.name)
    .where('id', 'in', ids)
    .execute();
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) {
    throw new BookingRefusal(
      400,
      `${client.title} does not offer ${describeIds(missing)}. Please choose from the treatments listed.`,
    );
  }
  const inactive = rows.filter((row) => row.active !== 1);
  if (inactive.length > 0) {
    throw new BookingRefusal(
      400,
      `${inactive.map((row) => row.name).join(', ')} cannot be booked online at the moment. Please choose another treatment.`,
    );
  }
  // Keep the visitor's order for the stored list and the e-mails.
  return ids.map((id) => rows.find((row) => row.id === id)!);
}

/**
 * Stores a booking if its slot is still free. Totals and the end time come from the treatments
 * in the database; the slot is re-checked under the day lock, and the confirmation e-mails are
 * queued in the same transaction, so a booking and its e-mails exist together or not at all.
 */
export async function createBooking(
  context: CreateBookingContext,
  request: CreateBookingRequest,
): Promise<StoredBooking> {
  const { db, dbKind, client, mailFrom, now } = context;
  const rules = requireBookingRules(client);
  const { date, minuteOfDay } = splitStartTime(request.startTime);
  const startLabel = formatMinuteOfDay(minuteOfDay);

  const dateCheck = checkBookingDate(date, rules, client.timeZone, now);
  if (!dateCheck.ok) throw new BookingRefusal(400, dateCheck.reason);

  const treatments = await loadChosenTreatments(
    db,
    client,
    request.treatments.map((t) => t.ID),
  );
  const totalPricePence = treatments.reduce((sum, t) => sum + t.price_pence, 0);
  const totalDuration = treatments.reduce((sum, t) => sum + t.duration_minutes, 0);

  const offered = (existing: BookedInterval[]) => {
    const result = findAvailableStartTimes({
      date,
      durationMinutes: totalDuration,
      rules,
      timeZone: client.timeZone,
      now,
      existing,
    });
    return result.ok && result.times.includes(startLabel);
  };
  if (!offered([])) {
    throw new BookingRefusal(
      400,
      `${startLabel} on ${date} is not a time we offer for ${formatDuration(totalDuration)} of treatments. Please choose one of the available times.`,
    );
  }

  const endMinute = localEndMinute(date, minuteOfDay, totalDuration, client.timeZone);
  const customer = request.customer;
  const consentAt = now.toISOString();

  return withDayLock(db, dbKind, client.name, date, async (trx) => {
    if (!offered(await findBookedIntervals(trx, client.name, date))) {
      throw new BookingRefusal(
        409,
        `Sorry, ${startLabel} on ${date} has just been booked by someone else. Please choose another time.`,
      );
    }
    const { id } = await trx
      .insertInto('bookings')
      .values({
        client_code: client.name,
        booking_date: date,
        start_minute: minuteOfDay,
        end_minute: endMinute,
        total_price_pence: totalPricePence,
        total_duration_minutes: totalDuration,
        customer_name: customer.name,
        customer_email: customer.email,
        customer_telephone: customer.telephone,
        customer_door_no: customer.doorNo,
        customer_post_code: customer.postCode,
        marketing: customer.marketing ? 1 : 0,
        consent_at: consentAt,
        consent_version: consentVersion,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('booking_treatments')
      .values(
        treatments.map((t) => ({
          booking_id: id,
          treatment_id: t.id,
          name: t.name,
          price_pence: t.price_pence,
          duration_minutes: t.duration_minutes,
        })),
      )
      .execute();

    const stored: StoredBooking = {
      ID: id,
      bookingDate: date,
      startTime: `${date} ${startLabel}:00`,
      endTime: `${date} ${formatMinuteOfDay(endMinute)}:00`,
      totalPrice: totalPricePence / 100,
      totalDuration,
      customer: {
        name: customer.name,
        email: customer.email,
        telephone: customer.telephone,
        doorNo: customer.doorNo,
        postCode: customer.postCode,
        gdprConsent: true,
        marketing: customer.marketing ?? false,
      },
      treatments: treatments.map((t) => ({
        ID: t.id,
        Name: t.name,
        Price: t.price_pence / 100,
        Duration: t.duration_minutes,
      })),
      consentAt,
      consentVersion,
    };
    for (const message of renderBookingEmails(stored, client, mailFrom)) {
      await enqueueMessage(trx, message, now);
    }
    return stored;
  });
}
