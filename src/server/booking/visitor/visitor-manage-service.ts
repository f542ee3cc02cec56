import type { Kysely, Selectable } from 'kysely';
import { formatMinuteOfDay, splitStartTime } from '../../../common/booking.js';
import type { ManagedBooking, MoveBookingRequest } from '../../../common/booking-manage.js';
import type { BookingRules } from '../../../common/booking-rules.js';
import type { ClientConfig } from '../../../common/client-config.js';
import type { BookingsTable, Database } from '../../db/schema.js';
import type { DataChanges } from '../../kernel/data-changes.js';
import { AppError } from '../../kernel/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { enqueueMessage } from '../../mail/outbox-store.js';
import {
  checkBookingDate,
  findAvailableStartTimes,
  localEndMinute,
  type BookedInterval,
} from '../availability/availability.js';
import { bookingCalendar } from '../emails/booking-calendar.js';
import { changeDeadline } from '../availability/change-cutoff.js';
import { renderVisitorChangeEmails } from '../emails/booking-emails.js';
import { hashManageToken } from '../booking-reference.js';
import { dropPendingReminders, queueReminder } from '../emails/booking-reminders.js';
import {
  manageUrl,
  refuseTooLong,
  refuseWithoutPatchTest,
  refuseTooManyOnDay,
  rulesFor,
  staffDaysOf,
  staffPlanFor,
  type CreateBookingContext,
  type StaffPlan,
} from '../booking-service.js';
import { listBookingLines } from './booking-holds-store.js';
import {
  findBookedIntervals,
  findBookingByLinkToken,
  findStaffBookedIntervalsBetween,
  findTreatments,
  withDayLock,
} from '../booking-store.js';
import type { ServerConfig } from '../../config.js';
import {
  depositCancelNote,
  depositOnCancel,
  depositWindowAfterMove,
  keepDeposit,
  refundDeposit,
  withDepositNote,
} from '../deposits/deposit-service.js';
import {
  findMoveIdempotencyKey,
  markCancelledByCustomer,
  moveBookedBooking,
} from './visitor-manage-store.js';

/**
 * The visitor's own booking through the link in their e-mail (issue 17). The token is the only
 * key: its SHA-256 is looked up within the request's client, so a link works on its own site
 * only. Moving takes the same day lock and re-check as booking (409 when the time was taken);
 * cancelling and moving bump the calendar SEQUENCE, drop the pending reminder, e-mail both sides
 * and announce the change.
 */
export interface VisitorManageContext extends CreateBookingContext {
  changes: DataChanges;
  origin: string;
  /** Issue 36: to refund a deposit through the client's Stripe when cancelling in time. */
  config?: ServerConfig | undefined;
}

type BookingRow = Selectable<BookingsTable>;

const notFound = () =>
  new AppError(
    404,
    'This booking link is not valid. Please use the link in your latest booking e-mail, or contact us.',
  );

/**
 * A move refused for its new start: the answer names the request's `startTime` in `issues`, so
 * the visitor's form says it beside the time they chose (src/web/lib/form-kit.ts).
 */
const startRefused = (status: 400 | 409, message: string) =>
  new AppError(status, message, [{ path: 'startTime', message }]);

async function findByToken(
  db: Kysely<Database>,
  client: ClientConfig,
  token: string,
): Promise<{
  row: BookingRow;
  treatments: Array<{ name: string; price: number; duration: number }>;
}> {
  const row = await findBookingByLinkToken(db, client.name, 'manage', hashManageToken(token));
  if (!row) throw notFound();
  const lines = await listBookingLines(db, row.id);
  return {
    row,
    treatments: lines.map((l) => ({
      name: l.name,
      price: l.price_pence / 100,
      duration: l.duration_minutes,
    })),
  };
}

function toManaged(
  row: BookingRow,
  treatments: ManagedBooking['treatments'],
  client: ClientConfig,
  rules: BookingRules,
  now: Date,
): ManagedBooking {
  const until = changeDeadline(
    { date: row.booking_date, startMinute: row.start_minute },
    rules,
    client.timeZone,
  ).getTime();
  return {
    reference: row.reference ?? String(row.id),
    status: row.status === 'cancelled' ? 'cancelled' : 'booked',
    date: row.booking_date,
    start: formatMinuteOfDay(row.start_minute),
    end: formatMinuteOfDay(row.end_minute),
    totalPrice: row.total_price_pence / 100,
    totalDuration: row.total_duration_minutes,
    treatments,
    customerName: row.customer_name,
    salon: { title: client.title, address: client.address, telephone: client.telephoneNo ?? '' },
    changeable: row.status === 'booked' && now.getTime() < until,
    changeUntil: new Date(until).toISOString(),
  };
}

