import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import { paymentStatusOf, type PaymentStatus } from '../../common/payments.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { clientSender } from '../mail/client-sender.js';
import { safeReplyTo } from '../mail/compose-message.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { openSecret } from './secret-box.js';
import { orderReturnToken, orderReturnUrls } from './order-return.js';
import { renderCustomerPaidMail, renderOwnerPaidMail } from './payment-emails.js';
import {
  insertPaymentEventOnce,
  lockPaymentOrder,
  readPaymentSettings,
  recordCheckoutSession,
  writeOrderPayment,
} from './payments-store.js';

/** A client's Stripe connection, opened from its sealed keys. */
export interface ClientStripe {
  stripe: Stripe;
  webhookSecret: string;
  /** Issue 36, the Payments screen's on/off: new payments only when on (refunds and events always). */
  takesNewPayments: boolean;
}

/** The SDK's options: Stripe's own API, or STRIPE_API_URL (the tests' local stand-in). */
function stripeOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

/** The client's Stripe, or undefined when it has none (everything then works as before). */
export async function clientStripe(
  db: Kysely<Database>,
  config: ServerConfig,
  clientCode: string,
): Promise<ClientStripe | undefined> {
  const key = config.payments.encryptionKey;
  if (!key) return undefined;
  const row = await readPaymentSettings(db, clientCode);
  if (!row) return undefined;
  return {
    stripe: new Stripe(
      openSecret(key, clientCode, row.secret_key_sealed),
      stripeOptions(config.payments.stripeApiUrl),
    ),
    webhookSecret: openSecret(key, clientCode, row.webhook_secret_sealed),
    takesNewPayments: row.enabled === 1,
  };
}

/**
 * Makes the Stripe Checkout Session for a stored order: one line, the order's stored gross in
 * pence (lines, discount, delivery and VAT as issue 35 priced them), so Stripe charges exactly
 * what the order says; nothing comes from the browser. Stripe's idempotency key is the order
 * number, so a retried call makes no second session.
 */
export async function startOrderCheckout(
  deps: { db: Kysely<Database>; config: ServerConfig },
  connection: ClientStripe,
  order: {
    id: number;
    orderNumber: string;
    grossPence: number;
    customerEmail: string;
    /** Issue 36, the visitor's return: the token of the pages Stripe sends them back to. */
    clientCode: string;
  },
  returnBase: string,
  now: Date,
): Promise<{ id: string; url: string }> {
  const session = await connection.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: order.orderNumber,
      ...(order.customerEmail ? { customer_email: order.customerEmail } : {}),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'gbp',
            unit_amount: order.grossPence,
            product_data: { name: `Order ${order.orderNumber}` },
          },
        },
      ],
      metadata: { order_number: order.orderNumber, order_id: String(order.id) },
      // Copied onto the charge, so a refund event finds the order even before the session's.
      payment_intent_data: {
        metadata: { order_number: order.orderNumber, order_id: String(order.id) },
      },
      // Visitor's return (issue 36, orders): the pages poll the order's status with this token.
      ...orderReturnUrls(returnBase, order.orderNumber, returnTokenOf(deps.config, order)),
    },
    { idempotencyKey: `order-checkout-${order.orderNumber}` },
  );
  if (!session.url) throw new Error(`Stripe made session ${session.id} without a URL`);
  const made = { id: session.id, url: session.url };
  await recordCheckoutSession(deps.db, order.id, made, now);
  return made;
}

// ---- Visitor's side of paying for an order (issue 36, orders; decision 0077) ----------------

/**
 * Whether the client takes cards now: its keys are stored, the owner has card payment switched
 * on, and the operator's sealing key is set. Checkout asks this (through the quote) to offer
 * "Pay now by card"; no key leaves here.
 */
export async function takesCards(
  db: Kysely<Database>,
  config: ServerConfig,
  clientCode: string,
): Promise<boolean> {
  if (!config.payments.encryptionKey) return false;
  return (await readPaymentSettings(db, clientCode))?.enabled === 1;
}

function returnTokenOf(
  config: ServerConfig,
  order: { orderNumber: string; clientCode: string },
): string {
  const key = config.payments.encryptionKey;
  // A session is only made with a client's opened keys, which need this key.
  if (!key) throw new Error('PAYMENTS_ENCRYPTION_KEY is not set');
  return orderReturnToken(key, order.clientCode, order.orderNumber);
}

