import { addDays, parseTimeOfDay } from '../../../common/booking.js';
import type { BookingRules, VersionedBookingRules } from '../../../common/booking-rules.js';
import type {
  CancelBookingRequest,
  CancelPreviewRequest,
  Diary,
  EmailPreview,
  DiaryBooking,
  DiaryQuery,
  OwnerBookingRequest,
} from '../../../common/diary.js';
import { AppError } from '../../kernel/errors.js';
import { enqueueMessage, type OutgoingMessage } from '../../mail/outbox-store.js';
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

/** Who cancelled, as the diary shows it; the customer is told only the owner's message. */
export const cancelledBySalon = 'Cancelled by the salon';

/** The cancellation e-mail of a booking with the owner's message: what is sent and previewed. */
function cancellationEmailOf(
  context: ManageContext,
  booking: DiaryBooking,
  message: string | null,
  ical?: OutgoingMessage['ical'],
): OutgoingMessage {
  return renderCancellationEmail(
    {
      id: booking.id,
      date: booking.date,
      start: booking.start,
      customerName: booking.customer.name,
      customerEmail: booking.customer.email,
      treatmentNames: booking.treatments.map((t) => t.name),
      message,
    },
    context.client,
    context.mailFrom,
    ical,
  );
}

/**
 * POST …/bookings/:id/cancel-preview (issue 32): exactly the e-mail the customer would receive
 * with this message, rendered by the same template as the real one; `to` is empty when the
 * booking has no e-mail address (then nothing is sent).
 */
export async function previewCancellation(
  context: ManageContext,
  id: number,
  request: CancelPreviewRequest,
): Promise<EmailPreview> {
  const booking = await bookingDetail(context, id);
  const email = cancellationEmailOf(context, booking, request.message?.trim() || null);
  return { to: booking.customer.email, subject: email.subject, text: email.text };
}

/**
 * Cancels a booking: its slot is free at once (availability counts booked rows and live holds
 * only), its pending reminder is deleted, and the customer's e-mail is queued in the same
 * transaction, with the owner's message if any (never the internal note, which is only stored)
 * and the calendar file that removes the event (METHOD:CANCEL, SEQUENCE raised, same UID) when
 * the booking had been confirmed (a held one never had a calendar event).
 */
export async function cancelBooking(
  context: ManageContext,
  id: number,
  request: CancelBookingRequest,
  auditDetail: Record<string, unknown> = {},
): Promise<DiaryBooking> {
  const { db, client, mailFrom, now } = context;
  const booking = await bookingDetail(context, id);
  const message = request.message?.trim() || null;
  const internalNote = request.internalNote?.trim() || null;
  const cancelled = await inTransaction(db, async (trx) => {
    const marked = await markCancelled(
      trx,
      client.name,
      id,
      { reason: cancelledBySalon, internalNote, message },
      now,
    );
    if (!marked) return false;
    await dropPendingReminders(trx, client.name, id, now);
    if (booking.customer.email !== '') {
      const ical = marked.wasConfirmed
        ? bookingCalendar(
            client,
            {
              reference: marked.reference,
              date: booking.date,
              startMinute: parseTimeOfDay(booking.start),
              durationMinutes: booking.totalDuration,
              treatmentNames: booking.treatments.map((t) => t.name),
              staffName: booking.staff?.name,
              customerName: booking.customer.name,
              customerEmail: booking.customer.email,
              sequence: marked.sequence,
            },
            'CANCEL',
            mailFrom,
            now,
          )
        : undefined;
      await enqueueMessage(trx, cancellationEmailOf(context, booking, message, ical), now);
    }
    return true;
  });
  if (!cancelled) throw new AppError(409, `Booking ${id} is already cancelled.`);
  context.changes.clientChanged(client.name, 'bookings');
  // The note is the owner's own words about the customer: the audit says only that there is one.
  await context.audit('booking.cancel', {
    bookingId: id,
    messageSent: message !== null && booking.customer.email !== '',
    internalNote: internalNote !== null,
    ...auditDetail,
  });
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
    staffId: request.staffId,
  });
  context.changes.clientChanged(client.name, 'bookings');
  await context.audit('booking.add', {
    bookingId: stored.ID,
    source: request.source,
    startTime: stored.startTime,
    ...(request.staffId === undefined ? {} : { staffId: request.staffId }),
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
