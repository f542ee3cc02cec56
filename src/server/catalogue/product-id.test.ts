import { describe, expect, it } from 'vitest';
import { parseProductId } from './product-id.js';

describe('parseProductId', () => {
  it('reads a positive whole number', () => {
    expect(parseProductId('42')).toBe(42);
  });

  it('refuses what GET /api/products/:id refuses: zero, negatives, fractions, words, overflow', () => {
    for (const text of ['0', '-1', '1.5', 'abc', '', '2147483648']) {
      expect(parseProductId(text), text).toBeUndefined();
    }
  });
});
