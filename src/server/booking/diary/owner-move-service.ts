import type { Kysely } from 'kysely';
import { formatMinuteOfDay, splitStartTime } from '../../../common/booking.js';
import type { BookingRules } from '../../../common/booking-rules.js';
import type {
  DiaryBooking,
  MoveBookingByOwner,
  MoveOptions,
  MoveTimesQuery,
} from '../../../common/diary.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../kernel/errors.js';
import { enqueueMessage } from '../../mail/outbox-store.js';
import {
  checkBookingDate,
  findAvailableStartTimes,
  freeStaffAt,
  localEndMinute,
  type AvailabilityInput,
  type BookedInterval,
} from '../availability/availability.js';
import { performsAll, pickFairly, staffDaysFor } from '../availability/staff-availability.js';
import { bookingCalendar } from '../emails/booking-calendar.js';
import { renderOwnerMoveEmail } from '../emails/booking-move-email.js';
import { dropPendingReminders, queueReminder } from '../emails/booking-reminders.js';
import { rulesFor } from '../booking-service.js';
import { depositWindowAfterMove } from '../deposits/deposit-service.js';
import {
  findBookedIntervals,
  findStaffBookedIntervalsBetween,
  withDayLock,
} from '../booking-store.js';
import { listStaff, type StaffMember } from '../../staff/staff-store.js';
import { bookingDetail } from './diary-service.js';
import { findBookingPlace, moveBookingTo } from './diary-store.js';
import type { ManageContext } from './manage-context.js';

/**
 * The owner moves a booking to another time, day or therapist (issue 32) through the path every
 * booking takes (docs/decisions/0060-owner-moves-and-closing.md): the start must be one the rules
 * offer (without the lead time, as for the owner's own bookings), the new day's lock is taken and
 * the time checked again inside it with the booking's own place left out (a lost race is a 409
 * naming startTime), and the customer's e-mail with the updated calendar file (same UID, SEQUENCE
 * raised) and the rescheduled reminder are queued in the same transaction. The booking keeps its
 * treatments, length and price.
 */

type Place = NonNullable<Awaited<ReturnType<typeof findBookingPlace>>>;

/** A refusal about the chosen time, named on the form's time (form-kit.ts reads `issues`). */
const startRefused = (status: 400 | 409, message: string) =>
  new AppError(status, message, [{ path: 'startTime', message }]);

const staffRefused = (message: string) =>
  new AppError(400, message, [{ path: 'staffId', message }]);

/** The booking's own place left out of a day's intervals, so it never blocks its own move. */
export function withoutOwnPlace(
  intervals: readonly BookedInterval[],
  own: { startMinute: number; endMinute: number } | undefined,
): BookedInterval[] {
  if (!own) return [...intervals];
  let removed = false;
  return intervals
    .map((interval) => {
      if (
        removed ||
        interval.startMinute !== own.startMinute ||
        interval.endMinute !== own.endMinute
      )
        return interval;
      removed = true;
      return { ...interval, count: (interval.count ?? 1) - 1 };
    })
    .filter((interval) => (interval.count ?? 1) > 0);
}

/** Everything a move of one booking to one date is checked against. */
interface MovePlan {
  booking: DiaryBooking;
  place: Place;
  rules: BookingRules;
  date: string;
  /** For a salon with staff: the active therapists who do all the booking's treatments. */
  candidates: StaffMember[] | undefined;
  /** The therapist asked for (or the booking's own); undefined for the fairest free one. */
  target: StaffMember | undefined;
}

