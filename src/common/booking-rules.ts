// zod/mini: the back office loads these schemas in the browser.
import * as z from 'zod/mini';
import { weekdays, type BookingRules as RecordBookingRules, type Weekday } from './client-config';
import { singleLineChecks } from './text-rules.js';

/**
 * A client's booking rules as the owner edits them (issue 16): opening hours per weekday as
 * several spans (a break is the gap between two spans), closures as date ranges, capacity, lead
 * time, horizon, a buffer between appointments and the slot step. Stored per client in the
 * database (table booking_rules, with a version); the client record's `booking` only seeds them.
 * Times of day are local wall-clock "HH:mm" in the client's time zone.
 */

const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

export function minuteOfTime(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** True when YYYY-MM-DD names a day that exists (no 2027-02-30). */
function isRealDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const timeOfDaySchema = z
  .string()
  .check(z.regex(timeOfDayPattern, 'must be a time written HH:mm (24-hour, 24:00 for midnight)'));
const dateSchema = z
  .string()
  .check(
    z.regex(isoDatePattern, 'must be a date written YYYY-MM-DD'),
    z.refine(isRealDate, 'is not a real calendar date'),
  );
const whole = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .check(
      z.int(`${what} must be a whole number`),
      z.gte(min, `${what} must be at least ${min}`),
      z.lte(max, `${what} must be at most ${max}`),
    );

/** One stretch of opening on a day, start inclusive, end exclusive. */
export const timeSpanSchema = z
  .object({ start: timeOfDaySchema, end: timeOfDaySchema })
  .check(
    z.refine(
      (span: { start: string; end: string }) => minuteOfTime(span.start) < minuteOfTime(span.end),
      'a span must end after it starts',
    ),
  );
export type TimeSpan = z.infer<typeof timeSpanSchema>;

/** A day's spans, in order, neither overlapping nor touching (touching spans are one span). */
const daySpansSchema = z.array(timeSpanSchema).check(
  z.maxLength(6, 'at most 6 spans a day'),
  z.refine(
    (spans: TimeSpan[]) =>
      spans.every(
        (span, i) => i === 0 || minuteOfTime(spans[i - 1]!.end) < minuteOfTime(span.start),
      ),
    'spans must be in order with a gap between them (join spans that touch)',
  ),
);

export const closureSchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    reason: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(200, 'keep the reason under 200 characters'),
          ...singleLineChecks(),
        ),
    ),
  })
  .check(
    z.refine(
      (closure: { from: string; to: string }) => closure.from <= closure.to,
      'a closure must end on or after the day it starts',
    ),
  );
export type Closure = z.infer<typeof closureSchema>;

export const weeklyHoursSchema = z.object({
  sun: daySpansSchema,
  mon: daySpansSchema,
  tue: daySpansSchema,
  wed: daySpansSchema,
  thu: daySpansSchema,
  fri: daySpansSchema,
  sat: daySpansSchema,
});
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

export const bookingRulesSchema = z.object({
  /** Spans per weekday; an empty list means closed that weekday. */
  weeklyHours: weeklyHoursSchema,
  closures: z.array(closureSchema).check(z.maxLength(200, 'at most 200 closures')),
  /** How many appointments can run at once (chairs or therapists). */
  capacity: whole(1, 50, 'capacity'),
  /** How long before an appointment it can still be booked, in minutes. */
  leadMinutes: whole(0, 10_080, 'leadMinutes'),
  /** How many days ahead bookings open. */
  horizonDays: whole(1, 730, 'horizonDays'),
  /** Minutes kept free after each appointment before the next on the same chair. */
  bufferMinutes: whole(0, 240, 'bufferMinutes'),
  /** Start times are offered every this many minutes from each span's start. */
  slotStepMinutes: whole(5, 120, 'slotStepMinutes'),
  /**
   * Issue 17: the visitor may move or cancel online until this many hours before the start
   * (absent: changeCutoffHoursDefault). Optional, so rules saved before issue 17 stay valid.
   */
  changeCutoffHours: z.optional(whole(0, 720, 'changeCutoffHours')),
  /** Issue 17: the reminder goes this many hours before the start; 0 sends none (absent: 24). */
  reminderHours: z.optional(whole(0, 336, 'reminderHours')),
  /**
   * Issue 17, anti-hogging: one online booking may last at most this many minutes in total
   * (absent: maxBookingMinutesDefault). The owner can still book longer by phone.
   */
  maxBookingMinutes: z.optional(whole(15, 1440, 'maxBookingMinutes')),
  /**
   * Issue 17, anti-hogging: online bookings one e-mail address may hold on one day (absent:
   * maxBookingsPerEmailPerDayDefault); cancelled ones do not count.
   */
  maxBookingsPerEmailPerDay: z.optional(whole(1, 50, 'maxBookingsPerEmailPerDay')),
  /**
   * Issue 17, unconfirmed holds: a new customer's online booking holds its time for this many
   * minutes until they confirm by the link in their e-mail, then the time is freed. 0 or absent:
   * no confirmation asked (the default). Customers with a booking kept before never confirm.
   */
  confirmNewCustomersMinutes: z.optional(whole(0, 1440, 'confirmNewCustomersMinutes')),
});

export {
  changeCutoffHoursDefault,
  maxBookingMinutesDefault,
  maxBookingsPerEmailPerDayDefault,
  reminderHoursDefault,
} from './booking-rule-defaults';
export type BookingRules = z.infer<typeof bookingRulesSchema>;

/** The rules with the version they were read at (GET), and what an update sends (PUT). */
export const versionedBookingRulesSchema = z.object({
  version: z.number().check(z.int(), z.gte(1)),
  rules: bookingRulesSchema,
});
export type VersionedBookingRules = z.infer<typeof versionedBookingRulesSchema>;

/** Merges closures of consecutive single days into ranges (the record lists days one by one). */
function closuresFromDates(dates: readonly string[]): Closure[] {
  const sorted = [...new Set(dates)].sort();
  const closures: Closure[] = [];
  for (const date of sorted) {
    const last = closures.at(-1);
    if (last && nextDay(last.to) === date) last.to = date;
    else closures.push({ from: date, to: date });
  }
  return closures;
}

function nextDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The rules a client record's `booking` settings stand for: what the database is seeded with. */
export function rulesFromClientRecord(record: RecordBookingRules): BookingRules {
  const weeklyHours = Object.fromEntries(
    weekdays.map((day) => {
      const hours = record.openingHours[day];
      return [day, hours ? [{ start: hours.open, end: hours.close }] : []];
    }),
  ) as Record<Weekday, TimeSpan[]>;
  return {
    weeklyHours,
    closures: closuresFromDates(record.closedDates),
    capacity: record.capacity,
    leadMinutes: record.minLeadMinutes,
    horizonDays: record.horizonDays,
    bufferMinutes: 0,
    slotStepMinutes: record.slotStepMinutes,
  };
}

/** The closure that covers a date, if any. */
export function closureOn(rules: BookingRules, date: string): Closure | undefined {
  return rules.closures.find((closure) => closure.from <= date && date <= closure.to);
}
