import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changeOrderStatusSchema,
  orderStatusPreviewRequestSchema,
  orderStatuses,
  type OrderStatusPreview,
  type OrderDetail,
} from '../../common/orders.js';
import { formatPounds } from '../../common/money.js';
import type { PaidOrderDetail, PaidOrderSummary } from '../../common/order-payment.js';
import { refundOrderRequestSchema } from '../../common/payments.js';
import { refundCardOrder } from './order-refunds.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { recordAudit } from '../audit/audit-store.js';
import { getOrderDetail, listOrders } from './orders-admin-store.js';
import { changeOrderStatusAndTell, previewOrderStatusMail } from './order-status-service.js';
import { findOrderByNumber } from './orders-store.js';
import { askForReview } from '../reviews/review-requests.js';

const listQuerySchema = z.object({
  status: z.enum(orderStatuses, 'status must be new, contacted, completed or cancelled').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  page: z.coerce.number('page is a number').int().min(1).max(100_000).default(1),
  search: z.string().max(200, 'Please search with fewer than 200 characters').optional(),
});
const orderParamsSchema = z.object({
  orderNumber: z.string().regex(/^[A-Z0-9]{1,8}-\d{6,}$/, 'an order number looks like SE-000123'),
});

/**
 * The owner's orders (/api/manage/orders): list, detail and status changes. Behind the owner
 * guard; every query is scoped by the signed-in owner's client, so another client's order number
 * answers 404.
 */
export const manageOrdersRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/orders', async (request): Promise<{ orders: PaidOrderSummary[] }> => {
    const query = parseRequest(listQuerySchema, request.query, 'query');
    return { orders: await listOrders(deps.db, request.owner.clientCode, query) };
  });

  app.get('/orders/:orderNumber', async (request): Promise<PaidOrderDetail> => {
    const { orderNumber } = parseRequest(orderParamsSchema, request.params, 'order number');
    return getOrderDetail(deps.db, request.owner.clientCode, orderNumber);
  });

  const context = (request: FastifyRequest) => ({
    db: deps.db,
    client: request.client,
    mailFrom: deps.config.mailFrom,
    now: new Date(),
  });

  // Issue 35: the e-mail the customer would receive, for the owner to read and edit first.
  app.post('/orders/:orderNumber/status-preview', async (request): Promise<OrderStatusPreview> => {
    const { orderNumber } = parseRequest(orderParamsSchema, request.params, 'order number');
    const body = parseRequest(orderStatusPreviewRequestSchema, request.body ?? {}, 'preview');
    return previewOrderStatusMail(context(request), orderNumber, body);
  });

  app.post('/orders/:orderNumber/status', async (request): Promise<OrderDetail> => {
    const { orderNumber } = parseRequest(orderParamsSchema, request.params, 'order number');
    const change = parseRequest(changeOrderStatusSchema, request.body ?? {}, 'status change');
    const { order, notified } = await changeOrderStatusAndTell(
      context(request),
      orderNumber,
      change,
    );
    await recordAudit(deps, request.owner, 'order.status', {
      orderNumber,
      status: change.status,
      note: change.note,
      customerEmailed: notified,
    });
    // Issue 33: a completed order may ask the customer for a review (the owner's setting).
    if (change.status === 'completed') {
      const row = await findOrderByNumber(deps.db, request.owner.clientCode, orderNumber);
      await askForReview(
        deps,
        request.client,
        { customerName: order.customerName, customerEmail: order.customerEmail, orderId: row?.id },
        new Date(),
        request.host,
      );
    }
    return order;
  });

  // ---- Issue 36: a refund of a card order, part or whole, optionally cancelling it ----
  app.post('/orders/:orderNumber/refund', async (request): Promise<PaidOrderDetail> => {
    const { orderNumber } = parseRequest(orderParamsSchema, request.params, 'order number');
    const body = parseRequest(refundOrderRequestSchema, request.body ?? {}, 'refund');
    const before = await getOrderDetail(deps.db, request.owner.clientCode, orderNumber);
    const cancelling = body.cancelOrder && before.nextStatuses.includes('cancelled');
    const refund = await refundCardOrder(
      deps,
      request.client,
      orderNumber,
      { ...body, cancelling },
      new Date(),
    );
    // Who, when (the audit row's own), how much and why: every refund.
    await recordAudit(deps, request.owner, 'order.refund', {
      orderNumber,
      amount: formatPounds(refund.refundPence / 100),
      reason: body.reason,
      amountPence: refund.refundPence,
      refundedPence: refund.refundedPence,
      paidPence: refund.paidPence,
      stripeRefund: refund.refundId,
      cancelled: cancelling,
    });
    if (cancelling) {
      // The refund's e-mail has already told the customer; the note keeps the reason.
      await changeOrderStatusAndTell(context(request), orderNumber, {
        status: 'cancelled',
        note: `Refunded ${formatPounds(refund.refundPence / 100)}: ${body.reason}`.slice(0, 1000),
        notifyCustomer: false,
      });
      await recordAudit(deps, request.owner, 'order.status', {
        orderNumber,
        status: 'cancelled',
        note: body.reason,
        customerEmailed: false,
      });
    }
    return getOrderDetail(deps.db, request.owner.clientCode, orderNumber);
  });
};
