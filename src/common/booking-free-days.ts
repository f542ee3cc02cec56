// zod/mini, like the other shared schemas. Not in src/common/booking.ts: that module is in the
// "schemas" chunk every form loads (vite.config.ts), checkout included, whose budget is full.
import * as z from 'zod/mini';
import { availableTimesRequestSchema, isoDatePattern, staffIdField } from './booking.js';

/** The month view of free days (issue 17): GET bookings/free-days. */

/** YYYY-MM: a calendar month, local to the client. */
export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** GET bookings/free-days?month=YYYY-MM&estmatedDuration=N (issue 17: the month view). */
export const freeDaysRequestSchema = z.object({
  month: z
    .string({ error: 'month is required, written YYYY-MM (for example 2026-12)' })
    .check(z.regex(monthPattern, 'must be a month written YYYY-MM, for example 2026-12')),
  // The same field, checks and messages as bookings/time.
  estmatedDuration: availableTimesRequestSchema.shape.estmatedDuration,
  /** Issue 32: free days with this therapist only; absent for any therapist. */
  staffId: staffIdField,
  /** Issue 32: the chosen treatments' ids, comma-separated (as bookings/time's treatmentIds). */
  treatmentIds: z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.regex(
            /^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,19}$/,
            'treatmentIds must be treatment ids separated by commas, for example 1,7',
          ),
        ),
      z.transform((list: string) => list.split(',').map(Number)),
    ),
  ),
});
export type FreeDaysRequest = z.infer<typeof freeDaysRequestSchema>;

/**
 * What a day of the month view offers: `free` has at least one start time for the duration;
 * `full` is open but has none left (booked up, or too soon for the lead time); `closed` is a
 * closed weekday or inside a closure; `unbookable` is past or beyond the booking horizon.
 */
export const dayStates = ['free', 'full', 'closed', 'unbookable'] as const;
export type DayState = (typeof dayStates)[number];

/** The answer of GET bookings/free-days: every day of the month, in order. */
export const freeDaysSchema = z.object({
  month: z.string().check(z.regex(monthPattern)),
  days: z.array(
    z.object({ date: z.string().check(z.regex(isoDatePattern)), state: z.enum(dayStates) }),
  ),
});
export type FreeDays = z.infer<typeof freeDaysSchema>;
