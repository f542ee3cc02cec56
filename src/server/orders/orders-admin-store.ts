import { sql, type Kysely } from 'kysely';
import { formatCartAmount } from '../../common/cart-rules.js';
import {
  orderStatusChanges,
  orderStatuses,
  type ChangeOrderStatus,
  type OrderDetail,
  type OrderStatus,
} from '../../common/orders.js';
import type { PaidOrderDetail, PaidOrderSummary } from '../../common/order-payment.js';
import { orderPaymentOf } from '../../common/order-payment.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { findOrderByNumber, storedMoney, type StoredOrder } from './orders-store.js';

const asStatus = (value: string): OrderStatus =>
  (orderStatuses as readonly string[]).includes(value) ? (value as OrderStatus) : 'new';

function summaryOf(
  order: Omit<StoredOrder, 'lines'>,
  itemCount: number,
  pricesInPence: boolean,
): PaidOrderSummary {
  return {
    orderNumber: order.order_number,
    status: asStatus(order.status),
    customerName: order.customer_name,
    total: order.total,
    totalText: formatCartAmount(order.total, { pricesInPence }),
    itemCount,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    payment: orderPaymentOf(order),
  };
}

export function toOrderDetail(order: StoredOrder): PaidOrderDetail {
  const status = asStatus(order.status);
  return {
    ...summaryOf(
      order,
      order.lines.reduce((n, l) => n + l.quantity, 0),
      order.prices_in_pence === 1,
    ),
    customerEmail: order.customer_email,
    customerTelephone: order.customer_telephone,
    customerAddress: order.customer_address,
    customerMessage: order.customer_message,
    statusNote: order.status_note,
    lines: order.lines,
    money: storedMoney(order),
    nextStatuses: [...orderStatusChanges[status]],
  };
}

export interface OrderListQuery {
  status?: OrderStatus | undefined;
  limit: number;
  /** Issue 35: the page (1 is the newest `limit` orders). */
  page?: number | undefined;
  /** Issue 35: part of the order number, the customer's name or e-mail, any case. */
  search?: string | undefined;
}

/** `text` for a LIKE pattern, its own % and _ matched as themselves (escaped with a backslash). */
function likeContaining(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The client's orders, newest first, optionally of one status. */
export async function listOrders(
  db: Kysely<Database>,
  clientCode: string,
  query: OrderListQuery,
): Promise<PaidOrderSummary[]> {
  let select = db
    .selectFrom('orders')
    .leftJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.order_number',
      'orders.status',
      'orders.customer_name',
      'orders.total',
      'orders.prices_in_pence',
      'orders.created_at',
      'orders.updated_at',
      'orders.payment_status',
      'orders.paid_pence',
      'orders.refunded_pence',
    ])
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>('order_lines.quantity'), eb.lit(0)).as('items'),
    )
    .where('orders.client_code', '=', clientCode)
    .groupBy([
      'orders.id',
      'orders.order_number',
      'orders.status',
      'orders.customer_name',
      'orders.total',
      'orders.prices_in_pence',
      'orders.created_at',
      'orders.updated_at',
      'orders.payment_status',
      'orders.paid_pence',
      'orders.refunded_pence',
    ])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(query.limit)
    .offset(((query.page ?? 1) - 1) * query.limit);
  if (query.status) select = select.where('orders.status', '=', query.status);
  const search = query.search?.trim();
  if (search) {
    const pattern = likeContaining(search);
    select = select.where((eb) =>
      eb.or(
        (['orders.order_number', 'orders.customer_name', 'orders.customer_email'] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  const rows = await select.execute();
  return rows.map((row) => ({
    orderNumber: row.order_number,
    status: asStatus(row.status),
    customerName: row.customer_name,
    total: row.total,
    totalText: formatCartAmount(row.total, { pricesInPence: row.prices_in_pence === 1 }),
    itemCount: Number(row.items),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    payment: orderPaymentOf(row),
  }));
}

/** One of the client's orders; another client's number answers 404, as if it did not exist. */
export async function getOrderDetail(
  db: Kysely<Database>,
  clientCode: string,
  orderNumber: string,
): Promise<PaidOrderDetail> {
  const order = await findOrderByNumber(db, clientCode, orderNumber);
  if (!order) throw new AppError(404, `There is no order ${orderNumber}.`);
  return toOrderDetail(order);
}

/**
 * Moves an order to another status with an optional note. A change from a status that does not
 * allow it is refused (400); a change based on an out-of-date view (someone else changed it
 * meanwhile) is refused with 409 rather than silently overwriting theirs.
 */
export async function changeOrderStatus(
  db: Kysely<Database>,
  clientCode: string,
  orderNumber: string,
  change: ChangeOrderStatus,
  now: Date,
): Promise<OrderDetail> {
  const current = await getOrderDetail(db, clientCode, orderNumber);
  if (!current.nextStatuses.includes(change.status)) {
    throw new AppError(
      400,
      `Order ${orderNumber} is ${current.status}; it can be marked ${current.nextStatuses.join(' or ')}.`,
    );
  }
  let update = db
    .updateTable('orders')
    .set({ status: change.status, status_note: change.note || null, updated_at: now.toISOString() })
    .where('client_code', '=', clientCode)
    .where('order_number', '=', orderNumber)
    .where('status', '=', current.status);
  if (change.expectedUpdatedAt) update = update.where('updated_at', '=', change.expectedUpdatedAt);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw new AppError(
      409,
      `Order ${orderNumber} was changed by someone else meanwhile. Reload it to see the change.`,
    );
  }
  return getOrderDetail(db, clientCode, orderNumber);
}
