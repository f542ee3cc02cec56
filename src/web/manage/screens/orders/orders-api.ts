import {
  orderDetailSchema,
  orderStatusPreviewSchema,
  type OrderStatusPreview,
  type OrderStatusPreviewRequest,
  type ChangeOrderStatus,
  type OrderDetail,
  type OrderStatus,
} from '@common/orders';
import {
  paidOrderDetailSchema,
  paidOrderListSchema,
  type PaidOrderDetail,
  type PaidOrderSummary,
} from '@common/order-payment';
import type { RefundOrderRequest } from '@common/payments';
import { apiJson } from '@/lib/api-client';

/** The back office's calls for orders; answers parsed with the shared schemas. */

/** What the owner's list asks for (issue 35): a status, a search and a page, all optional. */
export interface OrderListQuery {
  status?: OrderStatus | undefined;
  search?: string | undefined;
  page?: number | undefined;
}

/** Orders per page of the owner's list. */
export const ordersPageSize = 20;

export const ordersQueryKey = (query?: OrderListQuery) =>
  query ? (['manage', 'orders', query] as const) : (['manage', 'orders'] as const);

export async function fetchOrders(query: OrderListQuery = {}): Promise<PaidOrderSummary[]> {
  const params = new URLSearchParams({ limit: String(ordersPageSize) });
  if (query.status) params.set('status', query.status);
  if (query.search) params.set('search', query.search);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return paidOrderListSchema.parse(await apiJson(`/api/manage/orders?${params.toString()}`)).orders;
}

export const orderQueryKey = (orderNumber: string) => ['manage', 'orders', orderNumber] as const;

export async function fetchOrder(orderNumber: string): Promise<PaidOrderDetail> {
  return paidOrderDetailSchema.parse(
    await apiJson(`/api/manage/orders/${encodeURIComponent(orderNumber)}`),
  );
}

export async function changeStatus(
  orderNumber: string,
  change: ChangeOrderStatus,
): Promise<OrderDetail> {
  return orderDetailSchema.parse(
    await apiJson(`/api/manage/orders/${encodeURIComponent(orderNumber)}/status`, {
      method: 'POST',
      body: JSON.stringify(change),
    }),
  );
}

/** The customer's status e-mail as it would be sent (issue 35). */
export async function previewStatusMail(
  orderNumber: string,
  request: OrderStatusPreviewRequest,
): Promise<OrderStatusPreview> {
  return orderStatusPreviewSchema.parse(
    await apiJson(`/api/manage/orders/${encodeURIComponent(orderNumber)}/status-preview`, {
      method: 'POST',
      body: JSON.stringify(request),
    }),
  );
}

// ---- Issue 36: a refund of a card order (pence), answered with the order as it is now ----
export async function refundOrder(
  orderNumber: string,
  request: RefundOrderRequest,
): Promise<PaidOrderDetail> {
  return paidOrderDetailSchema.parse(
    await apiJson(`/api/manage/orders/${encodeURIComponent(orderNumber)}/refund`, {
      method: 'POST',
      body: JSON.stringify(request),
    }),
  );
}