// ---- end of the visitor's side -------------------------------------------------------------

/** What one Stripe event (or a reconciliation look-up) says about an order's money. */
export interface PaymentFact {
  eventId: string;
  eventType: string;
  find: { orderId?: number; sessionId?: string; paymentIntentId?: string };
  paidPence?: number;
  refundedPence?: number;
  paymentIntentId?: string | null;
}

/** The fact an event carries, or undefined for an event Highstreet does not act on. */
export function factOfEvent(event: Stripe.Event): PaymentFact | undefined {
  const base = { eventId: event.id, eventType: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionFact(base, event.data.object);
    case 'charge.refunded': {
      const charge = event.data.object;
      const orderId = Number(charge.metadata?.['order_id']);
      const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : null;
      return {
        ...base,
        find:
          Number.isInteger(orderId) && orderId > 0
            ? { orderId }
            : { paymentIntentId: intent ?? '' },
        paidPence: charge.amount_captured,
        refundedPence: charge.amount_refunded,
        paymentIntentId: intent,
      };
    }
    default:
      return undefined;
  }
}

export function sessionFact(
  base: { eventId: string; eventType: string },
  session: Stripe.Checkout.Session,
): PaymentFact {
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : null;
  return {
    ...base,
    find: { sessionId: session.id },
    paidPence: session.payment_status === 'paid' ? (session.amount_total ?? 0) : 0,
    paymentIntentId: intent,
  };
}

export interface ApplyResult {
  applied: boolean;
  status?: PaymentStatus;
}

/**
 * Applies one fact in one transaction: the event row (unique per client and event id, so a
 * replay, a duplicate or another instance's copy changes nothing), the order's amounts (the
 * highest seen of each, so order of arrival does not matter) and, on first becoming paid, the
 * customer's and owner's e-mails through the outbox.
 */
export async function applyPaymentFact(
  db: Kysely<Database>,
  client: ClientConfig,
  mailFrom: string,
  fact: PaymentFact,
  now: Date,
): Promise<ApplyResult> {
  return inTransaction(db, async (trx) => {
    const order = await lockPaymentOrder(trx, client.name, fact.find);
    const fresh = await insertPaymentEventOnce(
      trx,
      {
        clientCode: client.name,
        eventId: fact.eventId,
        eventType: fact.eventType,
        orderId: order?.id ?? null,
      },
      now,
    );
    if (!fresh || !order) return { applied: false };
    const paidPence = Math.max(order.paid_pence, fact.paidPence ?? 0);
    const refundedPence = Math.max(order.refunded_pence, fact.refundedPence ?? 0);
    const status = paymentStatusOf(paidPence, refundedPence);
    await writeOrderPayment(trx, order.id, {
      paymentStatus: status,
      paidPence,
      refundedPence,
      paymentIntentId: order.payment_intent_id ?? fact.paymentIntentId ?? null,
      now,
    });
    if (order.paid_pence === 0 && paidPence > 0) {
      await enqueuePaidMails(trx, client, mailFrom, order, paidPence, now);
    }
    return { applied: true, status };
  });
}

async function enqueuePaidMails(
  trx: Parameters<typeof enqueueMessage>[0],
  client: ClientConfig,
  mailFrom: string,
  order: { order_number: string; customer_name: string; customer_email: string },
  paidPence: number,
  now: Date,
): Promise<void> {
  const input = {
    orderNumber: order.order_number,
    customerName: order.customer_name,
    businessName: client.title,
    paidPence,
  };
  const customerAddress = safeReplyTo(order.customer_email);
  // Keyed by order: however many facts report the payment, one e-mail each.
  await enqueueMessage(
    trx,
    {
      clientCode: client.name,
      templateId: 'order-paid',
      from: clientSender(client.title, mailFrom),
      to: client.email,
      replyTo: customerAddress,
      idempotencyKey: `order:${order.order_number}:paid:owner`,
      ...renderOwnerPaidMail(input),
    },
    now,
  );
  if (customerAddress) {
    await enqueueMessage(
      trx,
      {
        clientCode: client.name,
        templateId: 'order-paid-receipt',
        from: clientSender(client.title, mailFrom),
        to: customerAddress,
        replyTo: client.email,
        idempotencyKey: `order:${order.order_number}:paid:customer`,
        ...renderCustomerPaidMail(input),
      },
      now,
    );
  }
}
