// zod/mini: the browser parses what the API answers with it (docs/decisions/0006-zod-mini-for-shared-schemas.md).
import * as z from 'zod/mini';
import { multiLineChecks, singleLineChecks } from './text-rules.js';

/**
 * A review as GET /api/reviews answers it: the client's published reviews only, in the owner's
 * order, with the owner's public reply when there is one (docs/decisions/0064-reviews-the-owner-runs.md).
 */
export const reviewSchema = z.object({
  id: z.number(),
  review: z.string(),
  reviewer: z.string(),
  stars: z.optional(z.number().check(z.int(), z.gte(0), z.lte(5))),
  reply: z.optional(z.string()),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);

export const reviewStatuses = ['published', 'hidden', 'pending'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export const reviewSources = ['seed', 'owner', 'customer'] as const;
export type ReviewSource = (typeof reviewSources)[number];

export const maxReviewerLength = 80;
export const maxReviewTextLength = 2000;
export const maxReplyLength = 1000;

/** Stored as typed (trimmed); React escapes it on the page, so markup shows as the words it is. */
const reviewerSchema = z
  .string({ error: 'Please give a name' })
  .check(
    z.trim(),
    z.minLength(1, 'Please give a name'),
    z.maxLength(maxReviewerLength, `Please keep the name under ${maxReviewerLength} characters`),
    ...singleLineChecks(),
  );
const reviewTextSchema = z
  .string({ error: 'Please write the review' })
  .check(
    z.trim(),
    z.minLength(3, 'Please write a few words'),
    z.maxLength(
      maxReviewTextLength,
      `Please keep the review under ${maxReviewTextLength} characters`,
    ),
    ...multiLineChecks(),
  );
const starsSchema = z
  .number({ error: 'Please choose from 1 to 5 stars' })
  .check(
    z.int('Please choose from 1 to 5 stars'),
    z.gte(1, 'Please choose from 1 to 5 stars'),
    z.lte(5, 'Please choose from 1 to 5 stars'),
  );

/** The review form (the owner's add/edit, the customer's review page). */
export const reviewFieldsSchema = z.object({
  reviewer: reviewerSchema,
  stars: starsSchema,
  review: reviewTextSchema,
});
export type ReviewFields = z.infer<typeof reviewFieldsSchema>;

const versionSchema = z
  .number({ error: 'version is a number' })
  .check(z.int('version is a number'));

/** PUT /api/manage/reviews/:id: the fields with the version the owner saw (409 if stale). */
export const reviewEditSchema = z.extend(reviewFieldsSchema, { version: versionSchema });

/** POST /api/manage/reviews/:id/reply: '' takes the reply away. */
export const reviewReplyFieldsSchema = z.object({
  reply: z
    .string({ error: 'Please write the reply' })
    .check(
      z.trim(),
      z.maxLength(maxReplyLength, `Please keep the reply under ${maxReplyLength} characters`),
      ...multiLineChecks(),
    ),
});
export type ReviewReplyFields = z.infer<typeof reviewReplyFieldsSchema>;
export const reviewReplySchema = z.extend(reviewReplyFieldsSchema, { version: versionSchema });

/** POST /api/manage/reviews/:id/status: publish (approve) or hide. */
export const reviewStatusChangeSchema = z.object({
  status: z.enum(['published', 'hidden'], { error: 'status is published or hidden' }),
  version: versionSchema,
});

/** POST /api/manage/reviews/order: every review id in the new order. */
export const reviewOrderSchema = z.object({
  ids: z
    .array(z.number().check(z.int(), z.positive()))
    .check(z.minLength(1, 'ids lists the reviews in their new order')),
});

/** A review as the owner's API (/api/manage/reviews) answers it: every status. */
export const managedReviewSchema = z.object({
  id: z.number(),
  reviewer: z.string(),
  stars: z.nullable(z.number()),
  review: z.string(),
  status: z.enum(reviewStatuses),
  source: z.enum(reviewSources),
  displayOrder: z.number(),
  reply: z.nullable(z.string()),
  repliedAt: z.nullable(z.string()),
  createdAt: z.string(),
  version: z.number(),
});
export type ManagedReview = z.infer<typeof managedReviewSchema>;
export const managedReviewListSchema = z.object({ reviews: z.array(managedReviewSchema) });

/** The owner's asking for reviews (GET/PUT /api/manage/reviews/settings). */
export const reviewAskingFieldsSchema = z.object({
  enabled: z.boolean({ error: 'enabled is true or false' }),
  delayDays: z
    .number({ error: 'Please give a number of days' })
    .check(
      z.int('Please give a whole number of days'),
      z.gte(0, 'Please give 0 days or more'),
      z.lte(60, 'Please give at most 60 days'),
    ),
  oncePerDays: z
    .number({ error: 'Please give a number of days' })
    .check(
      z.int('Please give a whole number of days'),
      z.gte(1, 'Please give 1 day or more'),
      z.lte(730, 'Please give at most 730 days'),
    ),
});
export type ReviewAskingFields = z.infer<typeof reviewAskingFieldsSchema>;
export const reviewAskingEditSchema = z.extend(reviewAskingFieldsSchema, {
  version: versionSchema,
});
export type ReviewAsking = ReviewAskingFields & { version: number };
export const reviewAskingDefaults: ReviewAskingFields = {
  enabled: false,
  delayDays: 1,
  oncePerDays: 180,
};

/** GET /api/review-requests/:token: what the customer's review page shows. */
export interface ReviewInvitation {
  clientTitle: string;
  customerName: string;
}
