// zod/mini: the browser parses what the API answers with it (docs/decisions/0006-zod-mini-for-shared-schemas.md).
import * as z from 'zod/mini';

/** A review as GET /api/reviews answers it: the client's own reviews only. */
export const reviewSchema = z.object({
  id: z.number(),
  review: z.string(),
  reviewer: z.string(),
  stars: z.optional(z.number().check(z.int(), z.gte(0), z.lte(5))),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);
