// zod/mini, like the other shared schemas; a module of its own so the booking screens do not load
// the owner's rule schemas (and the client record's, which they import).
import * as z from 'zod/mini';
import type { BookingRules } from './booking-rules.js';

/**
 * What the visitor's booking screens need of the owner's stored booking rules (issue 29): how far
 * ahead the calendar and the date field go. The server sends it in the page's data and answers it
 * at GET /api/bookings/rules, both from the stored rules, so the calendar offers exactly the days
 * the server accepts. Only these fields leave the server: a closure's reason or the caps are the
 * owner's business.
 */
export const visitorBookingRulesSchema = z.object({
  horizonDays: z.number().check(z.int(), z.gte(1)),
});
export type VisitorBookingRules = z.infer<typeof visitorBookingRulesSchema>;

/** The visitor's share of the owner's rules. */
export function visitorBookingRules(rules: BookingRules): VisitorBookingRules {
  return { horizonDays: rules.horizonDays };
}
