import type { Kysely } from 'kysely';
import {
  calendarFeedMessages,
  type CalendarFeedEntry,
  type CalendarFeedList,
  type CreatedCalendarFeed,
} from '../../common/calendar-feeds.js';
import { addDays, todayInTimeZone } from '../../common/booking.js';
import type { ClientConfig } from '../../common/client-config.js';
import { hashManageToken, newManageToken } from '../booking/booking-reference.js';
import { loadBookingRules } from '../booking/booking-rules-store.js';
import { bookingStartInstant, bookingUid } from '../booking/emails/booking-calendar.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { listStaff } from '../staff/staff-store.js';
import { buildCalendarFeed, feedEventText, type FeedEvent } from './calendar-feed-ics.js';
import {
  findCalendarFeed,
  findLiveFeedByTokenHash,
  insertCalendarFeed,
  listCalendarFeeds,
  listFeedBookings,
  revokeCalendarFeed,
} from './calendar-feed-store.js';

/** How far back a feed reaches: last month's bookings stay in the calendar for reference. */
export const feedDaysBack = 30;

/** The address of a feed: `/calendar/<token>.ics` on the client's own site. */
export function calendarFeedUrl(origin: string, token: string): string {
  return `${origin}/calendar/${token}.ics`;
}

export interface FeedOwnerContext {
  db: Kysely<Database>;
  client: ClientConfig;
  now: Date;
  audit: (action: string, detail: Record<string, unknown>) => Promise<void>;
  /**
   * A staff account (docs/decisions/0056-team-roles.md) sees and makes only its own calendar:
   * the therapist its account is linked to, or none (null). Undefined for an owner: every feed.
   */
  ownStaffId?: number | null;
}

/** Whether a feed for `staffId` (null: the salon) is one this account may see and make. */
function mayUseFeedOf(context: FeedOwnerContext, staffId: number | null): boolean {
  return context.ownStaffId === undefined || (staffId !== null && staffId === context.ownStaffId);
}

export async function listFeeds(context: FeedOwnerContext): Promise<CalendarFeedList> {
  const [feeds, staff] = await Promise.all([
    listCalendarFeeds(context.db, context.client.name),
    listStaff(context.db, context.client.name, { activeOnly: true }),
  ]);
  return {
    feeds: feeds.filter((feed) => mayUseFeedOf(context, feed.staffId)),
    staff: staff
      .filter((m) => mayUseFeedOf(context, m.id))
      .map((m) => ({ id: m.id, name: m.name })),
    salonLinkAllowed: mayUseFeedOf(context, null),
  };
}

/** A new feed for the salon (staffId null) or one of its therapists: the link, shown once. */
export async function createFeed(
  context: FeedOwnerContext,
  staffId: number | null,
  origin: string,
): Promise<CreatedCalendarFeed> {
  if (!mayUseFeedOf(context, staffId)) {
    throw new AppError(403, calendarFeedMessages.onlyYourOwn);
  }
  if (staffId !== null) {
    const staff = await listStaff(context.db, context.client.name, { activeOnly: false });
    if (!staff.some((m) => m.id === staffId)) {
      throw new AppError(400, calendarFeedMessages.unknownStaff, [
        { path: 'staffId', message: calendarFeedMessages.unknownStaff },
      ]);
    }
  }
  const { token, hash } = newManageToken();
  const id = await insertCalendarFeed(context.db, {
    clientCode: context.client.name,
    staffId,
    tokenHash: hash,
    now: context.now,
  });
  await context.audit('calendar-feed.create', { id, staffId });
  const feed = (await findCalendarFeed(context.db, context.client.name, id))!;
  return { feed, url: calendarFeedUrl(origin, token) };
}

export async function revokeFeed(
  context: FeedOwnerContext,
  id: number,
): Promise<CalendarFeedEntry> {
  const feed = await findCalendarFeed(context.db, context.client.name, id);
  // Another therapist's feed is not there for a staff account, as another client's is not.
  if (!feed || !mayUseFeedOf(context, feed.staffId)) {
    throw new AppError(404, calendarFeedMessages.notFound);
  }
  if (feed.revokedAt !== null) return feed;
  await revokeCalendarFeed(context.db, context.client.name, id, context.now);
  await context.audit('calendar-feed.revoke', { id, staffId: feed.staffId });
  return (await findCalendarFeed(context.db, context.client.name, id))!;
}

/** A link's token as it may appear in the address: what newManageToken makes. */
const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * The calendar text of the feed this token opens on this client's site, or undefined when there
 * is none (unknown, revoked, another client's, or not a token at all): bookings from 30 days
 * back to the booking horizon.
 */
export async function renderFeed(
  db: Kysely<Database>,
  client: ClientConfig,
  token: string,
  now: Date,
): Promise<string | undefined> {
  if (!feedTokenPattern.test(token)) return undefined;
  const feed = await findLiveFeedByTokenHash(db, client.name, hashManageToken(token));
  if (!feed) return undefined;
  const horizonDays = (await loadBookingRules(db, client))?.rules.horizonDays ?? 0;
  const today = todayInTimeZone(client.timeZone, now);
  const bookings = await listFeedBookings(db, {
    clientCode: client.name,
    staffId: feed.staffId,
    from: addDays(today, -feedDaysBack),
    to: addDays(today, horizonDays),
    now,
  });
  const events: FeedEvent[] = bookings.map((booking) => {
    const start = bookingStartInstant(client, booking.bookingDate, booking.startMinute);
    const reference = booking.reference ?? `ID${booking.id}`;
    return {
      uid: bookingUid(client, reference),
      sequence: booking.sequence,
      start,
      end: start + (booking.endMinute - booking.startMinute) * 60_000,
      ...feedEventText({
        reference,
        treatmentNames: booking.treatmentNames,
        customerName: booking.customerName,
        customerTelephone: booking.customerTelephone,
        customerEmail: booking.customerEmail,
        staffName: booking.staffName,
        held: booking.status === 'pending',
      }),
      location: client.address,
      status: booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED',
    };
  });
  const name = feed.staffName ? `${feed.staffName}, ${client.title}` : `${client.title}, bookings`;
  return buildCalendarFeed({ name, stamp: now.getTime(), events });
}
