import type { Kysely } from 'kysely';
import {
  consentVersion,
  formatLongDate,
  formatMinuteOfDay,
  splitStartTime,
  todayInTimeZone,
  type AvailableTimes,
  type AvailableTimesRequest,
  type CreateBookingRequest,
  type StoredBooking,
} from '../../common/booking.js';
import {
  maxBookingMinutesDefault,
  maxBookingsPerEmailPerDayDefault,
  type BookingRules,
} from '../../common/booking-rules.js';
import type { ClientConfig } from '../../common/client-config.js';
import { formatDuration } from '../../common/money.js';
import {
  depositFor,
  depositHoldMinutes,
  depositPolicyText,
  freeCancelUntil,
  type DepositSettings,
} from '../../common/deposits.js';
import type { DatabaseKind } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import {
  checkBookingDate,
  findAvailableStartTimes,
  freeStaffAt,
  localEndMinute,
  localTimeToInstant,
  type BookedInterval,
  type StaffDay,
} from './availability/availability.js';
import {
  minutesWith,
  performsAll,
  pickFairly,
  staffDaysFor,
} from './availability/staff-availability.js';
import { listStaff, type StaffMember } from '../staff/staff-store.js';
import { bookingCalendar } from './emails/booking-calendar.js';
import { renderBookingEmails, renderConfirmRequestEmail } from './emails/booking-emails.js';
import { changeDeadline } from './availability/change-cutoff.js';
import { newBookingReference, newManageToken } from './booking-reference.js';
import { queueReminder } from './emails/booking-reminders.js';
import { linkCustomer } from '../customers/customer-service.js';
import { findPatchTestAppointment, findPatchTestsByEmail } from '../customers/patch-test-store.js';
import { checkPatchTest, patchTestNeeds, patchTestRefusal } from '../../common/patch-tests.js';
import { loadBookingRules } from './booking-rules-store.js';
import {
  countBookingsFromAddressSince,
  identityOnDay,
  type BookingIdentity,
  findBookedIntervals,
  findStaffBookedIntervalsBetween,
  findTreatments,
  insertBooking,
  isExistingCustomer,
  withDayLock,
  type TreatmentRow,
  isReferenceTaken,
} from './booking-store.js';

/** A client whose record does not take bookings answers 404 with how to book instead. */
export function requireBookingEnabled(client: ClientConfig): void {
  if (!client.booking) {
    throw new AppError(
      404,
      `${client.title} does not take bookings online. Please contact ${client.email} to arrange an appointment.`,
    );
  }
}

/**
 * The client's booking rules: those given (the routes pass them from the reference cache), else
 * read from the database (table booking_rules, the owner's copy).
 */
export async function rulesFor(
  db: Kysely<Database>,
  client: ClientConfig,
  given?: BookingRules,
): Promise<BookingRules> {
  requireBookingEnabled(client);
  if (given) return given;
  const loaded = await loadBookingRules(db, client);
  // requireBookingEnabled has made sure the record has booking settings to fall back on.
  return loaded!.rules;
}

export interface AvailableTimesContext {
  db: Kysely<Database>;
  client: ClientConfig;
  now: Date;
  /** The rules, when the caller has them at hand (cached); else they are read. */
  rules?: BookingRules | undefined;
}

/**
 * A client's staff as booking needs them (issue 32): the active members, the one the visitor
 * named (if any), and the chosen treatments' own lengths.
 */
export interface StaffPlan {
  members: StaffMember[];
  /** The therapist the visitor chose; undefined for any. */
  requested: StaffMember | undefined;
  treatmentIds: number[];
  treatmentMinutes: Map<number, number>;
}

/** A 400 on the staffId field, in the one error shape with `issues`. */
function badStaffId(message: string): AppError {
  return new AppError(400, `Invalid staffId: ${message}`, [{ path: 'staffId', message }]);
}

/**
 * The client's active staff from `from` to `to` (their time off in those days), or undefined for
 * a client without active staff, who keeps the capacity model. A staffId the client has no active
 * therapist for, or one who does not perform every chosen treatment, is refused with 400.
 */
