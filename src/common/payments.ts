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

const secretKeyPattern = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;
const webhookSecretPattern = /^whsec_[A-Za-z0-9+/=]{8,}$/;

/**
 * The owner's Stripe keys and on/off. The keys are write-only: an empty (or absent) key keeps
 * the one stored, so switching card payment off and on needs no retyping; the first save needs
 * both (the server says so on the field).
 */
export const paymentSettingsRequestSchema = z.object({
  secretKey: z._default(
    z.string().check(
      z.trim(),
      z.refine(
        (key) => key === '' || secretKeyPattern.test(key),
        'A Stripe secret key starts sk_test_ or sk_live_ (Stripe: Developers → API keys)',
      ),
    ),
    '',
  ),
  webhookSecret: z._default(
    z.string().check(
      z.trim(),
      z.refine(
        (secret) => secret === '' || webhookSecretPattern.test(secret),
        'A webhook signing secret starts whsec_ (Stripe: Developers → Webhooks → your endpoint)',
      ),
    ),
    '',
  ),
  /** Card payment offered at checkout; false keeps the keys but takes no new payments. */
  enabled: z._default(z.boolean(), true),
  version: z.number().check(z.int(), z.gte(0)),
});
/** POST /api/manage/payment-settings/test: whether Stripe accepts the stored key. */
export interface PaymentConnectionTest {
  ok: boolean;
  message: string;
}
export type PaymentSettingsRequest = z.infer<typeof paymentSettingsRequestSchema>;

/** What the owner API answers: whether card payment is on, and the keys masked. */
export interface PaymentSettingsAnswer {
  connected: boolean;
  secretKeyMasked: string | null;
  webhookSecretMasked: string | null;
  /** False when the operator has not set PAYMENTS_ENCRYPTION_KEY: keys cannot be stored. */
  encryptionAvailable: boolean;
  /** The owner's on/off (the Payments screen); true until switched off. */
  enabled: boolean;
  /** Where Stripe sends this client's events: pasted by the owner into Stripe's Webhooks. */
  webhookUrl: string;
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
// ---- Issue 36, the owner's side of orders: payment shown on orders, and refunds ----

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  'part-refunded': 'Part-refunded',
  refunded: 'Refunded',
};

/**
 * Pence from what an owner typed in pounds ("12", "12.5", "£1,250.00", or the shop's own
 * "1.250,50"), or undefined when it is not an amount of whole pence. Integers from here on: no
 * float reaches Stripe.
 */
export function penceOfPounds(typed: string): number | undefined {
  const bare = typed.replace(/[£\s]/g, '');
  // A comma before the last one or two digits is the decimal mark (the cart's format).
  const plain = /,\d{1,2}$/.test(bare)
    ? bare.replace(/\./g, '').replace(',', '.')
    : bare.replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * POST /api/manage/orders/:orderNumber/refund. `expectedRefundedPence` is what the owner saw
 * refunded: a refund made meanwhile (another tab, Stripe's dashboard) is refused, not repeated.
 */
export const refundOrderRequestSchema = z.object({
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
  cancelOrder: z._default(z.boolean(), false),
  expectedRefundedPence: z.number().check(z.int(), z.gte(0)),
});
export type RefundOrderRequest = z.infer<typeof refundOrderRequestSchema>;
