import type { Kysely } from 'kysely';
import {
  reviewAskingDefaults,
  type ReviewAsking,
  type ReviewAskingFields,
} from '../../common/reviews.js';
import type { Database } from '../db/schema.js';

/**
 * The queries of asking for reviews (review-requests.ts): the owner's setting per client, and
 * the requests sent, one per customer e-mail address per `oncePerDays`.
 */
type Db = Kysely<Database>;

export async function getReviewAsking(db: Db, clientCode: string): Promise<ReviewAsking> {
  const row = await db
    .selectFrom('review_settings')
    .selectAll()
    .where('client_code', '=', clientCode)
    .executeTakeFirst();
  if (!row) return { ...reviewAskingDefaults, version: 0 };
  return {
    enabled: row.enabled === 1,
    delayDays: row.delay_days,
    oncePerDays: row.once_per_days,
    version: row.version,
  };
}

/** Stores the setting if it is still at `version` (0: never saved); false if someone was first. */
export async function saveReviewAsking(
  db: Db,
  clientCode: string,
  fields: ReviewAskingFields,
  version: number,
): Promise<boolean> {
  const values = {
    enabled: fields.enabled ? 1 : 0,
    delay_days: fields.delayDays,
    once_per_days: fields.oncePerDays,
  };
  if (version === 0) {
    const inserted = await db
      .insertInto('review_settings')
      .values({ client_code: clientCode, ...values, version: 1 })
      .onConflict((oc) => oc.column('client_code').doNothing())
      .returning('client_code')
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const updated = await db
    .updateTable('review_settings')
    .set({ ...values, version: version + 1 })
    .where('client_code', '=', clientCode)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Whether this customer e-mail address was asked for a review after `since` (ISO). */
export async function wasAskedSince(
  db: Db,
  clientCode: string,
  email: string,
  since: string,
): Promise<boolean> {
  const recent = await db
    .selectFrom('review_requests')
    .select('id')
    .where('client_code', '=', clientCode)
    .where('customer_email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return recent !== undefined;
}

/** Records a review request (its id signs the link); answers the id. */
export async function insertReviewRequest(
  db: Db,
  request: {
    clientCode: string;
    email: string;
    customerName: string;
    bookingId: number | null;
    orderId: number | null;
    now: Date;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('review_requests')
    .values({
      client_code: request.clientCode,
      customer_email: request.email,
      customer_name: request.customerName,
      booking_id: request.bookingId,
      order_id: request.orderId,
      created_at: request.now.toISOString(),
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** One of the client's review requests by id; another client's is not found. */
export async function findReviewRequest(db: Db, clientCode: string, id: number) {
  return db
    .selectFrom('review_requests')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Uses the request's link up, unless it already was: answers whether this call did. */
export async function claimReviewRequest(db: Db, id: number, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('review_requests')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