export async function staffPlanFor(
  db: Kysely<Database>,
  client: ClientConfig,
  options: { from: string; to: string; staffId?: number | undefined; treatments: TreatmentRow[] },
): Promise<StaffPlan | undefined> {
  const members = await listStaff(db, client.name, {
    activeOnly: true,
    from: options.from,
    to: options.to,
  });
  const { staffId, treatments } = options;
  const requested = staffId === undefined ? undefined : members.find((m) => m.id === staffId);
  if (staffId !== undefined && !requested) {
    throw badStaffId(
      members.length === 0
        ? `${client.title} does not book with a particular therapist. Please leave the therapist out.`
        : `${client.title} has no therapist ${staffId} taking bookings. Please choose one from the staff list, or any therapist.`,
    );
  }
  if (members.length === 0) return undefined;
  const treatmentIds = treatments.map((t) => t.id);
  if (requested && !performsAll(requested, treatmentIds)) {
    const missing = treatments.filter((t) => !performsAll(requested, [t.id]));
    throw badStaffId(
      `${requested.name} does not do ${missing.map((t) => t.name).join(', ')}. Please choose another therapist, or any therapist.`,
    );
  }
  return {
    members,
    requested,
    treatmentIds,
    treatmentMinutes: new Map(treatments.map((t) => [t.id, t.duration_minutes])),
  };
}

/** The therapists who could take the booking on a date, with their bookings that day. */
export function staffDaysOf(
  plan: StaffPlan,
  date: string,
  bookedByStaff: ReadonlyMap<number, readonly BookedInterval[]> = new Map(),
): StaffDay[] {
  return staffDaysFor({
    members: plan.members,
    date,
    treatmentIds: plan.treatmentIds,
    treatmentMinutes: plan.treatmentMinutes,
    staffId: plan.requested?.id,
    bookedByStaff,
  });
}

/** The start times still free on a day for treatments of this length (spec section 7). */
export async function findAvailableTimes(
  { db, client, now, rules: given }: AvailableTimesContext,
  request: AvailableTimesRequest,
): Promise<AvailableTimes> {
  const rules = await rulesFor(db, client, given);
  const date = request.bookingDate;
  const treatments = request.treatmentIds?.length
    ? await loadChosenTreatments(db, client, request.treatmentIds)
    : [];
  const plan = await staffPlanFor(db, client, {
    from: date,
    to: date,
    staffId: request.staffId,
    treatments,
  });
  const staff =
    plan &&
    staffDaysOf(
      plan,
      date,
      (await findStaffBookedIntervalsBetween(db, client.name, date, date, now)).get(date),
    );
  const result = findAvailableStartTimes({
    date,
    durationMinutes: request.estmatedDuration,
    rules,
    timeZone: client.timeZone,
    now,
    existing: await findBookedIntervals(db, client.name, date, now),
    staff,
  });
  if (!result.ok) throw new AppError(400, result.reason);
  return result.times;
}

export interface CreateBookingContext extends AvailableTimesContext {
  /** The per-address caps for online bookings; the owner's bookings have none. */
  addressCaps?: AddressCaps;
  dbKind: DatabaseKind;
  mailFrom: string;
  /** Where the manage link points (https://host); without it the e-mail has no manage link. */
  origin?: string | undefined;
  /**
   * Issue 36 (decision 0079): the client's deposits, set only for a visitor's booking on a
   * client that takes cards and asks deposits; such a booking is held until its deposit is paid.
   */
  deposits?: DepositSettings | undefined;
}

/** A reference no other booking of the client has (40 random bits: a clash is very rare). */
async function uniqueReference(trx: Kysely<Database>, clientCode: string): Promise<string> {
  for (;;) {
    const reference = newBookingReference();
    if (!(await isReferenceTaken(trx, clientCode, reference))) return reference;
  }
}

/** The visitor's page to move or cancel a booking. */
export function manageUrl(origin: string, token: string): string {
  return `${origin}/booking/manage/${token}`;
}

/** The page where a new customer confirms a held booking (its GET only shows a button: mail
 * scanners open links). */
export function confirmUrl(origin: string, token: string): string {
  return `${origin}/booking/confirm/${token}`;
}

/** How a visitor reaches the business for what the site will not do online. */
function contactOf(client: ClientConfig): string {
  return client.telephoneNo
    ? `call ${client.telephoneNo} or e-mail ${client.email}`
    : `e-mail ${client.email}`;
}

