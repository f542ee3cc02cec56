import {
  orderDetailSchema,
  orderListSchema,
  type ChangeOrderStatus,
  type OrderDetail,
  type OrderStatus,
  type OrderSummary,
} from '@common/orders';
import { outboxListSchema, type OutboxEntry } from '@common/outbox';
import { apiJson } from '@/lib/api-client';

/** The back office's calls for orders and the outbox; answers parsed with the shared schemas. */

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

export const outboxQueryKey = ['manage', 'outbox'] as const;

export async function fetchOutbox(): Promise<OutboxEntry[]> {
  return outboxListSchema.parse(await apiJson('/api/manage/outbox?sentDays=7')).messages;
}

export async function retryMessage(id: number): Promise<void> {
  await apiJson(`/api/manage/outbox/${id}/retry`, { method: 'POST' });
}
