import type {
  ManagedReview,
  ReviewAsking,
  ReviewAskingFields,
  ReviewFields,
  ReviewStatus,
} from '@common/reviews';
import { ApiError } from '@/lib/api-client';
import { typed } from '@/manage/shared/booking-queries';

/**
 * The Reviews screen's calls (/api/manage/reviews). Typed, not parsed, as the other back-office
 * answers are (docs/decisions/0054-back-office-answers-typed.md); the requests are checked with
 * the shared schemas by the form and again by the server.
 */
export const reviewsQueryKey = ['manage', 'reviews'] as const;

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

export async function fetchManagedReviews(): Promise<ManagedReview[]> {
  return (await typed<{ reviews: ManagedReview[] }>('/api/manage/reviews')).reviews;
}

/** One review as stored now (after a 409: the version someone else saved). */
export async function fetchManagedReview(id: number): Promise<ManagedReview> {
  const review = (await fetchManagedReviews()).find((r) => r.id === id);
  if (!review) throw new ApiError(404, `There is no review ${id} any more.`);
  return review;
}

export function addReview(fields: ReviewFields): Promise<ManagedReview> {
  return typed('/api/manage/reviews', json('POST', fields));
}

export function saveReview(
  id: number,
  fields: ReviewFields,
  version: number,
): Promise<ManagedReview> {
  return typed(`/api/manage/reviews/${id}`, json('PUT', { ...fields, version }));
}

export function setReviewStatus(
  review: ManagedReview,
  status: Exclude<ReviewStatus, 'pending'>,
): Promise<ManagedReview> {
  return typed(
    `/api/manage/reviews/${review.id}/status`,
    json('POST', { status, version: review.version }),
  );
}

export function saveReply(id: number, reply: string, version: number): Promise<ManagedReview> {
  return typed(`/api/manage/reviews/${id}/reply`, json('POST', { reply, version }));
}

export async function saveReviewOrder(ids: number[]): Promise<void> {
  await typed('/api/manage/reviews/order', json('POST', { ids }));
}

export const reviewAskingQueryKey = ['manage', 'review-asking'] as const;

export function fetchReviewAsking(): Promise<ReviewAsking> {
  return typed('/api/manage/reviews/settings');
}

export function saveReviewAsking(
  fields: ReviewAskingFields,
  version: number,
): Promise<ReviewAsking> {
  return typed('/api/manage/reviews/settings', json('PUT', { ...fields, version }));
}