/**
 * Anti-hogging (issue 17): an online booking may last at most the rules' maxBookingMinutes. The
 * length does not depend on other bookings, so it is checked before the day lock.
 */
export function refuseTooLong(client: ClientConfig, rules: BookingRules, minutes: number): void {
  const max = rules.maxBookingMinutes ?? maxBookingMinutesDefault;
  if (minutes <= max) return;
  throw new AppError(
    422,
    `${client.title} takes bookings of up to ${formatDuration(max)} online, and these treatments take ${formatDuration(minutes)}. For a longer visit, please ${contactOf(client)}, or book the treatments on two days.`,
  );
}

/** The per-address caps (issue 30); the operator sets them (config.ts). */
export interface AddressCaps {
  /** On one day an address may hold what this many visitors may. */
  visitorsPerAddress: number;
  /** Online bookings from one address in any 24 hours, whatever their days. */
  per24h: number;
}

/**
 * Anti-hogging (issues 17 and 30, docs/decisions/0034-anti-hogging.md): on one day a visitor (the same
 * e-mail or the same form session) may hold at most maxBookingsPerEmailPerDay bookings and
 * maxBookingMinutes in all, and one network address what `visitorsPerAddress` visitors may. Holds
 * count. Call it inside the day's lock, so two requests at once cannot both pass.
 */
export async function refuseTooManyOnDay(
  trx: Kysely<Database>,
  client: ClientConfig,
  rules: BookingRules,
  booking: BookingIdentity & { date: string; minutes: number; exceptId?: number },
  now: Date,
  addressCaps?: AddressCaps,
): Promise<void> {
  const max = rules.maxBookingsPerEmailPerDay ?? maxBookingsPerEmailPerDayDefault;
  const maxMinutes = rules.maxBookingMinutes ?? maxBookingMinutesDefault;
  const held = await identityOnDay(trx, client.name, booking.date, booking, now, booking.exceptId);
  const day = formatLongDate(booking.date);
  const { count } = held.visitor;
  if (count >= max) {
    const who = booking.email === '' ? 'You' : booking.email;
    throw new AppError(
      409,
      `${who} already ${who === 'You' ? 'have' : 'has'} ${count === 1 ? 'a booking' : `${count} bookings`} with ${client.title} on ${day}, which is as many as we take online for one day. Please choose another day, or ${contactOf(client)}.`,
    );
  }
  if (held.visitor.minutes + booking.minutes > maxMinutes) {
    throw new AppError(
      409,
      `Your bookings with ${client.title} on ${day} would come to ${formatDuration(held.visitor.minutes + booking.minutes)}, and we take up to ${formatDuration(maxMinutes)} online for one visitor on a day. Please choose another day, or ${contactOf(client)}.`,
    );
  }
  if (!addressCaps || !booking.addressHash) return;
  const share = addressCaps.visitorsPerAddress;
  if (
    held.address.count >= max * share ||
    held.address.minutes + booking.minutes > maxMinutes * share
  ) {
    throw new AppError(
      409,
      `${client.title} already has ${held.address.count === 1 ? 'a booking' : `${held.address.count} bookings`} made from your network on ${day}, which is as many as we take online from one connection for one day. Please choose another day, or ${contactOf(client)}.`,
    );
  }
}

/**
 * Anti-hogging across days (issue 30): one network address may make at most `per24h` online
 * bookings in any 24 hours. Counted in the day's lock with the rest; two days' locks may each let
 * one more through at the very same moment, which the hourly per-address limit still bounds.
 */
export async function refuseTooManyFromAddress(
  trx: Kysely<Database>,
  client: ClientConfig,
  addressHash: string,
  caps: AddressCaps,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - 24 * 60 * 60_000);
  const count = await countBookingsFromAddressSince(trx, client.name, addressHash, since);
  if (count < caps.per24h) return;
  throw new AppError(
    409,
    `${client.title} has taken ${count} online bookings from your network in the last 24 hours, which is as many as we take from one connection. Please try again tomorrow, or ${contactOf(client)}.`,
  );
}

function describeIds(ids: number[]): string {
  return ids.length === 1 ? `treatment ${ids[0]}` : `treatments ${ids.join(', ')}`;
}

