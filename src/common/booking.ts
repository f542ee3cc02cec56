// zod/mini: the browser loads these schemas, and mini is about a third of classic zod's size.
import * as z from 'zod/mini';
import { singleLineChecks } from './text-rules.js';

/**
 * The booking API's payloads (spec sections 3, 5, 7 and 9), shared by the booking screen and the
 * server. Wire names stay as the spec spells them (`estmatedDuration`, `doorNo`, `ID`).
 */

export const bookingMessages = {
  name: 'Please enter Name',
  email: 'Please enter Email',
  emailFormat: 'Please enter a valid e-mail address, for example name@example.com',
  telephone: 'Please enter a phone number of 10 to 11 characters',
  doorNo: 'Please enter your door number or the first line of your address',
  postCode: 'Please enter your postcode',
  gdprConsent: 'Please accept the privacy notice so we can store your booking',
  noTimes:
    'Please select an alternative day or please contact us and we may be able to accommodate timings on this day.',
  bookingFailed: 'Unable to book treatments',
} as const;

/** Spec section 9: the fixed date-of-birth placeholder the browser sends. */
export const dobPlaceholder = '1900-01-01 00:00:00';

/** Which wording of the consent text the visitor accepted; stored with each booking. */
export const consentVersion = 'booking-privacy-2026-11';

export const consentWording =
  'I agree that the salon may store my details to manage this booking, as described in the privacy notice.';

export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

const isoDateField = z
  .string({ error: 'bookingDate is required, as YYYY-MM-DD' })
  .check(
    z.regex(isoDatePattern, 'must be a date written YYYY-MM-DD'),
    z.refine(isRealDate, 'is not a real calendar date'),
  );

/** True when YYYY-MM-DD names a day that exists (no 2027-02-30). */
export function isRealDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A chosen therapist (issue 32): a staff member's id; absent for "any therapist". Coerced, so the
 * month view's query string (GET bookings/free-days) takes it too.
 */
export const staffIdField = z.optional(
  z.coerce
    .number({ error: 'staffId must be the id of a therapist from the staff list' })
    .check(
      z.int('staffId must be the id of a therapist from the staff list'),
      z.positive('staffId must be the id of a therapist from the staff list'),
      z.lte(2_147_483_647, 'staffId must be the id of a therapist from the staff list'),
    ),
);

/** POST bookings/time */
export const availableTimesRequestSchema = z.object({
  bookingDate: isoDateField,
  /** Issue 32: times with this therapist only; absent for any therapist. */
  staffId: staffIdField,
  /**
   * Issue 32: the chosen treatments, so only therapists who perform them all count, at their own
   * lengths; absent, any therapist counts at estmatedDuration (and a client without staff never
   * needs them).
   */
  treatmentIds: z.optional(
    z
      .array(
        z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
        'treatmentIds must be a list of treatment ids',
      )
      .check(
        z.maxLength(20, 'Please choose at most 20 treatments in one booking'),
        z.refine(
          (list: number[]) => new Set(list).size === list.length,
          'each treatment can be chosen only once',
        ),
      ),
  ),
  estmatedDuration: z.coerce
    .number({ error: 'estmatedDuration must be the total treatment time in minutes' })
    .check(
      z.int('estmatedDuration must be whole minutes'),
      z.gte(1, 'estmatedDuration must be at least 1 minute'),
      z.lte(720, 'estmatedDuration cannot be more than 12 hours'),
    ),
});
export type AvailableTimesRequest = z.infer<typeof availableTimesRequestSchema>;

/** The answer of POST bookings/time: start times ("HH:mm") in the client's local time. */
export const availableTimesSchema = z.array(
  z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:mm')),
);
export type AvailableTimes = z.infer<typeof availableTimesSchema>;

/** A treatment as the API lists it (spec section 3); Price in pounds, Duration in minutes. */
export const treatmentSchema = z.object({
  ID: z.number().check(z.int(), z.positive()),
  Name: z.string(),
  Description: z.string(),
  Price: z.number().check(z.nonnegative()),
  Duration: z.number().check(z.int(), z.positive()),
  CategoryId: z.number().check(z.int(), z.positive()),
  Active: z.boolean(),
  /** Issue 33: a passed patch test is needed at least this many hours before; absent: none. */
  PatchTestHours: z.optional(z.number()),
  /** Issue 33: this is the patch-test appointment; absent: it is not. */
  IsPatchTest: z.optional(z.boolean()),
});
export type Treatment = z.infer<typeof treatmentSchema>;
export const treatmentListSchema = z.array(treatmentSchema);

export const categorySchema = z.object({
  ID: z.number().check(z.int(), z.positive()),
  Name: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

/** The customer form, as the visitor fills it in (stage 2). */
export const bookingCustomerFormSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, bookingMessages.name),
      z.maxLength(100, 'Please keep the name under 100 characters'),
      ...singleLineChecks(),
    ),
  email: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, bookingMessages.email),
        z.maxLength(254, 'Please keep the e-mail address under 254 characters'),
        ...singleLineChecks(),
      ),
    z.email(bookingMessages.emailFormat),
  ),
  telephone: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, bookingMessages.telephone),
      z.maxLength(11, bookingMessages.telephone),
      ...singleLineChecks(),
    ),
  doorNo: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, bookingMessages.doorNo),
      z.maxLength(200, 'Please keep this under 200 characters'),
      ...singleLineChecks(),
    ),
  postCode: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, bookingMessages.postCode),
      z.maxLength(16, 'Please keep the postcode under 16 characters'),
      ...singleLineChecks(),
    ),
  gdprConsent: z
    .boolean()
    .check(z.refine((accepted: boolean) => accepted, bookingMessages.gdprConsent)),
  marketing: z.boolean(),
});
export type BookingCustomerForm = z.infer<typeof bookingCustomerFormSchema>;

