import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { formatMinuteOfDay, type StoredBooking } from '../../../common/booking.js';
import type { BookingConfirmation } from '../../../common/booking-manage.js';
import type { BookingsTable, Database } from '../../db/schema.js';
import type { DataChanges } from '../../kernel/data-changes.js';
import { AppError } from '../../kernel/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { enqueueMessage, type OutgoingMessage } from '../../mail/outbox-store.js';
import type { BookingRules } from '../../../common/booking-rules.js';
import { bookingCalendar } from '../emails/booking-calendar.js';
import { renderBookingEmails } from '../emails/booking-emails.js';
import { changeDeadline } from '../availability/change-cutoff.js';
import {
  confirmPendingBooking,
  findBookingStatus,
  listBookingLines,
  releaseExpiredHolds,
} from './booking-holds-store.js';
import { hashManageToken, newManageToken } from '../booking-reference.js';
import { findBookingByLinkToken } from '../booking-store.js';
import { queueReminder } from '../emails/booking-reminders.js';
import { findStaffName } from '../../staff/staff-store.js';
import { manageUrl, rulesFor, type CreateBookingContext } from '../booking-service.js';

/**
 * Unconfirmed holds (issue 17, docs/decisions/0034-anti-hogging.md). When the owner asks new customers
 * to confirm, their online booking is stored `pending` with `held_until`: it takes its time until
 * then (availability and the per-address cap count it), and only the customer hears of it, by an
 * e-mail with a confirm link. Confirming makes it `booked` and sends what a booking normally
 * sends (the business's e-mail, the customer's with the manage link and .ics, the reminder). A
 * hold not confirmed in time stops taking its time at once (every query compares held_until with
 * now); the sweep then marks it cancelled, with one conditional UPDATE that is safe to run on
 * every instance at once.
 */

export interface ConfirmContext extends CreateBookingContext {
  changes: DataChanges;
  origin: string;
}

const released = () =>
  new AppError(
    409,
    'This booking was not confirmed in time, so its time was released. Please book again: the time may still be free.',
  );

/** The columns a confirmed booking's e-mails are made from. */
type ConfirmedRow = Pick<
  Selectable<BookingsTable>,
  | 'ical_sequence'
  | 'id'
  | 'reference'
  | 'booking_date'
  | 'start_minute'
  | 'end_minute'
  | 'total_price_pence'
  | 'total_duration_minutes'
  | 'customer_name'
  | 'customer_email'
  | 'customer_telephone'
  | 'customer_door_no'
  | 'customer_post_code'
  | 'marketing'
  | 'consent_at'
  | 'consent_version'
  | 'client_code'
  | 'staff_id'
>;

/** Reads the stored booking as the create answer shows it, for the e-mails sent on confirming. */
async function storedBookingOf(
  db: Kysely<Database>,
  row: Omit<ConfirmedRow, 'ical_sequence'>,
): Promise<StoredBooking> {
  const lines = await listBookingLines(db, row.id);
  // Issue 32: the therapist, named in the e-mails sent on confirming.
  const staffName =
    row.staff_id === null ? undefined : await findStaffName(db, row.client_code, row.staff_id);
  const date = row.booking_date;
  return {
    ID: row.id,
    reference: row.reference ?? String(row.id),
    bookingDate: date,
    startTime: `${date} ${formatMinuteOfDay(row.start_minute)}:00`,
    endTime: `${date} ${formatMinuteOfDay(row.end_minute)}:00`,
    totalPrice: row.total_price_pence / 100,
    totalDuration: row.total_duration_minutes,
    customer: {
      name: row.customer_name,
      email: row.customer_email,
      telephone: row.customer_telephone,
      doorNo: row.customer_door_no,
      postCode: row.customer_post_code,
      gdprConsent: true,
      marketing: row.marketing === 1,
    },
    treatments: lines.map((l) => ({
      ID: l.treatment_id,
      Name: l.name,
      Price: l.price_pence / 100,
      Duration: l.duration_minutes,
    })),
    consentAt: row.consent_at,
    consentVersion: row.consent_version,
    ...(staffName !== undefined ? { staff: { id: row.staff_id!, name: staffName } } : {}),
  };
}