export async function getManagedBooking(
  context: VisitorManageContext,
  token: string,
): Promise<ManagedBooking> {
  const rules = await rulesFor(context.db, context.client, context.rules);
  const { row, treatments } = await findByToken(context.db, context.client, token);
  return toManaged(row, treatments, context.client, rules, context.now);
}

function refuseUnchangeable(managed: ManagedBooking, client: ClientConfig): void {
  const contact = `${client.email}${client.telephoneNo ? ` or ${client.telephoneNo}` : ''}`;
  if (managed.status === 'cancelled') throw new AppError(409, 'This booking is already cancelled.');
  if (!managed.changeable) {
    throw new AppError(
      409,
      `This booking can no longer be changed online, as it is too close to the appointment. Please contact ${client.title} at ${contact}.`,
    );
  }
}

export async function cancelManagedBooking(
  context: VisitorManageContext,
  token: string,
): Promise<ManagedBooking> {
  const { db, client, mailFrom, now } = context;
  const rules = await rulesFor(db, client, context.rules);
  const { row, treatments } = await findByToken(db, client, token);
  refuseUnchangeable(toManaged(row, treatments, client, rules, now), client);
  const sequence = row.ical_sequence + 1;
  // Issue 36 (decision 0079): a paid deposit is refunded when cancelled in the free window, else
  // kept as the cancellation fee; the e-mails say which.
  const depositOutcome = depositOnCancel(row, now);
  const done = await inTransaction(db, async (trx) => {
    if (!(await markCancelledByCustomer(trx, row.id, sequence, now))) return false;
    if (depositOutcome === 'kept') {
      await keepDeposit(
        trx,
        client.name,
        row,
        'Cancelled by the customer after the free window',
        null,
        now,
      );
    }
    await dropPendingReminders(trx, client.name, row.id, now);
    const facts = {
      reference: row.reference ?? String(row.id),
      date: row.booking_date,
      startMinute: row.start_minute,
      durationMinutes: row.total_duration_minutes,
      treatmentNames: treatments.map((t) => t.name),
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      sequence,
    };
    const messages = renderVisitorChangeEmails(
      {
        kind: 'cancelled',
        id: row.id,
        reference: facts.reference,
        sequence,
        date: row.booking_date,
        start: formatMinuteOfDay(row.start_minute),
        customerName: row.customer_name,
        customerEmail: row.customer_email,
        treatmentNames: facts.treatmentNames,
      },
      client,
      mailFrom,
      bookingCalendar(client, facts, 'CANCEL', mailFrom, now),
    );
    const note = depositOutcome && depositCancelNote(row, client, depositOutcome);
    for (const message of messages) {
      await enqueueMessage(trx, note ? withDepositNote(message, note) : message, now);
    }
    return true;
  });
  if (!done) throw new AppError(409, 'This booking is already cancelled.');
  context.changes.clientChanged(client.name, 'bookings');
  if (depositOutcome === 'refund' && context.config) {
    await refundDeposit(
      db,
      context.config,
      client,
      row.id,
      'Cancelled by the customer in the free window',
      null,
      now,
    );
  }
  return getManagedBooking(context, token);
}

