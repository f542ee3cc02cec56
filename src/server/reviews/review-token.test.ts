import { describe, expect, it } from 'vitest';
import { readReviewToken, signReviewToken } from './review-token.js';

describe('the review link token', () => {
  const secret = 'a-test-secret';
  it('reads back the request id for its own client', () => {
    expect(readReviewToken(secret, signReviewToken(secret, 'RRB', 42), 'RRB')).toBe(42);
  });
  it('refuses a tampered id, another client, another secret, or rubbish', () => {
    const token = signReviewToken(secret, 'RRB', 42);
    expect(readReviewToken(secret, token.replace('.42.', '.43.'), 'RRB')).toBeUndefined();
    expect(readReviewToken(secret, token.replace('RRB', 'SE'), 'SE')).toBeUndefined();
    expect(readReviewToken(secret, token, 'SE')).toBeUndefined();
    expect(readReviewToken('another', token, 'RRB')).toBeUndefined();
    expect(
      readReviewToken(secret, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), 'RRB'),
    ).toBeUndefined();
    expect(readReviewToken(secret, 'nonsense', 'RRB')).toBeUndefined();
  });
});
