import { retentionYears } from '../../common/privacy.js';

/**
 * The cut-offs of one retention run (decision 0063), from "now" and the limits the privacy page
 * prints (common/privacy.ts). Pure: the job and its tests pass the clock in.
 */
export interface RetentionPlan {
  /** Bookings whose appointment day (YYYY-MM-DD) is before this are anonymised. */
  bookingsBeforeDate: string;
  /** Orders created before this instant are anonymised. */
  ordersCreatedBefore: string;
  /** Outbox e-mails (enquiries, and the e-mails about bookings and orders) created before this go. */
  emailsCreatedBefore: string;
  /**
   * Customers with nothing left that names them (every booking and order anonymised, no enquiry
   * kept) and no booking, order or enquiry since this instant are erased (decision 0066).
   */
  customersIdleBefore: string;
  /** Confirm links of holds that ended before this instant are ended. */
  holdsEndedBefore: string;
  /** Owner set-password and reset links that expired before this instant are deleted. */
  ownerTokensExpiredBefore: string;
  /** Owner sessions past their absolute expiry at this instant are deleted… */
  sessionsExpiredBefore: string;
  /** …and so are sessions not used since this instant (idle too long to sign in again). */
  sessionsIdleSince: string;
}

const dayMs = 24 * 60 * 60_000;

/**
 * How long a finished hold's confirm link keeps answering "this hold has ended" before it is
 * ended (then it answers "link not found"); and how long an expired owner link is kept, so the
 * "3 reset links an hour" count never loses one it is counting.
 */
export const visitorLinkGraceDays = 30;
export const ownerTokenGraceDays = 1;

/** The same instant `years` calendar years earlier (29 February goes to 1 March). */
export function yearsBefore(now: Date, years: number): Date {
  const then = new Date(now.getTime());
  then.setUTCFullYear(then.getUTCFullYear() - years);
  return then;
}

export function planRetention(
  now: Date,
  options: { sessionIdleMs: number; years?: Record<keyof typeof retentionYears, number> },
): RetentionPlan {
  const years = options.years ?? retentionYears;
  const iso = (date: Date) => date.toISOString();
  return {
    // The appointment day, in UTC: a day either way of the client's own zone does not matter
    // against two years, and the booking is kept, never cut short.
    bookingsBeforeDate: iso(yearsBefore(now, years.bookings)).slice(0, 10),
    ordersCreatedBefore: iso(yearsBefore(now, years.orders)),
    emailsCreatedBefore: iso(yearsBefore(now, years.enquiries)),
    // The shortest limit: a customer seen within it may still have a booking kept under it.
    customersIdleBefore: iso(
      yearsBefore(now, Math.min(years.bookings, years.enquiries, years.orders)),
    ),
    holdsEndedBefore: iso(new Date(now.getTime() - visitorLinkGraceDays * dayMs)),
    ownerTokensExpiredBefore: iso(new Date(now.getTime() - ownerTokenGraceDays * dayMs)),
    sessionsExpiredBefore: iso(now),
    sessionsIdleSince: iso(new Date(now.getTime() - options.sessionIdleMs)),
  };
}
