import type { Kysely, Selectable } from 'kysely';
import type { ManagedReview, Review, ReviewSource, ReviewStatus } from '../../common/reviews.js';
import type { Database, ReviewsTable } from '../db/schema.js';

/**
 * The reviews table's queries (docs/decisions/0064-reviews-the-owner-runs.md): the public list
 * (published only, in the owner's order, with the public reply) and the owner's, every query
 * scoped by the client, every edit checked against the version the owner saw.
 */
type Db = Kysely<Database>;
export type ReviewRow = Selectable<ReviewsTable>;

/** The client's published reviews in the owner's order; a review without stars leaves the field out. */
export async function listReviews(db: Db, clientCode: string): Promise<Review[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'review', 'reviewer', 'stars', 'reply'])
    .where('client_code', '=', clientCode)
    .where('status', '=', 'published')
    .orderBy('display_order')
    .orderBy('id')
    .execute();
  return rows.map(({ stars, reply, ...r }) => ({
    ...r,
    ...(stars === null ? {} : { stars }),
    ...(reply ? { reply } : {}),
  }));
}

export function managedReviewOf(row: ReviewRow): ManagedReview {
  return {
    id: row.id,
    reviewer: row.reviewer,
    stars: row.stars,
    review: row.review,
    status: row.status as ReviewStatus,
    source: row.source as ReviewSource,
    displayOrder: row.display_order,
    reply: row.reply,
    repliedAt: row.replied_at,
    createdAt: row.created_at,
    version: row.version,
  };
}

/** Every review of the client (each status), in the owner's order. */
export async function listAllReviewRows(db: Db, clientCode: string): Promise<ReviewRow[]> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('client_code', '=', clientCode)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export async function findReviewRow(
  db: Db,
  clientCode: string,
  id: number,
): Promise<ReviewRow | undefined> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface NewReview {
  reviewer: string;
  stars: number;
  review: string;
  status: ReviewStatus;
  source: ReviewSource;
  bookingId?: number | null;
  orderId?: number | null;
}

/**
 * Adds a review after the client's last one; answers its id. Two at once may share a place in the
 * order (the list then goes by id); a caller that needs more wraps this in its transaction.
 */
export async function insertReview(
  db: Db,
  clientCode: string,
  review: NewReview,
  now: Date,
): Promise<number> {
  const top = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.max('display_order').as('top'))
    .where('client_code', '=', clientCode)
    .executeTakeFirst();
  const inserted = await db
    .insertInto('reviews')
    .values({
      client_code: clientCode,
      reviewer: review.reviewer,
      stars: review.stars,
      review: review.review,
      status: review.status,
      source: review.source,
      booking_id: review.bookingId ?? null,
      order_id: review.orderId ?? null,
      display_order: Number(top?.top ?? 0) + 1,
      created_at: now.toISOString(),
      reply: null,
      replied_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes a review if it is still at `version` (and bumps it); false if someone was first. */
export async function updateReview(
  db: Db,
  clientCode: string,
  id: number,
  version: number,
  fields: Partial<
    Pick<ReviewRow, 'reviewer' | 'stars' | 'review' | 'status' | 'reply' | 'replied_at'>
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('reviews')
    .set((eb) => ({ ...fields, version: eb('version', '+', 1) }))
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts the client's reviews in the given order (every id the client's). */
export async function setReviewOrder(db: Db, clientCode: string, ids: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [i, id] of ids.entries()) {
      await trx
        .updateTable('reviews')
        .set({ display_order: i + 1 })
        .where('client_code', '=', clientCode)
        .where('id', '=', id)
        .execute();
    }
  });
}
