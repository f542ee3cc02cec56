import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { formatCartAmount } from '../../common/cart-rules.js';
import { paymentStatuses, type OrderPaymentStatusAnswer } from '../../common/payments.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { isOrderReturnToken } from './order-return.js';
import { readOrderPaymentForBuyer } from './order-return-store.js';

const paramsSchema = z.object({
  orderNumber: z
    .string()
    .regex(/^[A-Za-z0-9]{1,8}-[0-9]{1,12}$/, 'an order number, e.g. SE-000123'),
});
const querySchema = z.object({ token: z.string().max(100).default('') });

const notFound = () => new AppError(404, 'We cannot find that payment.');

/**
 * GET /api/orders/:orderNumber/payment-status (issue 36, decision 0077): whether a card order is
 * paid yet, for the buyer's return pages. Only with the order's return token, which only the
 * buyer's browser has (Stripe sent it back there): a wrong token, another client's order and an
 * order that does not exist all answer the same 404, so nothing about others' orders leaks.
 */
export const orderPaymentStatusRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get(
    '/api/orders/:orderNumber/payment-status',
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply): Promise<{ data: OrderPaymentStatusAnswer }> => {
      const { orderNumber } = parseRequest(paramsSchema, request.params, 'order');
      const { token } = parseRequest(querySchema, request.query, 'token');
      const key = deps.config.payments.encryptionKey;
      const client = request.client;
      if (!key || !isOrderReturnToken(key, client.name, orderNumber, token)) throw notFound();
      const order = await readOrderPaymentForBuyer(deps.db, client.name, orderNumber);
      const status = paymentStatuses.find((known) => known === order?.payment_status);
      if (!order || !status) throw notFound();
      // Polled while the webhook is on its way: never a stale copy from a cache.
      void reply.header('cache-control', 'no-store');
      return {
        data: {
          orderNumber: order.order_number,
          status,
          totalText: formatCartAmount(order.gross_pence, { pricesInPence: true }),
          payUrl: status === 'unpaid' ? order.payment_url : null,
        },
      };
    },
  );
};
