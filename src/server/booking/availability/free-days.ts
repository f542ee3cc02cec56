import { addDays } from '../../../common/booking.js';
import type { DayState, FreeDays } from '../../../common/booking-free-days.js';
import { closureOn, type BookingRules } from '../../../common/booking-rules.js';
import {
  hasFreeStart,
  localDateOf,
  weekdayOf,
  type BookedInterval,
  type StaffDay,
} from './availability.js';

/**
 * Which days of a month have at least one free start time for a booking of a given length: the
 * month view of the booking screen (issue 17). Pure, like availability.ts, whose rules it reuses
 * day by day (hours and spans, closures, capacity, lead time, horizon, buffer, clock changes), so
 * a day shown free is a day whose times list is not empty, and the other way round.
 */

export interface FreeDaysInput {
  /** YYYY-MM, local to the client. */
  month: string;
  durationMinutes: number;
  rules: BookingRules;
  timeZone: string;
  now: Date;
  /** The month's bookings by local date (YYYY-MM-DD); a date missing here has none. */
  bookedByDate: ReadonlyMap<string, readonly BookedInterval[]>;
  /** For a client with staff (issue 32): who could take the booking on a date; else undefined. */
  staffOn?: ((date: string) => readonly StaffDay[]) | undefined;
}

export type FreeDaysResult = ({ ok: true } & FreeDays) | { ok: false; reason: string };

const monthNames = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "December 2026" for 2026-12. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthNames.format(new Date(Date.UTC(y, m - 1, 1)));
}

/** The dates (YYYY-MM-DD) of a month, first to last. */
export function datesOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The first and last day a visitor can book today, local to the client. */
export function bookableDates(
  rules: Pick<BookingRules, 'horizonDays'>,
  timeZone: string,
  now: Date,
): { first: string; last: string } {
  const first = localDateOf(now.getTime(), timeZone);
  return { first, last: addDays(first, rules.horizonDays) };
}

/**
 * The dates of the month a visitor can book, or why none: a month wholly before this one or
 * wholly beyond the horizon is refused with a reason (as the times list refuses such a date), so
 * a request cannot make the server walk far-off months.
 */
export function checkMonth(
  month: string,
  rules: Pick<BookingRules, 'horizonDays'>,
  timeZone: string,
  now: Date,
): { ok: true; from: string; to: string } | { ok: false; reason: string } {
  const { first, last } = bookableDates(rules, timeZone, now);
  if (month < first.slice(0, 7)) {
    return {
      ok: false,
      reason: `${formatMonth(month)} is in the past. Please choose ${formatMonth(first.slice(0, 7))} or a later month.`,
    };
  }
  if (month > last.slice(0, 7)) {
    return {
      ok: false,
      reason: `Bookings open ${rules.horizonDays} days ahead, so the latest month you can choose is ${formatMonth(last.slice(0, 7))}.`,
    };
  }
  const dates = datesOfMonth(month);
  const from = dates[0]! < first ? first : dates[0]!;
  const to = dates.at(-1)! > last ? last : dates.at(-1)!;
  return { ok: true, from, to };
}

/** Every day of the month with what it offers; days outside the bookable dates are `unbookable`. */
export function findFreeDays(input: FreeDaysInput): FreeDaysResult {
  const { month, durationMinutes, rules, timeZone, now, bookedByDate } = input;
  if (!Number.isInteger(durationMinutes) || durationMinutes < 1) {
    return {
      ok: false,
      reason: 'The treatment time must be a whole number of minutes, at least 1.',
    };
  }
  const range = checkMonth(month, rules, timeZone, now);
  if (!range.ok) return range;

  const days = datesOfMonth(month).map((date): { date: string; state: DayState } => {
    if (date < range.from || date > range.to) return { date, state: 'unbookable' };
    if (rules.weeklyHours[weekdayOf(date)].length === 0 || closureOn(rules, date)) {
      return { date, state: 'closed' };
    }
    const free = hasFreeStart({
      date,
      durationMinutes,
      rules,
      timeZone,
      now,
      existing: bookedByDate.get(date) ?? [],
      staff: input.staffOn?.(date),
    });
    return { date, state: free ? 'free' : 'full' };
  });
  return { ok: true, month, days };
}
