import type { Kysely } from 'kysely';
import type { CalendarFeedEntry } from '../../common/calendar-feeds.js';
import { listBookingTreatmentNames } from '../db/booking-treatment-names.js';
import type { Database } from '../db/schema.js';

/** Every query about calendar feeds (issue 32); each is scoped by the client's code. */

function toEntry(row: {
  id: number;
  staff_id: number | null;
  staff_name: string | null;
  created_at: string;
  revoked_at: string | null;
}): CalendarFeedEntry {
  return {
    id: row.id,
    staffId: row.staff_id,
    staffName: row.staff_name,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

function feedsOf(db: Kysely<Database>, clientCode: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .leftJoin('staff_members as s', (join) =>
      join.onRef('s.id', '=', 'f.staff_id').onRef('s.client_code', '=', 'f.client_code'),
    )
    .select([
      'f.id',
      'f.staff_id',
      's.name as staff_name',
      'f.token_hash',
      'f.created_at',
      'f.revoked_at',
    ])
    .where('f.client_code', '=', clientCode);
}

/** The client's feeds, newest first, revoked ones too. */
export async function listCalendarFeeds(
  db: Kysely<Database>,
  clientCode: string,
): Promise<CalendarFeedEntry[]> {
  const rows = await feedsOf(db, clientCode).orderBy('f.id', 'desc').execute();
  return rows.map(toEntry);
}

export async function findCalendarFeed(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
): Promise<CalendarFeedEntry | undefined> {
  const row = await feedsOf(db, clientCode).where('f.id', '=', id).executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

/** The feed whose link carries this token's hash, on this client's site, unless revoked. */
export async function findLiveFeedByTokenHash(
  db: Kysely<Database>,
  clientCode: string,
  tokenHash: string,
): Promise<CalendarFeedEntry | undefined> {
  const row = await feedsOf(db, clientCode)
    .where('f.token_hash', '=', tokenHash)
    .where('f.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

export async function insertCalendarFeed(
  db: Kysely<Database>,
  feed: { clientCode: string; staffId: number | null; tokenHash: string; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('calendar_feeds')
    .values({
      client_code: feed.clientCode,
      staff_id: feed.staffId,
      token_hash: feed.tokenHash,
      created_at: feed.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes a live feed; a revoked one keeps its first revocation time. */
export async function revokeCalendarFeed(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('calendar_feeds')
    .set({ revoked_at: now.toISOString() })
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A booking as a feed lists it: what its calendar event is written from. */
export interface FeedBookingRow {
  id: number;
  reference: string | null;
  bookingDate: string;
  startMinute: number;
  endMinute: number;
  sequence: number;
  status: string;
  customerName: string;
  customerTelephone: string;
  customerEmail: string;
  staffName: string | null;
  treatmentNames: string[];
}

/**
 * The bookings a feed lists, from `from` to `to` (local dates, inclusive), in time order: not
 * cancelled, and a held one only while its hold lasts; only one therapist's when `staffId` is set.
 */
export async function listFeedBookings(
  db: Kysely<Database>,
  query: { clientCode: string; staffId: number | null; from: string; to: string; now: Date },
): Promise<FeedBookingRow[]> {
  let bookings = db
    .selectFrom('bookings as b')
    .leftJoin('staff_members as s', (join) =>
      join.onRef('s.id', '=', 'b.staff_id').onRef('s.client_code', '=', 'b.client_code'),
    )
    .select([
      'b.id',
      'b.reference',
      'b.booking_date',
      'b.start_minute',
      'b.end_minute',
      'b.ical_sequence',
      'b.status',
      'b.customer_name',
      'b.customer_telephone',
      'b.customer_email',
      's.name as staff_name',
    ])
    .where('b.client_code', '=', query.clientCode)
    .where('b.booking_date', '>=', query.from)
    .where('b.booking_date', '<=', query.to)
    .where('b.status', '<>', 'cancelled')
    .where((eb) =>
      eb.or([eb('b.status', '<>', 'pending'), eb('b.held_until', '>', query.now.toISOString())]),
    );
  if (query.staffId !== null) bookings = bookings.where('b.staff_id', '=', query.staffId);
  const rows = await bookings
    .orderBy('b.booking_date')
    .orderBy('b.start_minute')
    .orderBy('b.id')
    .execute();
  const names = await listBookingTreatmentNames(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    bookingDate: row.booking_date,
    startMinute: row.start_minute,
    endMinute: row.end_minute,
    sequence: row.ical_sequence,
    status: row.status,
    customerName: row.customer_name,
    customerTelephone: row.customer_telephone,
    customerEmail: row.customer_email,
    staffName: row.staff_name,
    treatmentNames: names.get(row.id) ?? [],
  }));
}