/**
 * POST /api/bookings/confirm/:token: makes a held booking booked if its hold has not run out
 * (one conditional UPDATE, so a click racing the sweep or a second click changes it once), and
 * queues the e-mails and reminder of a booking in the same transaction. Confirming twice answers
 * as confirmed; a link whose hold ran out answers 409 saying the time was released.
 */
export async function confirmHeldBooking(
  context: ConfirmContext,
  token: string,
): Promise<BookingConfirmation> {
  const { db, client, now } = context;
  const rules = await rulesFor(db, client, context.rules);
  const row = await findBookingByLinkToken(db, client.name, 'confirm', hashManageToken(token));
  if (!row) {
    throw new AppError(
      404,
      'This confirmation link is not valid. Please use the link in your booking e-mail, or contact us.',
    );
  }
  const answer = (alreadyConfirmed: boolean): BookingConfirmation => ({
    reference: row.reference ?? String(row.id),
    date: row.booking_date,
    start: formatMinuteOfDay(row.start_minute),
    salonTitle: client.title,
    alreadyConfirmed,
  });
  if (row.status === 'booked') return answer(true);
  if (row.status !== 'pending') throw released();
  // Issue 36: a deposit hold is confirmed by its payment (Stripe's webhook), never by a link.
  if (row.deposit_status === 'unpaid') {
    throw new AppError(409, 'This booking is confirmed once its deposit is paid.');
  }

  const manage = newManageToken();
  const confirmed = await inTransaction(db, async (trx) => {
    if (!(await confirmPendingBooking(trx, row.id, manage.hash, now))) return false;
    await queueConfirmedBookingMails(trx, { ...context, rules }, row, manage.token);
    return true;
  });
  if (!confirmed) {
    // Another click confirmed it meanwhile, or the hold ran out (or was swept).
    if ((await findBookingStatus(db, row.id)) === 'booked') return answer(true);
    throw released();
  }
  context.changes.clientChanged(client.name, 'bookings');
  return answer(false);
}

/**
 * What a booking sends once it is confirmed (by the customer's link, or by its deposit being
 * paid, issue 36): the business's e-mail, the customer's with the manage link and .ics, and the
 * reminder, in the caller's transaction. `decorate` adds to each e-mail (the deposit policy).
 */
export async function queueConfirmedBookingMails(
  trx: Kysely<Database>,
  context: {
    client: ConfirmContext['client'];
    mailFrom: string;
    now: Date;
    origin: string;
    rules: BookingRules;
  },
  row: ConfirmedRow,
  manageToken: string,
  decorate: (message: OutgoingMessage) => OutgoingMessage = (message) => message,
): Promise<void> {
  const { client, mailFrom, now, rules } = context;
  const stored = await storedBookingOf(trx, row);
  const ical = bookingCalendar(
    client,
    {
      reference: stored.reference,
      date: row.booking_date,
      startMinute: row.start_minute,
      durationMinutes: row.total_duration_minutes,
      treatmentNames: stored.treatments.map((t) => t.Name),
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      sequence: row.ical_sequence,
      staffName: stored.staff?.name,
    },
    'REQUEST',
    mailFrom,
    now,
  );
  const messages = renderBookingEmails(stored, client, mailFrom, {
    manageUrl: manageUrl(context.origin, manageToken),
    changeUntil: changeDeadline(
      { date: row.booking_date, startMinute: row.start_minute },
      rules,
      client.timeZone,
    ),
    ical,
  });
  for (const message of messages) await enqueueMessage(trx, decorate(message), now);
  await queueReminder(
    trx,
    client,
    rules,
    {
      id: row.id,
      reference: stored.reference,
      sequence: row.ical_sequence,
      date: row.booking_date,
      startMinute: row.start_minute,
      start: formatMinuteOfDay(row.start_minute),
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      treatmentNames: stored.treatments.map((t) => t.Name),
      staffName: stored.staff?.name,
    },
    mailFrom,
    now,
    decorate,
  );
}

/** Runs the sweep every minute while the server runs (every instance; see releaseExpiredHolds). */
export function attachHoldSweep(app: FastifyInstance, db: Kysely<Database>): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    releaseExpiredHolds(db, new Date())
      .then((count) => {
        if (count > 0) app.log.info(`Released ${count} unconfirmed booking hold(s)`);
      })
      .catch((error: unknown) => app.log.warn(`Releasing booking holds failed: ${String(error)}`));
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