/** The chosen treatments in the visitor's order; refuses ids not offered or not bookable. */
async function loadChosenTreatments(
  db: Kysely<Database>,
  client: ClientConfig,
  ids: number[],
): Promise<TreatmentRow[]> {
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
 * Patch tests (issue 33, docs/decisions/0065-patch-tests.md): an online booking of a treatment
 * that needs one is taken only when the customer's e-mail has a passed test recorded by the
 * owner, at least the hours before the appointment and within six months of it (the rules are in
 * common/patch-tests.ts). A booked patch-test appointment counts once its result is recorded.
 * The owner booking by phone decides for themselves.
 */
export async function refuseWithoutPatchTest(
  db: Kysely<Database>,
  client: ClientConfig,
  treatments: TreatmentRow[],
  email: string,
  date: string,
  now: Date,
): Promise<void> {
  const needs = patchTestNeeds(
    treatments.map((t) => ({ name: t.name, patchTestHours: t.patch_test_hours })),
  );
  if (needs.hours === 0) return;
  const verdict = checkPatchTest({
    tests: await findPatchTestsByEmail(db, client.name, email),
    hours: needs.hours,
    appointmentDay: date,
    today: todayInTimeZone(client.timeZone, now),
  });
  if (verdict.ok) return;
  const message = patchTestRefusal({
    verdict,
    names: needs.names,
    hours: needs.hours,
    patchTestName: (await findPatchTestAppointment(db, client.name))?.name,
    contact: contactOf(client),
    formatDay: formatLongDate,
  });
  throw new AppError(422, message, [{ path: 'treatments', message }]);
}

/** Who made a booking: a visitor online, or the owner for a customer on the phone or in the shop. */
export type BookingSource = 'online' | 'phone' | 'walk-in';

export interface BookingCustomer {
  name: string;
  /** May be empty for a customer booked by the owner; then no e-mail goes to them. */
  email: string;
  telephone: string;
  doorNo: string;
  postCode: string;
  marketing: boolean;
}

export interface PlaceBookingRequest {
  /** 'YYYY-MM-DD HH:mm:00', local to the client. */
  startTime: string;
  treatmentIds: number[];
  customer: BookingCustomer;
  source: BookingSource;
  /** The consent wording accepted online, or what the owner recorded for a phone booking. */
  consentVersion: string;
  /** An online visitor's keyed address hash and form session (issue 30). */
  addressHash?: string;
  formSession?: string;
  /** The therapist asked for (issue 32); undefined for any. */
  staffId?: number | undefined;
}

/**
 * When a new customer's hold ends, or undefined when the owner asks no confirmation: the rules'
 * minutes from now, but never past the appointment's start.
 */
function holdEnd(
  rules: BookingRules,
  date: string,
  minuteOfDay: number,
  timeZone: string,
  now: Date,
): Date | undefined {
  const minutes = rules.confirmNewCustomersMinutes ?? 0;
  if (minutes === 0) return undefined;
  const start = localTimeToInstant(date, minuteOfDay, timeZone) ?? Number.POSITIVE_INFINITY;
  return new Date(Math.min(now.getTime() + minutes * 60_000, start));
}

/** A visitor's booking request as the one locked path takes it. */
export function visitorPlaceRequest(
  request: CreateBookingRequest,
  from: { addressHash?: string; formSession?: string } = {},
): PlaceBookingRequest {
  const { customer } = request;
  return {
    startTime: request.startTime,
    treatmentIds: request.treatments.map((t) => t.ID),
    customer: {
      name: customer.name,
      email: customer.email,
      telephone: customer.telephone,
      doorNo: customer.doorNo,
      postCode: customer.postCode,
      marketing: customer.marketing ?? false,
    },
    source: 'online',
    consentVersion,
    staffId: request.staffId,
    ...from,
  };
}

/** POST bookings/create: a visitor's booking, through the one locked path. */
export async function createBooking(
  context: CreateBookingContext,
  request: CreateBookingRequest,
  from: { addressHash?: string; formSession?: string } = {},
): Promise<StoredBooking> {
  return placeBooking(context, visitorPlaceRequest(request, from));
}

/** What validating a booking request settles before the day lock is taken. */
interface BookingPlan {
  /** A phone or walk-in booking: no lead time, no caps, no business copy of the e-mail. */
  byOwner: boolean;
  /** The owner's rules as stored (caps, hold, reminders, change cut-off). */
  storedRules: BookingRules;
  date: string;
  minuteOfDay: number;
  endMinute: number;
  startLabel: string;
  treatments: TreatmentRow[];
  totalPricePence: number;
  totalDuration: number;
  /** Whether the start is one the rules offer, given the day's bookings. */
  offered: (existing: BookedInterval[]) => boolean;
  /** For a client with staff (issue 32): who could take it; undefined without staff. */
  staff: StaffPlan | undefined;
  /** Who is free at the start, given the day's bookings and each therapist's. */
  freeStaff: (
    existing: BookedInterval[],
    bookedByStaff: ReadonlyMap<number, readonly BookedInterval[]>,
  ) => number[];
}

/** The therapist a booking goes to, with the treatments' length and price with them. */
interface Assignment {
  member: StaffMember;
  totalDuration: number;
  totalPricePence: number;
  endMinute: number;
  lines: Array<{ id: number; name: string; pricePence: number; durationMinutes: number }>;
}

/**
 * Step 1, before the lock: the date is bookable, the treatments are offered (totals and length
 * from the database), an online booking is not too long, and the start is a time the rules offer.
 */
async function validateBooking(
  context: CreateBookingContext,
  request: PlaceBookingRequest,
): Promise<BookingPlan> {
  const { db, client, now } = context;
  const byOwner = request.source !== 'online';
  const storedRules = await rulesFor(db, client, context.rules);
  const rules = byOwner ? { ...storedRules, leadMinutes: 0 } : storedRules;
  const { date, minuteOfDay } = splitStartTime(request.startTime);
  const startLabel = formatMinuteOfDay(minuteOfDay);

  const dateCheck = checkBookingDate(date, rules, client.timeZone, now);
  if (!dateCheck.ok) throw new AppError(400, dateCheck.reason);

  const treatments = await loadChosenTreatments(db, client, request.treatmentIds);
  const totalPricePence = treatments.reduce((sum, t) => sum + t.price_pence, 0);
  const totalDuration = treatments.reduce((sum, t) => sum + t.duration_minutes, 0);
  // The caps stop one visitor holding a day; the owner booking by phone decides for themselves.
  if (!byOwner) refuseTooLong(client, storedRules, totalDuration);
  if (!byOwner) {
    await refuseWithoutPatchTest(db, client, treatments, request.customer.email, date, now);
  }

  const staff = await staffPlanFor(db, client, {
    from: date,
    to: date,
    staffId: request.staffId,
    treatments,
  });
  if (staff && !staff.members.some((m) => performsAll(m, staff.treatmentIds))) {
    throw new AppError(
      400,
      `Nobody at ${client.title} does ${treatments.map((t) => t.name).join(', ')} in one appointment. Please book them as separate appointments.`,
    );
  }
  const inputFor = (
    existing: BookedInterval[],
    bookedByStaff?: ReadonlyMap<number, readonly BookedInterval[]>,
  ) => ({
    date,
    durationMinutes: totalDuration,
    rules,
    timeZone: client.timeZone,
    now,
    existing,
    staff: staff && staffDaysOf(staff, date, bookedByStaff),
  });
  const freeStaff = (
    existing: BookedInterval[],
    bookedByStaff: ReadonlyMap<number, readonly BookedInterval[]>,
  ) => freeStaffAt(inputFor(existing, bookedByStaff), minuteOfDay);
  const offered = (existing: BookedInterval[]) => {
    const result = findAvailableStartTimes(inputFor(existing));
    return result.ok && result.times.includes(startLabel);
  };
  if (!offered([])) {
    throw new AppError(
      400,
      staff?.requested
        ? `${startLabel} on ${date} is not a time ${staff.requested.name} works for ${formatDuration(totalDuration)} of treatments. Please choose one of the available times.`
        : `${startLabel} on ${date} is not a time we offer for ${formatDuration(totalDuration)} of treatments. Please choose one of the available times.`,
    );
  }
  return {
    byOwner,
    storedRules,
    date,
    minuteOfDay,
    endMinute: localEndMinute(date, minuteOfDay, totalDuration, client.timeZone),
    startLabel,
    treatments,
    totalPricePence,
    totalDuration,
    offered,
    staff,
    freeStaff,
  };
}

/**
 * Inside the day lock, for a client with staff (issue 32): the therapist asked for if still free,
 * else (any) the fairest of those free: the fewest bookings that day, then display order. None
 * free is a lost race: 409.
 */
async function assignStaff(
  trx: Kysely<Database>,
  context: CreateBookingContext,
  plan: BookingPlan,
  staff: StaffPlan,
  existing: BookedInterval[],
): Promise<Assignment> {
  const { client, now } = context;
  const { date, startLabel } = plan;
  const bookedByStaff =
    (await findStaffBookedIntervalsBetween(trx, client.name, date, date, now)).get(date) ??
    new Map<number, BookedInterval[]>();
  const free = plan.freeStaff(existing, bookedByStaff);
  const bookingsThatDay = new Map(
    [...bookedByStaff].map(([id, list]) => [
      id,
      list.reduce((sum, interval) => sum + (interval.count ?? 1), 0),
    ]),
  );
  const chosen = staff.requested
    ? free.includes(staff.requested.id)
      ? staff.requested.id
      : undefined
    : pickFairly(free, staff.members, bookingsThatDay);
  const member = staff.members.find((m) => m.id === chosen);
  if (!member) {
    throw new AppError(
      409,
      staff.requested
        ? `Sorry, ${staff.requested.name} has just been booked at ${startLabel} on ${date}. Please choose another time, or any therapist.`
        : `Sorry, ${startLabel} on ${date} has just been booked by someone else. Please choose another time.`,
    );
  }
  const lines = plan.treatments.map((t) => {
    const own = member.treatments.find((mt) => mt.treatmentId === t.id);
    return {
      id: t.id,
      name: t.name,
      pricePence: own?.pricePence ?? t.price_pence,
      durationMinutes: own?.durationMinutes ?? t.duration_minutes,
    };
  });
  const totalDuration = minutesWith(member, staff.treatmentIds, staff.treatmentMinutes);
  return {
    member,
    totalDuration,
    totalPricePence: lines.reduce((sum, line) => sum + line.pricePence, 0),
    endMinute: localEndMinute(date, plan.minuteOfDay, totalDuration, client.timeZone),
    lines,
  };
}

/**
 * Step 3, inside the day lock: the slot is still free (a lost race is a 409), and an online
 * visitor stays within the caps for the day and for their network address.
 */
async function recheckSlot(
  trx: Kysely<Database>,
  context: CreateBookingContext,
  plan: BookingPlan,
  request: PlaceBookingRequest,
): Promise<Assignment | undefined> {
  const { client, now } = context;
  const { date, startLabel } = plan;
  const existing = await findBookedIntervals(trx, client.name, date, now);
  const assignment = plan.staff
    ? await assignStaff(trx, context, plan, plan.staff, existing)
    : undefined;
  if (!assignment && !plan.offered(existing)) {
    throw new AppError(
      409,
      `Sorry, ${startLabel} on ${date} has just been booked by someone else. Please choose another time.`,
    );
  }
  if (plan.byOwner) return assignment;
  const { addressHash, formSession } = request;
  await refuseTooManyOnDay(
    trx,
    client,
    plan.storedRules,
    { date, email: request.customer.email, addressHash, formSession, minutes: plan.totalDuration },
    now,
    context.addressCaps,
  );
  if (addressHash && context.addressCaps) {
    await refuseTooManyFromAddress(trx, client, addressHash, context.addressCaps, now);
  }
  return assignment;
}

/** What step 4 stored: the booking as answered, and what its e-mails need. */
interface PlacedBooking {
  stored: StoredBooking;
  id: number;
  reference: string;
  /** Set when a new customer's online booking waits for their confirmation. */
  heldUntil: Date | undefined;
  confirm: { token: string; hash: string } | undefined;
  manage: { token: string; hash: string } | undefined;
  /** Issue 36: a deposit asked; the hold waits for its payment, `confirm` is the return token. */
  deposit: { pence: number } | undefined;
}

/**
 * Step 4, inside the lock: a unique reference, the hold (a new customer's online booking waits for
 * their confirmation when the owner asks for it) and the tokens, then the booking and its lines.
 */
async function insertPlannedBooking(
  trx: Kysely<Database>,
  context: CreateBookingContext,
  plan: BookingPlan,
  request: PlaceBookingRequest,
  assignment: Assignment | undefined,
): Promise<PlacedBooking> {
  const { client, now } = context;
  const { byOwner, date, minuteOfDay, startLabel } = plan;
  // With a therapist, their own lengths and prices (issue 32); else the treatments'.
  const endMinute = assignment?.endMinute ?? plan.endMinute;
  const totalPricePence = assignment?.totalPricePence ?? plan.totalPricePence;
  const totalDuration = assignment?.totalDuration ?? plan.totalDuration;
  const lines =
    assignment?.lines ??
    plan.treatments.map((t) => ({
      id: t.id,
      name: t.name,
      pricePence: t.price_pence,
      durationMinutes: t.duration_minutes,
    }));
  const customer = request.customer;
  const consentAt = now.toISOString();
  const reference = await uniqueReference(trx, client.name);
  // Issue 36: a deposit asked holds the booking until paid, instead of the e-mail confirmation.
  const depositPence =
    byOwner || !context.origin || !context.deposits
      ? 0
      : depositFor(
          lines.map((line) => ({ id: line.id, pricePence: line.pricePence })),
          context.deposits,
        );
  const start = localTimeToInstant(date, minuteOfDay, client.timeZone);
  const depositHold =
    depositPence > 0 && context.deposits && start !== null
      ? {
          until: new Date(Math.min(now.getTime() + depositHoldMinutes * 60_000, start)),
          freeUntil: freeCancelUntil(new Date(start), context.deposits.freeCancelHours),
        }
      : undefined;
  const holdEnds =
    byOwner || !context.origin
      ? undefined
      : holdEnd(plan.storedRules, date, minuteOfDay, client.timeZone, now);
  const heldUntil =
    depositHold?.until ??
    (holdEnds && !(await isExistingCustomer(trx, client.name, customer.email))
      ? holdEnds
      : undefined);
  const confirm = heldUntil ? newManageToken() : undefined;
  const manage =
    customer.email !== '' && context.origin && !heldUntil ? newManageToken() : undefined;
  // The customer record (issue 33) is found or made in the booking's own transaction.
  const customerId = await linkCustomer(trx, {
    clientCode: client.name,
    name: customer.name,
    email: customer.email,
    telephone: customer.telephone,
    consent: customer.marketing
      ? { at: consentAt, source: byOwner ? `told the salon (${request.source})` : 'online booking' }
      : undefined,
    now,
  });
  const id = await insertBooking(
    trx,
    {
      customer_id: customerId,
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
      consent_version: request.consentVersion,
      created_at: now.toISOString(),
      source: request.source,
      reference,
      manage_token_hash: manage?.hash ?? null,
      address_hash: byOwner ? null : (request.addressHash ?? null),
      form_session: byOwner ? null : (request.formSession ?? null),
      staff_id: assignment?.member.id ?? null,
      ...(heldUntil
        ? {
            status: 'pending',
            held_until: heldUntil.toISOString(),
            confirm_token_hash: confirm!.hash,
          }
        : {}),
      ...(depositHold
        ? {
            deposit_pence: depositPence,
            deposit_status: 'unpaid',
            deposit_free_until: depositHold.freeUntil.toISOString(),
          }
        : {}),
    },
    lines.map((t) => ({
      treatment_id: t.id,
      name: t.name,
      price_pence: t.pricePence,
      duration_minutes: t.durationMinutes,
    })),
  );

  const stored: StoredBooking = {
    ID: id,
    reference,
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
      marketing: customer.marketing,
    },
    treatments: lines.map((t) => ({
      ID: t.id,
      Name: t.name,
      Price: t.pricePence / 100,
      Duration: t.durationMinutes,
    })),
    consentAt,
    consentVersion: request.consentVersion,
    ...(heldUntil ? { confirmBy: heldUntil.toISOString() } : {}),
    ...(assignment ? { staff: { id: assignment.member.id, name: assignment.member.name } } : {}),
    ...(depositHold && context.deposits
      ? {
          deposit: {
            pence: depositPence,
            payUrl: null,
            policy: depositPolicyText(depositPence, context.deposits.freeCancelHours),
          },
        }
      : {}),
  };
  return {
    stored,
    id,
    reference,
    heldUntil,
    confirm,
    manage,
    deposit: depositHold ? { pence: depositPence } : undefined,
  };
}

