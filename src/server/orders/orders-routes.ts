import type { FastifyPluginAsync } from 'fastify';
import {
  placeOrderRequestSchema,
  quoteRequestSchema,
  type OrderQuoteAnswer,
  type PlacedOrder,
} from '../../common/orders.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { placeOrder } from './orders-service.js';
import { fulfilmentOptions, moneyOf, priceCart } from './order-quote.js';
import {
  clientStripe,
  startOrderCheckout,
  takesCards,
  type ClientStripe,
} from '../payments/payments-service.js';
import type { FastifyRequest } from 'fastify';
import type { PlaceOrderResult } from './orders-service.js';

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;

export interface OrdersRoutesOptions extends AppDeps {
  /** Only so a test can pin the clock. */
  now?: () => Date;
}

/**
 * POST /api/orders/create: the checkout's order, priced here from the catalogue. Answers 201 with
 * the order number, or 200 with the same order for a replay of the same Idempotency-Key.
 */
export const ordersRoutes: FastifyPluginAsync<OrdersRoutesOptions> = async (
  app,
  { db, config, changes, now = () => new Date() },
) => {
  // Counted per address, whatever the answer: a script must not flood an owner's inbox.
  const orderLimit = {
    max: config.orderLimitPerIpPerHour,
    timeWindow: 60 * 60_000,
    errorResponseBuilder: (_request: unknown, context: { after: string }) =>
      new AppError(
        429,
        `Too many orders from your address. Please try again in ${context.after}, or call us to order.`,
      ),
  };
  /**
   * POST /api/orders/quote: checkout's totals before the order (issue 35), priced exactly as the
   * order will be, with what the client offers (delivery, collection). Limited per address
   * as the other public endpoints: each answer reads the catalogue.
   */
  app.post(
    '/api/orders/quote',
    { config: { rateLimit: { max: 300, timeWindow: 60_000 } } },
    async (request): Promise<{ data: OrderQuoteAnswer }> => {
      const body = parseRequest(quoteRequestSchema, request.body ?? {}, 'quote');
      const { quote, settings } = await priceCart(db, request.client, body, now(), false);
      return {
        data: {
          money: moneyOf(quote, settings),
          options: fulfilmentOptions(settings),
          cardPayment: await takesCards(db, config, request.client.name),
        },
      };
    },
  );

  /**
   * Issue 36: Stripe's hosted page for the stored order. Should Stripe fail, the order stands
   * unpaid and the answer says so (url null): the business contacts the customer as before.
   */
  const startCheckoutOrNull = async (
    request: FastifyRequest,
    connection: ClientStripe,
    result: PlaceOrderResult,
    customerEmail: string,
  ): Promise<string | null> => {
    try {
      const session = await startOrderCheckout(
        { db, config },
        connection,
        {
          id: result.stored.id,
          orderNumber: result.order.orderNumber,
          grossPence: result.stored.grossPence,
          customerEmail,
          clientCode: request.client.name,
        },
        `${request.protocol}://${request.host}`,
        now(),
      );
      return session.url;
    } catch (error) {
      request.log.warn(`Stripe session for ${result.order.orderNumber} failed: ${String(error)}`);
      return null;
    }
  };

  app.post(
    '/api/orders/create',
    { config: { rateLimit: orderLimit } },
    async (request, reply): Promise<{ data: PlacedOrder }> => {
      const rawKey = request.headers['idempotency-key'];
      const key = typeof rawKey === 'string' && rawKey !== '' ? rawKey : undefined;
      if (key !== undefined && !idempotencyKeyPattern.test(key)) {
        throw new AppError(400, 'The idempotency key must be 8 to 128 letters, digits, - or _');
      }
      const body = parseRequest(placeOrderRequestSchema, request.body ?? {}, 'order');
      const stripe =
        body.payBy === 'card' ? await clientStripe(db, config, request.client.name) : undefined;
      // The owner may switch card payment off on the Payments screen, keeping the keys.
      const connection = stripe?.takesNewPayments ? stripe : undefined;
      if (body.payBy === 'card' && !connection) {
        throw new AppError(422, 'Paying by card online is not available here.', [
          { path: 'payBy', message: 'Paying by card online is not available here.' },
        ]);
      }
      const result = await placeOrder(
        {
          db,
          client: request.client,
          mailFrom: config.mailFrom,
          now: now(),
          payByCard: connection !== undefined,
        },
        body,
        key,
      );
      if (connection) {
        result.order.payment = {
          url:
            result.stored.paymentSessionUrl ??
            (await startCheckoutOrNull(request, connection, result, body.customer.email)),
        };
      }
      if (!result.replay) {
        request.log.info(`Order ${result.order.orderNumber} placed`);
        // A count went down: the prerendered product pages must show it (or "Out of stock").
        if (result.stockTaken) changes.clientChanged(request.client.name);
        reply.code(201);
      }
      return { data: result.order };
    },
  );
};