async function planMove(
  context: ManageContext,
  id: number,
  date: string,
  staffId: number | undefined,
): Promise<MovePlan> {
  const { db, client, now } = context;
  const stored = await rulesFor(db, client);
  // The owner books without the lead time (a walk-in starts now); the same for a move.
  const rules = { ...stored, leadMinutes: 0 };
  const booking = await bookingDetail(context, id);
  const place = (await findBookingPlace(db, client.name, id))!;
  if (place.status === 'cancelled') throw new AppError(409, `Booking ${id} is cancelled.`);
  if (place.status !== 'booked') {
    throw new AppError(
      409,
      `Booking ${id} is waiting for the customer to confirm it by e-mail; it can be moved once confirmed, or cancelled.`,
    );
  }
  const dateCheck = checkBookingDate(date, rules, client.timeZone, now);
  if (!dateCheck.ok) throw startRefused(400, dateCheck.reason);
  const members = await listStaff(db, client.name, { activeOnly: true, from: date, to: date });
  if (members.length === 0) {
    if (staffId !== undefined) {
      throw staffRefused(`${client.title} does not book with a particular therapist.`);
    }
    return { booking, place, rules, date, candidates: undefined, target: undefined };
  }
  const treatmentIds = booking.treatments.map((t) => t.id);
  const candidates = members.filter((m) => performsAll(m, treatmentIds));
  const wanted = staffId ?? place.staff_id ?? undefined;
  const target = wanted === undefined ? undefined : candidates.find((m) => m.id === wanted);
  if (wanted !== undefined && !target) {
    const member = members.find((m) => m.id === wanted);
    throw staffRefused(
      member
        ? `${member.name} does not do ${booking.treatments.map((t) => t.name).join(', ')}. Please choose another therapist.`
        : `${client.title} has no therapist ${wanted} taking bookings. Please choose another therapist.`,
    );
  }
  return { booking, place, rules, date, candidates, target };
}

/** The availability question for the plan, given the day's bookings as read. */
function availabilityOf(
  context: ManageContext,
  plan: MovePlan,
  existing: readonly BookedInterval[],
  bookedByStaff: ReadonlyMap<number, readonly BookedInterval[]> | undefined,
): AvailabilityInput {
  const { place, date } = plan;
  const own =
    place.booking_date === date
      ? { startMinute: place.start_minute, endMinute: place.end_minute }
      : undefined;
  const staffBooked = new Map(bookedByStaff ?? []);
  if (own && place.staff_id !== null && staffBooked.has(place.staff_id)) {
    staffBooked.set(place.staff_id, withoutOwnPlace(staffBooked.get(place.staff_id)!, own));
  }
  return {
    date,
    durationMinutes: place.total_duration_minutes,
    rules: plan.rules,
    timeZone: context.client.timeZone,
    now: context.now,
    existing: withoutOwnPlace(existing, own),
    // No treatment ids: the candidates already do them all, and the booking keeps its length.
    staff:
      plan.candidates &&
      staffDaysFor({
        members: plan.candidates,
        date,
        treatmentIds: [],
        treatmentMinutes: new Map(),
        staffId: plan.target?.id,
        bookedByStaff: staffBooked,
      }),
  };
}

async function readDay(
  db: Kysely<Database>,
  context: ManageContext,
  plan: MovePlan,
): Promise<[BookedInterval[], ReadonlyMap<number, BookedInterval[]> | undefined]> {
  const { client, now } = context;
  const existing = await findBookedIntervals(db, client.name, plan.date, now);
  const byStaff = plan.candidates
    ? ((await findStaffBookedIntervalsBetween(db, client.name, plan.date, plan.date, now)).get(
        plan.date,
      ) ?? new Map<number, BookedInterval[]>())
    : undefined;
  return [existing, byStaff];
}

/** GET …/bookings/:id/move-times: the starts free for this booking on a date, and who could take it. */
export async function moveOptions(
  context: ManageContext,
  id: number,
  query: MoveTimesQuery,
): Promise<MoveOptions> {
  const plan = await planMove(context, id, query.date, query.staffId);
  const [existing, byStaff] = await readDay(context.db, context, plan);
  const result = findAvailableStartTimes(availabilityOf(context, plan, existing, byStaff));
  return {
    times: result.ok ? result.times : [],
    staff: (plan.candidates ?? []).map((m) => ({ id: m.id, name: m.name })),
  };
}

