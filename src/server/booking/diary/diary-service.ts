import { addDays, parseTimeOfDay } from '../../../common/booking.js';
import type { BookingRules, VersionedBookingRules } from '../../../common/booking-rules.js';
import type {
  CancelBookingRequest,
  Diary,
  DiaryBooking,
  DiaryQuery,
  OwnerBookingRequest,
} from '../../../common/diary.js';
import { AppError } from '../../kernel/errors.js';
import { enqueueMessage } from '../../mail/outbox-store.js';
import { weekdayOf } from '../availability/availability.js';
import { bookingCalendar } from '../emails/booking-calendar.js';
import { renderCancellationEmail } from '../emails/booking-emails.js';
import { dropPendingReminders } from '../emails/booking-reminders.js';
import { loadBookingRules, saveBookingRules } from '../booking-rules-store.js';
import { placeBooking, requireBookingEnabled } from '../booking-service.js';
import { findDiaryBooking, listDiaryBookings, markCancelled } from './diary-store.js';
import { dayTotals } from './diary-totals.js';
import { listDiaryStaff } from './diary-views-store.js';
import type { ManageContext } from './manage-context.js';
import { inTransaction } from '../../db/transaction.js';

/**
 * The owner's diary: bookings by day or week, a booking's detail, cancelling, and phone or
 * walk-in bookings through the same locked path as online ones; and the booking rules. Every
 * write announces the change (caches drop the client's entries at once) and is audited.
 */

const mondayFirst = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The days a diary query covers: the day, or Monday to Sunday of its week. */
export function diaryRange(query: DiaryQuery): { from: string; to: string } {
  if (query.view === 'day') return { from: query.date, to: query.date };
  const from = addDays(query.date, -mondayFirst.indexOf(weekdayOf(query.date)));
  return { from, to: addDays(from, 6) };
}

export async function listDiary(context: ManageContext, query: DiaryQuery): Promise<Diary> {
  const { from, to } = diaryRange(query);
  const bookings = await listDiaryBookings(context.db, context.client.name, from, to);
  const days = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const ofDay = bookings.filter((b) => b.date === date);
    days.push({ date, bookings: ofDay, totals: dayTotals(ofDay) });
  }
  // The day view's columns (issue 32): active staff, and anyone inactive with bookings here.
  const bookingStaffIds = bookings.flatMap((b) => (b.staff ? [b.staff.id] : []));
  const staff = await listDiaryStaff(context.db, context.client.name, bookingStaffIds);
  return { from, to, days, staff };
}

export async function bookingDetail(context: ManageContext, id: number): Promise<DiaryBooking> {
  const booking = await findDiaryBooking(context.db, context.client.name, id);
  if (!booking) throw new AppError(404, `There is no booking ${id}.`);
  return booking;
}

/**
 * Cancels a booking: its slot is free at once (availability counts booked rows and live holds
 * only), its pending reminder is deleted, and the customer's e-mail is queued in the same
 * transaction, with the calendar file that removes the event (METHOD:CANCEL, SEQUENCE raised,
 * same UID) when the booking had been confirmed (a held one never had a calendar event).
 */
export async function cancelBooking(
  context: ManageContext,
  id: number,
  request: CancelBookingRequest,
): Promise<DiaryBooking> {
  const { db, client, mailFrom, now } = context;
  const booking = await bookingDetail(context, id);
  const reason = request.reason?.trim() || null;
  const cancelled = await inTransaction(db, async (trx) => {
    const marked = await markCancelled(trx, client.name, id, reason, now);
    if (!marked) return false;
    await dropPendingReminders(trx, client.name, id, now);
    if (booking.customer.email !== '') {
      const treatmentNames = booking.treatments.map((t) => t.name);
      const ical = marked.wasConfirmed
        ? bookingCalendar(
            client,
            {
              reference: marked.reference,
              date: booking.date,
              startMinute: parseTimeOfDay(booking.start),
              durationMinutes: booking.totalDuration,
              treatmentNames,
              customerName: booking.customer.name,
              customerEmail: booking.customer.email,
              sequence: marked.sequence,
            },
            'CANCEL',
            mailFrom,
            now,
          )
        : undefined;
      const message = renderCancellationEmail(
        {
          id,
          date: booking.date,
          start: booking.start,
          customerName: booking.customer.name,
          customerEmail: booking.customer.email,
          treatmentNames,
          reason,
        },
        client,
        mailFrom,
        ical,
      );
      await enqueueMessage(trx, message, now);
    }
    return true;
  });
  if (!cancelled) throw new AppError(409, `Booking ${id} is already cancelled.`);
  context.changes.clientChanged(client.name, 'bookings');
  await context.audit('booking.cancel', { bookingId: id, reason });
  return bookingDetail(context, id);
}

/** A phone or walk-in booking: the online path's lock, re-check and 409, without the lead time. */
export async function addOwnerBooking(
  context: ManageContext,
  request: OwnerBookingRequest,
): Promise<DiaryBooking> {
  const { client } = context;
  const stored = await placeBooking(context, {
    startTime: request.startTime,
    treatmentIds: request.treatmentIds,
    customer: {
      name: request.customer.name,
      email: request.customer.email,
      telephone: request.customer.telephone,
      doorNo: '',
      postCode: '',
      marketing: false,
    },
    source: request.source,
    consentVersion: `owner-${request.source}`,
  });
  context.changes.clientChanged(client.name, 'bookings');
  await context.audit('booking.add', {
    bookingId: stored.ID,
    source: request.source,
    startTime: stored.startTime,
  });
  return bookingDetail(context, stored.ID);
}

export async function getBookingRules(context: ManageContext): Promise<VersionedBookingRules> {
  requireBookingEnabled(context.client);
  return (await loadBookingRules(context.db, context.client))!;
}

/** Saves the rules if nobody saved since `version` was read; else 409 with what to do. */
export async function updateBookingRules(
  context: ManageContext,
  update: { version: number; rules: BookingRules },
): Promise<VersionedBookingRules> {
  requireBookingEnabled(context.client);
  const version = await saveBookingRules(
    context.db,
    context.client.name,
    update.rules,
    update.version,
    context.now,
  );
  if (version === undefined) {
    throw new AppError(
      409,
      'The booking rules were changed elsewhere since you opened them. Please reload them and make your change again.',
    );
  }
  context.changes.clientChanged(context.client.name);
  await context.audit('booking-rules.update', { version });
  return { version, rules: update.rules };
}