/**
 * Step 5, in the same transaction: a held booking's confirm request to the customer alone; else
 * the business's copy (online only), the customer's e-mail with the manage link and .ics, and the
 * reminder.
 */
async function queueBookingEmails(
  trx: Kysely<Database>,
  context: CreateBookingContext,
  plan: BookingPlan,
  placed: PlacedBooking,
): Promise<void> {
  const { client, mailFrom, now } = context;
  const { stored, id, reference, heldUntil, confirm, manage } = placed;
  const { date, minuteOfDay, treatments } = plan;
  const customer = stored.customer;
  // Issue 36: a deposit hold sends nothing yet; its payment confirms it and sends the e-mails.
  if (placed.deposit) return;
  if (heldUntil) {
    // Only the customer hears of a held booking; the rest follows their confirmation.
    const link = confirmUrl(context.origin!, confirm!.token);
    await enqueueMessage(
      trx,
      renderConfirmRequestEmail(stored, client, mailFrom, link, heldUntil),
      now,
    );
    return;
  }
  const ical =
    customer.email === ''
      ? undefined
      : bookingCalendar(
          client,
          {
            reference,
            date,
            startMinute: minuteOfDay,
            durationMinutes: stored.totalDuration,
            treatmentNames: treatments.map((t) => t.name),
            ...(stored.staff ? { staffName: stored.staff.name } : {}),
            customerName: customer.name,
            customerEmail: customer.email,
            sequence: 0,
          },
          'REQUEST',
          mailFrom,
          now,
        );
  const [toBusiness, toCustomer] = renderBookingEmails(stored, client, mailFrom, {
    manageUrl: manage && context.origin ? manageUrl(context.origin, manage.token) : undefined,
    changeUntil: changeDeadline(
      { date, startMinute: minuteOfDay },
      plan.storedRules,
      client.timeZone,
    ),
    ical,
  });
  if (!plan.byOwner) await enqueueMessage(trx, toBusiness, now);
  if (customer.email !== '') await enqueueMessage(trx, toCustomer, now);
  await queueReminder(
    trx,
    client,
    plan.storedRules,
    {
      id,
      reference,
      sequence: 0,
      date,
      startMinute: minuteOfDay,
      start: plan.startLabel,
      customerName: customer.name,
      customerEmail: customer.email,
      treatmentNames: treatments.map((t) => t.name),
      staffName: stored.staff?.name,
    },
    mailFrom,
    now,
  );
}

