// zod/mini: the back office and the booking page load these in the browser.
import * as z from 'zod/mini';
export {
  depositFor,
  depositHoldMinutes,
  depositPolicyText,
  freeCancelUntil,
} from './deposit-rules.js';

/**
 * Deposits for bookings (issue 36, docs/decisions/0079-booking-deposits.md): the owner asks a
 * deposit per treatment or for the whole booking, each a fixed amount in whole pence or a percent
 * of the price, and sets the cancellation policy: cancelling at least `freeCancelHours` before the
 * start refunds the deposit; later, or not coming, keeps it. Money is whole pence throughout.
 */

export const depositModes = ['off', 'per-treatment', 'booking'] as const;
export type DepositMode = (typeof depositModes)[number];
export const depositKinds = ['fixed', 'percent'] as const;
export type DepositKind = (typeof depositKinds)[number];

/**
 * unpaid → paid → refunded (cancelled in time) or kept (late cancel, no-show); the owner may
 * refund part of a paid or kept deposit from the diary (part-refunded), the rest later.
 */
export const depositStatuses = ['unpaid', 'paid', 'part-refunded', 'refunded', 'kept'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const depositStatusLabels: Record<DepositStatus, string> = {
  unpaid: 'unpaid',
  paid: 'paid',
  'part-refunded': 'part refunded',
  refunded: 'refunded',
  kept: 'kept as fee',
};

/** The deposit statuses the owner can still refund from (money is held). */
export const refundableDepositStatuses: readonly DepositStatus[] = [
  'paid',
  'part-refunded',
  'kept',
];

/** What of a deposit can still be refunded, in pence. */
export function depositRefundablePence(deposit: {
  pence: number;
  refundedPence: number;
  status: DepositStatus;
}): number {
  if (!refundableDepositStatuses.includes(deposit.status)) return 0;
  return Math.max(0, deposit.pence - deposit.refundedPence);
}

/**
 * POST /api/manage/bookings/:id/refund-deposit. `expectedRefundedPence` is what the owner saw
 * refunded: a refund made meanwhile (another tab, the visitor's cancellation) is refused, not
 * repeated.
 */
export const refundDepositRequestSchema = z.object({
  amountPence: z
    .number('Type the amount to refund, in pounds')
    .check(z.int('Whole pence, please'), z.gte(1, 'The amount must be at least 1p')),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Say why, for the audit log (the customer does not see it)'),
      z.maxLength(500, 'Please keep the reason under 500 characters'),
    ),
  expectedRefundedPence: z.number().check(z.int(), z.gte(0)),
});
export type RefundDepositRequest = z.infer<typeof refundDepositRequestSchema>;

const amountSchema = z
  .number({ error: 'Please enter an amount' })
  .check(
    z.int('Please enter whole pence, or a whole percent'),
    z.gte(0, 'The amount cannot be negative'),
    z.lte(1_000_000, 'The amount is too large'),
  );

export const depositRuleSchema = z
  .object({ kind: z.enum(depositKinds, 'Choose fixed or percent'), amount: amountSchema })
  .check(
    z.refine((rule) => rule.kind !== 'percent' || rule.amount <= 100, {
      message: 'A percent is at most 100',
      path: ['amount'],
    }),
  );
export type DepositRule = z.infer<typeof depositRuleSchema>;

export const depositSettingsSchema = z.object({
  mode: z.enum(depositModes, 'Choose how deposits are asked'),
  /** The whole booking's deposit, used when mode is 'booking'. */
  booking: depositRuleSchema,
  /** Per treatment, used when mode is 'per-treatment'; a treatment not listed asks none. */
  treatments: z.array(
    z.object({
      treatmentId: z.number().check(z.int(), z.gte(1)),
      kind: z.enum(depositKinds, 'Choose fixed or percent'),
      amount: amountSchema,
    }),
  ),
  freeCancelHours: z
    .number({ error: 'Please enter a number of hours' })
    .check(
      z.int('Please enter whole hours'),
      z.gte(0, 'Hours cannot be negative'),
      z.lte(720, 'At most 720 hours (30 days)'),
    ),
});
export type DepositSettings = z.infer<typeof depositSettingsSchema>;

export const defaultDepositSettings: DepositSettings = {
  mode: 'off',
  booking: { kind: 'fixed', amount: 0 },
  treatments: [],
  freeCancelHours: 24,
};

export const depositSettingsRequestSchema = z.object({
  settings: depositSettingsSchema,
  version: z.number().check(z.int(), z.gte(0)),
});
export type DepositSettingsRequest = z.infer<typeof depositSettingsRequestSchema>;

/** GET/PUT /api/manage/deposit-settings: the settings, and whether cards can be taken at all. */
export interface DepositSettingsAnswer {
  settings: DepositSettings;
  version: number;
  /** False until the owner connects Stripe (Payments): then no deposit is asked. */
  cardsTaken: boolean;
}

/** GET /api/bookings/deposit-terms: what the booking page shows before the visitor pays. */
export interface DepositTerms {
  cardsTaken: boolean;
  settings: DepositSettings;
}

/**
 * GET /api/bookings/deposit-hold/:token: what the page Stripe returns to says. awaiting: not paid
 * yet (the hold still stands, `payUrl` pays it); confirmed: paid and booked; released: the hold
 * lapsed or was given up, so the time is free again (a late payment is refunded).
 */
export interface DepositHoldAnswer {
  state: 'awaiting' | 'confirmed' | 'released';
  reference: string;
  date: string;
  start: string;
  depositPence: number;
  depositStatus: DepositStatus;
  heldUntil: string | null;
  payUrl: string | null;
  policy: string;
}
