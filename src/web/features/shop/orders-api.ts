import type { CheckoutForm } from '@common/forms';
import type { PlacedOrder } from '@common/orders';
import type { CartLine } from '@common/cart-rules';
import { apiJson } from '@/lib/api-client';

/**
 * Sends the cart's product ids and quantities with the customer's details. No price, title or
 * total goes with it: the server prices the order from the catalogue and answers with its figures.
 */
export async function placeOrder(
  form: CheckoutForm,
  lines: readonly CartLine[],
  idempotencyKey: string,
): Promise<PlacedOrder> {
  const answer = (await apiJson('/api/orders/create', {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    body: JSON.stringify({
      lines: lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
      customer: form,
    }),
  })) as { data: PlacedOrder };
  return answer.data;
}
