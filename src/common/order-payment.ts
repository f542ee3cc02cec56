import * as z from 'zod/mini';
import { orderDetailSchema, orderSummarySchema } from './orders.js';
import { paymentStatusOf, type PaymentStatus } from './payments.js';

/**
 * An order's card payment as the owner sees it (issue 36); pence throughout, shown as pounds.
 * A module of its own, outside orders.ts: the visitors' bundles share orders.ts's schemas and
 * sit at their size budget; only the back office and the server need these.
 */
const statuses = ['unpaid', 'paid', 'part-refunded', 'refunded'] as const;
// The same statuses as payments.ts's paymentStatuses, checked by the compiler both ways.
const sameStatuses: [PaymentStatus] extends [(typeof statuses)[number]]
  ? [(typeof statuses)[number]] extends [PaymentStatus]
    ? true
    : never
  : never = true;
void sameStatuses;

export const orderPaymentSchema = z.object({
  status: z.enum(statuses),
  paidPence: z.number().check(z.int()),
  refundedPence: z.number().check(z.int()),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** What is left to refund: paid minus refunded, never below nothing. */
export function refundablePence(payment: Pick<OrderPayment, 'paidPence' | 'refundedPence'>) {
  return Math.max(0, payment.paidPence - payment.refundedPence);
}

/**
 * The owner's orders with their payment (GET /api/manage/orders…): the orders.ts schemas
 * extended here, so the shop's own bundles (which share orders.ts) carry none of this.
 */
export const paidOrderSummarySchema = z.extend(orderSummarySchema, {
  /** Null for an order not paid by card. */
  payment: z.nullable(orderPaymentSchema),
});
export type PaidOrderSummary = z.infer<typeof paidOrderSummarySchema>;
export const paidOrderListSchema = z.object({ orders: z.array(paidOrderSummarySchema) });
export const paidOrderDetailSchema = z.extend(orderDetailSchema, {
  payment: z.nullable(orderPaymentSchema),
});
export type PaidOrderDetail = z.infer<typeof paidOrderDetailSchema>;

/** The card payment of a stored order (its payment columns), in pence; null when not by card. */
export function orderPaymentOf(row: {
  payment_status: string | null;
  paid_pence: number;
  refunded_pence: number;
}): OrderPayment | null {
  if (row.payment_status === null) return null;
  const paidPence = Number(row.paid_pence);
  const refundedPence = Number(row.refunded_pence);
  return { status: paymentStatusOf(paidPence, refundedPence), paidPence, refundedPence };
}