/**
 * Stores a booking if its slot is still free: the one path for online, phone and walk-in
 * bookings. Totals and the end time come from the treatments in the database; the slot is
 * re-checked under the day lock (a lost race is a 409), and the e-mails are queued in the same
 * transaction, so a booking and its e-mails exist together or not at all. The owner books without
 * the lead time (a walk-in starts now) and without the business's copy of the e-mail.
 */
export async function placeBooking(
  context: CreateBookingContext,
  request: PlaceBookingRequest,
): Promise<StoredBooking> {
  return (await placeBookingWithHold(context, request)).stored;
}

/**
 * placeBooking, answering also the booking's id and, for a deposit hold (issue 36), the token
 * its payment page returns with (the hold's confirm token, which no link can use to confirm it).
 */
export async function placeBookingWithHold(
  context: CreateBookingContext,
  request: PlaceBookingRequest,
): Promise<{ stored: StoredBooking; id: number; depositHoldToken: string | undefined }> {
  const plan = await validateBooking(context, request);
  // Step 2: the day lock, so that two bookings for the same client and day cannot interleave.
  return withDayLock(context.db, context.dbKind, context.client.name, plan.date, async (trx) => {
    const assignment = await recheckSlot(trx, context, plan, request);
    const placed = await insertPlannedBooking(trx, context, plan, request, assignment);
    await queueBookingEmails(trx, context, plan, placed);
    return {
      stored: placed.stored,
      id: placed.id,
      depositHoldToken: placed.deposit ? placed.confirm?.token : undefined,
    };
  });
}
