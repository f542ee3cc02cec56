import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isOrderReturnToken, orderReturnToken, orderReturnUrls } from './order-return.js';

describe('the return token of a card order (issue 36)', () => {
  const key = randomBytes(32);
  const token = orderReturnToken(key, 'SE', 'SE-000012');

  it('opens only its own order of its own client, under its own key', () => {
    expect(isOrderReturnToken(key, 'SE', 'SE-000012', token)).toBe(true);
    expect(isOrderReturnToken(key, 'SE', 'SE-000013', token)).toBe(false);
    expect(isOrderReturnToken(key, 'BBG', 'SE-000012', token)).toBe(false);
    expect(isOrderReturnToken(randomBytes(32), 'SE', 'SE-000012', token)).toBe(false);
    expect(isOrderReturnToken(key, 'SE', 'SE-000012', '')).toBe(false);
    expect(isOrderReturnToken(key, 'SE', 'SE-000012', `${token}x`)).toBe(false);
  });

  it('goes back to the paid and not-paid pages with the order and the token', () => {
    const urls = orderReturnUrls('https://shop.example', 'SE-000012', token);
    expect(urls.success_url).toBe(
      `https://shop.example/checkout/paid?order=SE-000012&token=${token}`,
    );
    expect(urls.cancel_url).toBe(
      `https://shop.example/checkout/not-paid?order=SE-000012&token=${token}`,
    );
  });
});
