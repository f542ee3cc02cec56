import { describe, expect, it } from 'vitest';
import { maskSecret, paymentSettingsRequestSchema, paymentStatusOf } from './payments.js';

describe('paymentStatusOf', () => {
  it('is unpaid, paid, part-refunded or refunded from the amounts', () => {
    expect(paymentStatusOf(0, 0)).toBe('unpaid');
    expect(paymentStatusOf(4599, 0)).toBe('paid');
    expect(paymentStatusOf(4599, 1000)).toBe('part-refunded');
    expect(paymentStatusOf(4599, 4599)).toBe('refunded');
  });
  it('is refunded when a refund is seen before the payment (events out of order)', () => {
    expect(paymentStatusOf(0, 4599)).toBe('refunded');
  });
});

describe('payment settings', () => {
  it('masks a key to its last four characters', () => {
    expect(maskSecret('abcd')).toBe('••••abcd');
  });
  it('refuses a key that is not a Stripe secret key', () => {
    const bad = paymentSettingsRequestSchema.safeParse({
      secretKey: 'pk_test_123456789',
      webhookSecret: 'whsec_12345678',
      version: 0,
    });
    expect(bad.success).toBe(false);
    const good = paymentSettingsRequestSchema.safeParse({
      secretKey: 'sk_test_123456789',
      webhookSecret: 'whsec_12345678',
      version: 0,
    });
    expect(good.success).toBe(true);
  });
});