/** POST …/bookings/:id/move */
export async function moveBookingByOwner(
  context: ManageContext,
  id: number,
  request: MoveBookingByOwner,
): Promise<DiaryBooking> {
  const { db, dbKind, client, mailFrom, now } = context;
  const { date, minuteOfDay } = splitStartTime(request.startTime);
  const plan = await planMove(context, id, date, request.staffId);
  const { booking, place } = plan;
  const startLabel = formatMinuteOfDay(minuteOfDay);
  const unchanged =
    place.booking_date === date &&
    place.start_minute === minuteOfDay &&
    (plan.target === undefined || plan.target.id === place.staff_id);
  if (unchanged) return booking;

  const freeAt = (input: AvailabilityInput): number[] | boolean => {
    if (input.staff) return freeStaffAt(input, minuteOfDay);
    const result = findAvailableStartTimes(input);
    return result.ok && result.times.includes(startLabel);
  };
  const whoLabel = plan.target ? ` with ${plan.target.name}` : '';
  const first = freeAt(availabilityOf(context, plan, [], new Map()));
  if (first === false || (Array.isArray(first) && first.length === 0)) {
    throw startRefused(
      400,
      `${startLabel} on ${date} is not a time we offer for this booking${whoLabel}. Please choose one of the free times.`,
    );
  }
  const endMinute = localEndMinute(
    date,
    minuteOfDay,
    place.total_duration_minutes,
    client.timeZone,
  );
  const sequence = place.ical_sequence + 1;
  const reference = place.reference ?? String(id);
  const treatmentNames = booking.treatments.map((t) => t.name);

  const staffName = await withDayLock(db, dbKind, client.name, date, async (trx) => {
    const [existing, byStaff] = await readDay(trx, context, plan);
    const free = freeAt(availabilityOf(context, plan, existing, byStaff));
    let staff: StaffMember | undefined;
    if (Array.isArray(free)) {
      const bookingsThatDay = new Map(
        [...(byStaff ?? [])].map(([staffId, list]) => [
          staffId,
          list.reduce((sum, interval) => sum + (interval.count ?? 1), 0),
        ]),
      );
      const chosen = plan.target
        ? free.includes(plan.target.id)
          ? plan.target.id
          : undefined
        : pickFairly(free, plan.candidates!, bookingsThatDay);
      staff = plan.candidates!.find((m) => m.id === chosen);
    }
    if (free === false || (Array.isArray(free) && !staff)) {
      throw startRefused(
        409,
        `Sorry, ${startLabel} on ${date}${whoLabel} was just taken. Please choose another time.`,
      );
    }
    const moved = await moveBookingTo(trx, client.name, id, place.ical_sequence, {
      date,
      startMinute: minuteOfDay,
      endMinute,
      staffId: staff?.id ?? place.staff_id,
      sequence,
      // As many hours' free cancellation before the new start as before the old one.
      depositFreeUntil: depositWindowAfterMove(place, date, minuteOfDay, client.timeZone),
    });
    if (!moved) {
      throw new AppError(
        409,
        `Booking ${id} was changed meanwhile (moved or cancelled). Please reload it and try again.`,
      );
    }
    await dropPendingReminders(trx, client.name, id, now);
    const name = staff?.name ?? booking.staff?.name;
    if (booking.customer.email !== '') {
      const ical = bookingCalendar(
        client,
        {
          reference,
          date,
          startMinute: minuteOfDay,
          durationMinutes: place.total_duration_minutes,
          treatmentNames,
          staffName: name,
          customerName: booking.customer.name,
          customerEmail: booking.customer.email,
          sequence,
        },
        'REQUEST',
        mailFrom,
        now,
      );
      const message = renderOwnerMoveEmail(
        {
          id,
          reference,
          sequence,
          date,
          start: startLabel,
          end: formatMinuteOfDay(endMinute),
          previous: { date: booking.date, start: booking.start },
          staffName: name,
          previousStaffName: booking.staff?.name,
          customerName: booking.customer.name,
          customerEmail: booking.customer.email,
          treatmentNames,
        },
        client,
        mailFrom,
        ical,
      );
      await enqueueMessage(trx, message, now);
    }
    await queueReminder(
      trx,
      client,
      plan.rules,
      {
        id,
        reference,
        sequence,
        date,
        startMinute: minuteOfDay,
        start: startLabel,
        customerName: booking.customer.name,
        customerEmail: booking.customer.email,
        treatmentNames,
        staffName: name,
      },
      mailFrom,
      now,
    );
    return name;
  });
  context.changes.clientChanged(client.name, 'bookings');
  await context.audit('booking.move', {
    bookingId: id,
    from: { date: booking.date, start: booking.start, staff: booking.staff?.name ?? null },
    to: { date, start: startLabel, staff: staffName ?? null },
  });
  return bookingDetail(context, id);
}