export async function moveManagedBooking(
  context: VisitorManageContext,
  token: string,
  request: MoveBookingRequest,
  idempotencyKey?: string,
): Promise<ManagedBooking> {
  const { db, dbKind, client, mailFrom, now } = context;
  const rules = await rulesFor(db, client, context.rules);
  const { row, treatments } = await findByToken(db, client, token);
  refuseUnchangeable(toManaged(row, treatments, client, rules, now), client);

  const { date, minuteOfDay } = splitStartTime(request.startTime);
  // Idempotent (issue 30): a move to the time the booking has, or a replay of the move that took
  // it there (the same Idempotency-Key), answers the booking as it is, with no new e-mails.
  const replay = idempotencyKey !== undefined && row.move_idempotency_key === idempotencyKey;
  if (replay || (date === row.booking_date && minuteOfDay === row.start_minute)) {
    return getManagedBooking(context, token);
  }
  const startLabel = formatMinuteOfDay(minuteOfDay);
  const dateCheck = checkBookingDate(date, rules, client.timeZone, now);
  if (!dateCheck.ok) throw startRefused(400, dateCheck.reason);
  const duration = row.total_duration_minutes;
  // The anti-hogging caps hold for a moved booking as for a new one (issue 17).
  refuseTooLong(client, rules, duration);
  // Issue 33: the patch test must still cover the new day (and a test failed since refuses).
  const lines = await listBookingLines(db, row.id);
  await refuseWithoutPatchTest(
    db,
    client,
    await findTreatments(
      db,
      client.name,
      lines.map((l) => l.treatment_id),
    ),
    row.customer_email,
    date,
    now,
  );
  // The booking's own place does not count against its new time (a move of a few minutes).
  const withoutSelf = (existing: BookedInterval[]) =>
    date !== row.booking_date
      ? existing
      : existing
          .map((i) =>
            i.startMinute === row.start_minute && i.endMinute === row.end_minute
              ? { ...i, count: (i.count ?? 1) - 1 }
              : i,
          )
          .filter((i) => (i.count ?? 1) > 0);
  // Issue 32: a booking with a therapist moves with them: they must work and be free then.
  let staff: StaffPlan | undefined;
  if (row.staff_id !== null) {
    staff = await staffPlanFor(db, client, { from: date, to: date, treatments: [] }).then(
      (plan) => plan && { ...plan, members: plan.members.filter((m) => m.id === row.staff_id) },
    );
  }
  const offered = (
    existing: BookedInterval[],
    bookedByStaff?: ReadonlyMap<number, BookedInterval[]>,
  ) => {
    const own = bookedByStaff?.get(row.staff_id ?? 0);
    const result = findAvailableStartTimes({
      date,
      durationMinutes: duration,
      rules,
      timeZone: client.timeZone,
      now,
      existing: withoutSelf(existing),
      staff:
        staff &&
        staffDaysOf(staff, date, own ? new Map([[row.staff_id!, withoutSelf(own)]]) : undefined),
    });
    return result.ok && result.times.includes(startLabel);
  };
  if (!offered([])) {
    throw startRefused(
      400,
      `${startLabel} on ${date} is not a time we offer for this booking. Please choose one of the available times.`,
    );
  }
  const endMinute = localEndMinute(date, minuteOfDay, duration, client.timeZone);
  const sequence = row.ical_sequence + 1;
  const reference = row.reference ?? String(row.id);
  const moved = await withDayLock(db, dbKind, client.name, date, async (trx) => {
    const bookedByStaff = staff
      ? (await findStaffBookedIntervalsBetween(trx, client.name, date, date, now)).get(date)
      : undefined;
    if (!offered(await findBookedIntervals(trx, client.name, date, now), bookedByStaff)) {
      throw startRefused(
        409,
        `Sorry, ${startLabel} on ${date} has just been booked by someone else. Please choose another time.`,
      );
    }
    await refuseTooManyOnDay(
      trx,
      client,
      rules,
      {
        date,
        email: row.customer_email,
        addressHash: row.address_hash,
        formSession: row.form_session,
        minutes: duration,
        exceptId: row.id,
      },
      now,
      context.addressCaps,
    );
    const movedNow = await moveBookedBooking(trx, row.id, row.ical_sequence, {
      booking_date: date,
      start_minute: minuteOfDay,
      end_minute: endMinute,
      ical_sequence: sequence,
      move_idempotency_key: idempotencyKey ?? null,
      // Issue 36: the free cancellation window moves with the appointment.
      deposit_free_until: depositWindowAfterMove(row, date, minuteOfDay, client.timeZone),
    });
    if (!movedNow) {
      // A replay that raced the first send: the first one moved it, so answer as it is now.
      const currentKey = await findMoveIdempotencyKey(trx, row.id);
      if (idempotencyKey !== undefined && currentKey === idempotencyKey) {
        return false;
      }
      throw new AppError(409, 'This booking was changed meanwhile. Please reload the page.');
    }
    await dropPendingReminders(trx, client.name, row.id, now);
    const treatmentNames = treatments.map((t) => t.name);
    const ical = bookingCalendar(
      client,
      {
        reference,
        date,
        startMinute: minuteOfDay,
        durationMinutes: duration,
        treatmentNames,
        customerName: row.customer_name,
        customerEmail: row.customer_email,
        sequence,
      },
      'REQUEST',
      mailFrom,
      now,
    );
    const messages = renderVisitorChangeEmails(
      {
        kind: 'moved',
        id: row.id,
        reference,
        sequence,
        date,
        start: startLabel,
        previous: { date: row.booking_date, start: formatMinuteOfDay(row.start_minute) },
        customerName: row.customer_name,
        customerEmail: row.customer_email,
        treatmentNames,
        manageUrl: manageUrl(context.origin, token),
        changeUntil: changeDeadline({ date, startMinute: minuteOfDay }, rules, client.timeZone),
      },
      client,
      mailFrom,
      ical,
    );
    for (const message of messages) await enqueueMessage(trx, message, now);
    await queueReminder(
      trx,
      client,
      rules,
      {
        id: row.id,
        reference,
        sequence,
        date,
        startMinute: minuteOfDay,
        start: startLabel,
        customerName: row.customer_name,
        customerEmail: row.customer_email,
        treatmentNames,
      },
      mailFrom,
      now,
    );
    return true;
  });
  if (moved) context.changes.clientChanged(client.name, 'bookings');
  return getManagedBooking(context, token);
}
