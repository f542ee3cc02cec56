import { describe, expect, it } from 'vitest';
import { reviewFieldsSchema } from '@common/reviews';
import { isReviewFormValues, reviewSchemaInputOf } from './review-form-values';

describe('the review form values', () => {
  it('send the stars as a number the shared schema accepts', () => {
    const parsed = reviewFieldsSchema.safeParse(
      reviewSchemaInputOf({ reviewer: ' Ann ', stars: '4', review: 'Lovely work' }),
    );
    expect(parsed.success && parsed.data).toEqual({
      reviewer: 'Ann',
      stars: 4,
      review: 'Lovely work',
    });
  });
  it('refuse no stars, and tell a draft from something else', () => {
    expect(
      reviewFieldsSchema.safeParse(
        reviewSchemaInputOf({ reviewer: 'A', stars: '', review: 'Fine work' }),
      ).success,
    ).toBe(false);
    expect(isReviewFormValues({ reviewer: '', stars: '5', review: '' })).toBe(true);
    expect(isReviewFormValues({ reviewer: '', stars: 5 })).toBe(false);
  });
});
