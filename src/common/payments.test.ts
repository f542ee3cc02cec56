import { describe, expect, it } from 'vitest';
import {
  maskSecret,
  paymentSettingsRequestSchema,
  paymentStatusOf,
  penceOfPounds,
} from './payments.js';
import { refundablePence } from './order-payment.js';

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

// ---- Issue 36, the owner's refunds ----
describe('refund amounts', () => {
  it('reads pounds as typed into whole pence, and refuses what is not an amount', () => {
    expect(penceOfPounds('12')).toBe(1200);
    expect(penceOfPounds('12.5')).toBe(1250);
    expect(penceOfPounds(' £0.07 ')).toBe(7);
    expect(penceOfPounds('£1,250.50')).toBe(125050);
    expect(penceOfPounds('1.250,50')).toBe(125050);
    expect(penceOfPounds('1,5')).toBe(150);
    expect(penceOfPounds('1.505')).toBeUndefined();
    expect(penceOfPounds('-1')).toBeUndefined();
    expect(penceOfPounds('ten')).toBeUndefined();
    expect(penceOfPounds('')).toBeUndefined();
    expect(refundablePence({ paidPence: 2000, refundedPence: 150 })).toBe(1850);
    expect(refundablePence({ paidPence: 0, refundedPence: 150 })).toBe(0);
  });
  it('keeps saved keys when a key is left empty, and still refuses a wrong one', () => {
    expect(paymentSettingsRequestSchema.safeParse({ enabled: false, version: 3 }).data).toEqual({
      secretKey: '',
      webhookSecret: '',
      enabled: false,
      version: 3,
    });
    const wrong = paymentSettingsRequestSchema.safeParse({ webhookSecret: 'sk_x', version: 0 });
    expect(wrong.error?.issues[0]?.path).toEqual(['webhookSecret']);
  });
});
