import type { ManagedReview, ReviewFields } from '@common/reviews';

/** The review form's values as the boxes hold them: the stars as the chosen option's text. */
export interface ReviewFormValues {
  reviewer: string;
  stars: string;
  review: string;
}

export const emptyReviewValues: ReviewFormValues = { reviewer: '', stars: '5', review: '' };

export function reviewFormValuesOf(review: ManagedReview): ReviewFormValues {
  return { reviewer: review.reviewer, stars: String(review.stars ?? ''), review: review.review };
}

/** What the shared schema checks: the stars as a number ('' stays '' and is refused). */
export function reviewSchemaInputOf(values: ReviewFormValues): Record<keyof ReviewFields, unknown> {
  return { ...values, stars: values.stars === '' ? '' : Number(values.stars) };
}

export function isReviewFormValues(value: unknown): value is ReviewFormValues {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.reviewer === 'string' && typeof v.stars === 'string' && typeof v.review === 'string'
  );
}

export const reviewFieldLabels = { reviewer: 'Name', stars: 'Stars', review: 'Review' } as const;

export const starOptions = [5, 4, 3, 2, 1].map((n) => ({
  value: String(n),
  label: n === 1 ? '1 star' : `${n} stars`,
}));

export const statusLabels = {
  published: 'Published',
  hidden: 'Hidden',
  pending: 'Waiting for your approval',
} as const;
