import {
  orderDetailSchema,
  orderListSchema,
  type ChangeOrderStatus,
  type OrderDetail,
  type OrderStatus,
  type OrderSummary,
} from '@common/orders';
import { apiJson } from '@/lib/api-client';

/** The back office's calls for orders; answers parsed with the shared schemas. */

export const ordersQueryKey = (status?: OrderStatus) =>
  status ? (['manage', 'orders', { status }] as const) : (['manage', 'orders'] as const);

export async function fetchOrders(status?: OrderStatus): Promise<OrderSummary[]> {
  const query = status ? `?status=${status}` : '';
  return orderListSchema.parse(await apiJson(`/api/manage/orders${query}`)).orders;
}

export const orderQueryKey = (orderNumber: string) => ['manage', 'orders', orderNumber] as const;

export async function fetchOrder(orderNumber: string): Promise<OrderDetail> {
  return orderDetailSchema.parse(
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
