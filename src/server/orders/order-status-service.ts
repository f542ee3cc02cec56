import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import type {
  ChangeOrderStatus,
  OrderDetail,
  OrderStatusPreview,
  OrderStatusPreviewRequest,
} from '../../common/orders.js';
import { inTransaction } from '../db/transaction.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { clientSender } from '../mail/client-sender.js';
import { safeReplyTo } from '../mail/compose-message.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { orderStatusMessage, renderOrderStatusMail } from './order-emails.js';
import { changeOrderStatus, getOrderDetail } from './orders-admin-store.js';

export interface OrderStatusContext {
  db: Kysely<Database>;
  client: ClientConfig;
  mailFrom: string;
  now: Date;
}

/** The customer's status e-mail as it would be sent: the owner sees this before sending. */
export async function previewOrderStatusMail(
  context: OrderStatusContext,
  orderNumber: string,
  request: OrderStatusPreviewRequest,
): Promise<OrderStatusPreview> {
  const order = await getOrderDetail(context.db, context.client.name, orderNumber);
  const message =
    request.message || orderStatusMessage(request.status, orderNumber, context.client);
  const mail = renderOrderStatusMail({
    orderNumber,
    client: context.client,
    customerName: order.customerName,
    status: request.status,
    message,
  });
  return {
    to: safeReplyTo(order.customerEmail) ?? '',
    subject: mail.subject,
    text: mail.text,
    message,
  };
}

/**
 * Changes an order's status and, when the owner asks, queues the customer's e-mail in the same
 * transaction (issue 35): the e-mail exists exactly when the change does.
 */
export async function changeOrderStatusAndTell(
  context: OrderStatusContext,
  orderNumber: string,
  change: ChangeOrderStatus,
): Promise<{ order: OrderDetail; notified: boolean }> {
  const { client, now } = context;
  return inTransaction(context.db, async (trx) => {
    const order = await changeOrderStatus(trx, client.name, orderNumber, change, now);
    if (!change.notifyCustomer) return { order, notified: false };
    const to = safeReplyTo(order.customerEmail);
    if (!to) {
      throw new AppError(
        400,
        `Order ${orderNumber} has no e-mail address to write to; please tell the customer yourself.`,
      );
    }
    const message = change.message || orderStatusMessage(change.status, orderNumber, client);
    await enqueueMessage(
      trx,
      {
        clientCode: client.name,
        templateId: 'order-status',
        from: clientSender(client.title, context.mailFrom),
        to,
        replyTo: client.email,
        idempotencyKey: `order:${orderNumber}:status:${order.updatedAt}`,
        ...renderOrderStatusMail({
          orderNumber,
          client,
          customerName: order.customerName,
          status: change.status,
          message,
        }),
      },
      now,
    );
    return { order, notified: true };
  });
}
