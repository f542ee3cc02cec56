import { describe, expect, it } from 'vitest';
import { starsLabel } from './review-stars';

describe('starsLabel', () => {
  it('says the rating in words', () => {
    expect(starsLabel(5)).toBe('5 out of 5 stars');
    expect(starsLabel(0)).toBe('0 out of 5 stars');
    expect(starsLabel(1, 1)).toBe('1 out of 1 star');
  });
});