const bookingCustomerSchema = z.extend(bookingCustomerFormSchema, {
  gdprConsent: z.literal(true, bookingMessages.gdprConsent),
  marketing: z._default(z.boolean(), false),
  dob: z.optional(z.string().check(z.maxLength(32), ...singleLineChecks())),
  gift: z.optional(z.boolean()),
});

const startTimePattern = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d):00$/;

/** POST bookings/create. The totals and end time are accepted but never trusted. */
export const createBookingRequestSchema = z.object({
  /** Issue 32: the therapist the visitor chose; absent for any therapist. */
  staffId: staffIdField,
  totalPrice: z.optional(z.number()),
  totalDuration: z.optional(z.number()),
  startTime: z.string({ error: 'startTime is required, as YYYY-MM-DD HH:mm:00' }).check(
    z.regex(startTimePattern, 'must be written YYYY-MM-DD HH:mm:00'),
    z.refine((value: string) => isRealDate(value.slice(0, 10)), 'is not a real calendar date'),
  ),
  endTime: z.optional(z.string().check(z.maxLength(32), ...singleLineChecks())),
  customer: bookingCustomerSchema,
  treatments: z
    .array(
      // The browser sends whole treatment objects; only the ID is read, the rest comes from the DB.
      z.looseObject({ ID: z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)) }),
      { error: 'treatments must be a list of the chosen treatments' },
    )
    .check(
      z.minLength(1, 'Please choose at least one treatment'),
      z.maxLength(20, 'Please choose at most 20 treatments in one booking'),
      z.refine(
        (list: Array<{ ID: number }>) => new Set(list.map((t) => t.ID)).size === list.length,
        'each treatment can be chosen only once',
      ),
    ),
});
/** What the browser sends. */
export type CreateBookingPayload = Omit<
  z.input<typeof createBookingRequestSchema>,
  'treatments'
> & {
  treatments: Array<{ ID: number }>;
};
/** What the server works with once the payload is validated. */
export type CreateBookingRequest = z.infer<typeof createBookingRequestSchema>;

/** Splits 'YYYY-MM-DD HH:mm:00' into its date and its minute of the day. */
export function splitStartTime(startTime: string): { date: string; minuteOfDay: number } {
  const match = startTimePattern.exec(startTime);
  if (!match) throw new Error(`Not a start time: ${startTime}`);
  return { date: match[1]!, minuteOfDay: Number(match[2]) * 60 + Number(match[3]) };
}

/**
 * The stored booking as POST bookings/create answers it in `data`. Loose, so fields added later
 * (issue 36's `deposit`) pass through the browser's check without weighing on the booking page.
 */
export const storedBookingSchema = z.looseObject({
  ID: z.number(),
  /** What the visitor quotes (issue 17): 8 characters, unique per client. */
  reference: z.string(),
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  totalPrice: z.number(),
  totalDuration: z.number(),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    telephone: z.string(),
    doorNo: z.string(),
    postCode: z.string(),
    gdprConsent: z.literal(true),
    marketing: z.boolean(),
  }),
  treatments: z.array(
    z.pick(treatmentSchema, { ID: true, Name: true, Price: true, Duration: true }),
  ),
  consentAt: z.string(),
  consentVersion: z.string(),
  /** Issue 17: set when a new customer must confirm by e-mail; the time is held until then (ISO). */
  confirmBy: z.optional(z.string()),
  /** Issue 32: the therapist the booking is with, for a client with staff. */
  staff: z.optional(z.object({ id: z.number(), name: z.string() })),
});
export type StoredBooking = z.infer<typeof storedBookingSchema> & {
  /**
   * Issue 36 (decision 0079): the deposit this booking asks, held until paid. `payUrl` is Stripe's
   * page to pay it; `policy` the cancellation policy in words, shown before paying.
   */
  deposit?: { pence: number; payUrl: string | null; policy: string };
};

/** The whole answer of POST bookings/create when the booking is made (status 200). */
export const createBookingAnswerSchema = z.object({ data: storedBookingSchema });

export function formatMinuteOfDay(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  const minutes = minuteOfDay % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

export function parseTimeOfDay(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

const zonedFormatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl.DateTimeFormat costs far more than using one, so keep one per time zone. */
function zonedFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zonedFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zonedFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local calendar date and minute of the day of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): { date: string; minuteOfDay: number } {
  const parts = zonedFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minuteOfDay: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** Today's date in the client's time zone, for the date picker's minimum. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  return zonedParts(now, timeZone).date;
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

let longDateFormatter: Intl.DateTimeFormat | undefined;

/** "Wednesday, 9 December 2026" for a YYYY-MM-DD date (a calendar day; no time zone shift). */
export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  // Built once: a new Intl.DateTimeFormat costs about a millisecond, its format() microseconds.
  longDateFormatter ??= new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return longDateFormatter.format(new Date(Date.UTC(y, m - 1, d)));
}
