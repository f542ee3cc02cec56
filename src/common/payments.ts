import { z } from 'zod/mini';

/**
 * Card payment through Stripe (issue 36, docs/decisions/0075-stripe-payments.md): what the owner
 * enters, what the owner API answers (keys masked, never whole), and an order's payment status.
 */

/** unpaid → paid → part-refunded → refunded; derived from amounts, so events in any order agree. */
export const paymentStatuses = ['unpaid', 'paid', 'part-refunded', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * The status from the highest paid and refunded amounts Stripe has reported. Taking the highest
 * of each makes events commute: a late "session completed" cannot undo a refund seen before it.
 */
export function paymentStatusOf(paidPence: number, refundedPence: number): PaymentStatus {
  if (refundedPence > 0 && refundedPence >= paidPence) return 'refunded';
  if (refundedPence > 0) return 'part-refunded';
  if (paidPence > 0) return 'paid';
  return 'unpaid';
}

/** Shows the last four characters only: enough for an owner to tell which key is stored. */
export function maskSecret(hint: string): string {
  return `••••${hint}`;
}

export const paymentSettingsRequestSchema = z.object({
  secretKey: z
    .string()
    .check(
      z.trim(),
      z.regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
        'A Stripe secret key starts sk_test_ or sk_live_',
      ),
    ),
  webhookSecret: z
    .string()
    .check(
      z.trim(),
      z.regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, 'A webhook signing secret starts whsec_'),
    ),
  version: z.number().check(z.int(), z.gte(0)),
});
export type PaymentSettingsRequest = z.infer<typeof paymentSettingsRequestSchema>;

/** What the owner API answers: whether card payment is on, and the keys masked. */
export interface PaymentSettingsAnswer {
  connected: boolean;
  secretKeyMasked: string | null;
  webhookSecretMasked: string | null;
  /** False when the operator has not set PAYMENTS_ENCRYPTION_KEY: keys cannot be stored. */
  encryptionAvailable: boolean;
  version: number;
}

// ---- Visitor's side of paying for an order (issue 36, orders; decision 0077) ----------------

/**
 * GET /api/orders/:orderNumber/payment-status?token=… answers this to the buyer's return pages
 * (/checkout/paid polls it until the webhook has said "paid"). `payUrl` is Stripe's page for the
 * order while it is unpaid (to try again), null once paid or when there is none.
 */
export interface OrderPaymentStatusAnswer {
  orderNumber: string;
  status: PaymentStatus;
  /** The order's total as the shop shows amounts, e.g. £4.999,00. */
  totalText: string;
  payUrl: string | null;
}
