import type { Kysely } from 'kysely';
import type { Review } from '../../common/reviews.js';
import type { Database } from '../db/schema.js';

/** The client's reviews in id order; a review without stars leaves the field out. */
export async function listReviews(db: Kysely<Database>, clientCode: string): Promise<Review[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'review', 'reviewer', 'stars'])
    .where('client_code', '=', clientCode)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, stars: r.stars ?? undefined }));
}
