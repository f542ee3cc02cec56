import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import { formatPounds, toPounds } from '../../common/money.js';
import { refundablePence } from '../../common/order-payment.js';
import type { RefundOrderRequest } from '../../common/payments.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { clientSender } from '../mail/client-sender.js';
import { safeReplyTo } from '../mail/compose-message.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { findOrderByNumber } from './orders-store.js';
import { applyPaymentFact, clientStripe, type PaymentFact } from '../payments/payments-service.js';
import { renderCustomerRefundMail } from '../payments/refund-emails.js';
import { createStripeRefund, refuseRefundOverLeft } from '../payments/stripe-refund.js';

/** What an owner's refund did: Stripe's refund, and the order's amounts after it. */
export interface OrderRefundResult {
  refundId: string;
  refundPence: number;
  paidPence: number;
  refundedPence: number;
}

const pounds = (pence: number) => formatPounds(toPounds(pence, true));

/**
 * Refunds part or all of a card order through the client's Stripe (issue 36). The amount is
 * checked here against paid minus refunded (Stripe checks again against the charge), and the
 * owner's view must be current (`expectedRefundedPence`). Stripe's idempotency key is the order,
 * the amount and what was refunded before, so a double press or a retried request makes one
 * refund. Stripe's answer (the charge's running totals, expanded) goes through the same fact
 * application as the webhook, keyed by the refund's id: the charge.refunded event that follows
 * finds the amounts already there. The customer is e-mailed through the outbox, once per refund.
 */
export async function refundCardOrder(
  deps: { db: Kysely<Database>; config: ServerConfig },
  client: ClientConfig,
  orderNumber: string,
  request: RefundOrderRequest & { cancelling: boolean },
  now: Date,
): Promise<OrderRefundResult> {
  const order = await findOrderByNumber(deps.db, client.name, orderNumber);
  if (!order) throw new AppError(404, `There is no order ${orderNumber}.`);
  if (order.payment_status === null || order.paid_pence <= 0) {
    throw new AppError(409, `Order ${orderNumber} has not been paid by card: nothing to refund.`);
  }
  if (order.refunded_pence !== request.expectedRefundedPence) {
    throw new AppError(
      409,
      `A refund was made on order ${orderNumber} meanwhile (${pounds(order.refunded_pence)} refunded so far). The order is shown afresh; check the amount, then refund again.`,
    );
  }
  const left = refundablePence({
    paidPence: order.paid_pence,
    refundedPence: order.refunded_pence,
  });
  refuseRefundOverLeft('order', request.amountPence, {
    leftPence: left,
    paidPence: order.paid_pence,
    refundedPence: order.refunded_pence,
  });
  const connection = await clientStripe(deps.db, deps.config, client.name);
  if (!connection || !order.payment_intent_id) {
    throw new AppError(
      409,
      'Stripe is not connected here any more (see Payments): refund this order in your Stripe dashboard.',
    );
  }
  const refund = await createStripeRefund(
    connection.stripe,
    {
      payment_intent: order.payment_intent_id,
      amount: request.amountPence,
      reason: 'requested_by_customer',
      metadata: { order_id: String(order.id), order_number: orderNumber },
      // The charge's running totals come back with the refund: no sum of ours to go stale.
      expand: ['charge'],
    },
    `order-refund-${orderNumber}-after-${order.refunded_pence}-${request.amountPence}`,
  );
  const charge = typeof refund.charge === 'object' && refund.charge !== null ? refund.charge : null;
  const fact: PaymentFact = {
    eventId: refund.id,
    eventType: 'refund.created',
    find: { orderId: order.id },
    paidPence: charge?.amount_captured ?? order.paid_pence,
    refundedPence: charge?.amount_refunded ?? order.refunded_pence + refund.amount,
    paymentIntentId: order.payment_intent_id,
  };
  await applyPaymentFact(deps.db, client, deps.config.mailFrom, fact, now);
  const after = await findOrderByNumber(deps.db, client.name, orderNumber);
  const paidPence = after?.paid_pence ?? order.paid_pence;
  const refundedPence = after?.refunded_pence ?? fact.refundedPence ?? 0;
  const to = safeReplyTo(order.customer_email);
  if (to) {
    await enqueueMessage(
      deps.db,
      {
        clientCode: client.name,
        templateId: 'order-refund',
        from: clientSender(client.title, deps.config.mailFrom),
        to,
        replyTo: client.email,
        // One e-mail per Stripe refund, however often this request is retried.
        idempotencyKey: `order:${orderNumber}:refund:${refund.id}:customer`,
        ...renderCustomerRefundMail({
          orderNumber,
          customerName: order.customer_name,
          businessName: client.title,
          refundPence: refund.amount,
          refundedPence,
          paidPence,
          cancelled: request.cancelling,
        }),
      },
      now,
    );
  }
  return { refundId: refund.id, refundPence: refund.amount, paidPence, refundedPence };
}
