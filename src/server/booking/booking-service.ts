import type { Kysely } from 'kysely';
import {
  consentVersion,
  formatMinuteOfDay,
  splitStartTime,
  type AvailableTimes,
  type AvailableTimesRequest,
  type CreateBookingRequest,
  type StoredBooking,
} from '../../common/booking.js';
import type { BookingRules, ClientConfig } from '../../common/client-config.js';
import { formatDuration } from '../../common/money.js';
import type { DatabaseKind } from '../db/database.js';
import type { Database, TreatmentsTable } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import {
  checkBookingDate,
  findAvailableStartTimes,
  localEndMinute,
  type BookedInterval,
} from './availability.js';
import { renderBookingEmails } from './booking-emails.js';
import {
  findBookedIntervals,
  findTreatments,
  insertBooking,
  withDayLock,
} from './booking-store.js';

/** The client's booking rules; a client without them answers 404 with how to book instead. */
export function requireBookingRules(client: ClientConfig): BookingRules {
  if (!client.booking) {
    throw new AppError(
      404,
      `${client.title} does not take bookings online. Please contact ${client.email} to arrange an appointment.`,
    );
  }
  return client.booking;
}

export interface AvailableTimesContext {
  db: Kysely<Database>;
  client: ClientConfig;
  now: Date;
}

/** The start times still free on a day for treatments of this length (spec section 7). */
export async function findAvailableTimes(
  { db, client, now }: AvailableTimesContext,
  request: AvailableTimesRequest,
): Promise<AvailableTimes> {
  const rules = requireBookingRules(client);
  const result = findAvailableStartTimes({
    date: request.bookingDate,
    durationMinutes: request.estmatedDuration,
    rules,
    timeZone: client.timeZone,
    now,
    existing: await findBookedIntervals(db, client.name, request.bookingDate),
  });
  if (!result.ok) throw new AppError(400, result.reason);
  return result.times;
}

export interface CreateBookingContext extends AvailableTimesContext {
  dbKind: DatabaseKind;
  mailFrom: string;
}

function describeIds(ids: number[]): string {
  return ids.length === 1 ? `treatment ${ids[0]}` : `treatments ${ids.join(', ')}`;
}

/** The chosen treatments in the visitor's order; refuses ids not offered or not bookable. */
async function loadChosenTreatments(
  db: Kysely<Database>,
  client: ClientConfig,
  ids: number[],
): Promise<TreatmentsTable[]> {
  const rows = await findTreatments(db, client.name, ids);
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) {
    throw new AppError(
      400,
      `${client.title} does not offer ${describeIds(missing)}. Please choose from the treatments listed.`,
    );
  }
  const inactive = rows.filter((row) => row.active !== 1);
  if (inactive.length > 0) {
    throw new AppError(
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
  if (!dateCheck.ok) throw new AppError(400, dateCheck.reason);

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
    throw new AppError(
      400,
      `${startLabel} on ${date} is not a time we offer for ${formatDuration(totalDuration)} of treatments. Please choose one of the available times.`,
    );
  }

  const endMinute = localEndMinute(date, minuteOfDay, totalDuration, client.timeZone);
  const customer = request.customer;
  const consentAt = now.toISOString();

  return withDayLock(db, dbKind, client.name, date, async (trx) => {
    if (!offered(await findBookedIntervals(trx, client.name, date))) {
      throw new AppError(
        409,
        `Sorry, ${startLabel} on ${date} has just been booked by someone else. Please choose another time.`,
      );
    }
    const id = await insertBooking(
      trx,
      {
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
      },
      treatments.map((t) => ({
        treatment_id: t.id,
        name: t.name,
        price_pence: t.price_pence,
        duration_minutes: t.duration_minutes,
      })),
    );

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
