import { describe, expect, it } from 'vitest';
import {
  defaultDepositSettings,
  depositFor,
  depositRefundablePence,
  depositPolicyText,
  depositSettingsSchema,
  freeCancelUntil,
  type DepositSettings,
} from './deposits.js';

const cut = { id: 1, pricePence: 3500 };
const colour = { id: 2, pricePence: 8999 };
const brows = { id: 3, pricePence: 1250 };

const settings = (change: Partial<DepositSettings>): DepositSettings => ({
  ...defaultDepositSettings,
  ...change,
});

describe('depositFor', () => {
  it('asks nothing when deposits are off', () => {
    expect(depositFor([cut, colour], defaultDepositSettings)).toBe(0);
  });

  it('takes a fixed whole-booking amount, never more than the booking costs', () => {
    const fixed = settings({ mode: 'booking', booking: { kind: 'fixed', amount: 2000 } });
    expect(depositFor([cut, colour], fixed)).toBe(2000);
    expect(depositFor([brows], fixed)).toBe(1250);
  });

  it('rounds a whole-booking percent half up to whole pence', () => {
    const third = settings({ mode: 'booking', booking: { kind: 'percent', amount: 33 } });
    // 12499 × 33% = 4124.67 → 4125
    expect(depositFor([cut, colour], third)).toBe(4125);
    const half = settings({ mode: 'booking', booking: { kind: 'percent', amount: 50 } });
    // 1250 + 1 = 1251 × 50% = 625.5 → 626 (half up)
    expect(depositFor([{ id: 9, pricePence: 1251 }], half)).toBe(626);
    expect(depositFor([{ id: 9, pricePence: 1249 }], half)).toBe(625);
  });

  it('adds each treatment’s own deposit, each rounded on its own; unlisted ones ask none', () => {
    const perTreatment = settings({
      mode: 'per-treatment',
      treatments: [
        { treatmentId: 2, kind: 'percent', amount: 25 }, // 8999 × 25% = 2249.75 → 2250
        { treatmentId: 3, kind: 'fixed', amount: 5000 }, // capped at its price, 1250
      ],
    });
    expect(depositFor([cut, colour, brows], perTreatment)).toBe(2250 + 1250);
    expect(depositFor([cut], perTreatment)).toBe(0);
  });

  it('takes the whole price at 100 percent and nothing at 0', () => {
    const all = settings({ mode: 'booking', booking: { kind: 'percent', amount: 100 } });
    expect(depositFor([cut, brows], all)).toBe(4750);
    const none = settings({ mode: 'booking', booking: { kind: 'percent', amount: 0 } });
    expect(depositFor([cut], none)).toBe(0);
  });
});

describe('deposit settings', () => {
  it('refuses a percent over 100, fractions of a penny and negative hours, on their fields', () => {
    const result = depositSettingsSchema.safeParse({
      ...defaultDepositSettings,
      booking: { kind: 'percent', amount: 120 },
      freeCancelHours: -1,
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['booking.amount', 'freeCancelHours']));
    expect(
      depositSettingsSchema.safeParse({
        ...defaultDepositSettings,
        booking: { kind: 'fixed', amount: 12.5 },
      }).success,
    ).toBe(false);
  });

  it('says the policy in words and computes the free window', () => {
    expect(depositPolicyText(1500, 24)).toContain('£15.00');
    expect(depositPolicyText(1500, 24)).toContain('at least 24 hours before');
    expect(depositPolicyText(1500, 1)).toContain('at least 1 hour before');
    expect(depositPolicyText(1500, 24, 2000)).toMatch(
      /^A deposit of between £15\.00 and £20\.00, depending on the therapist, is paid by card/,
    );
    expect(depositPolicyText(1500, 24, 1500)).toMatch(/^A deposit of £15\.00 is paid/);
    const start = new Date('2026-12-01T10:00:00Z');
    expect(freeCancelUntil(start, 24).toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });

  it('refunds at most what is held of a deposit: paid, part refunded or kept, less refunds', () => {
    expect(depositRefundablePence({ pence: 1000, refundedPence: 0, status: 'paid' })).toBe(1000);
    expect(
      depositRefundablePence({ pence: 1000, refundedPence: 400, status: 'part-refunded' }),
    ).toBe(600);
    expect(depositRefundablePence({ pence: 1000, refundedPence: 0, status: 'kept' })).toBe(1000);
    expect(depositRefundablePence({ pence: 1000, refundedPence: 0, status: 'unpaid' })).toBe(0);
    expect(depositRefundablePence({ pence: 1000, refundedPence: 1000, status: 'refunded' })).toBe(
      0,
    );
  });
});
