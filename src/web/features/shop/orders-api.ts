import type { CheckoutForm } from '@common/forms';
import type { FulfilmentRequest, PlacedOrder } from '@common/orders';
import type { CartLine } from '@common/cart-rules';
import { apiJson } from '@/lib/api-client';

/** What the visitor chose at checkout besides their details (issue 35). */
export interface CheckoutChoices {
  fulfilment?: FulfilmentRequest | undefined;
  discountCode?: string | undefined;
  /** Issue 36: pay now by card on Stripe's page (offered only when the client takes cards). */
  payBy?: 'card' | undefined;
}

const requestLines = (lines: readonly CartLine[]) =>
  lines.map((line) => ({ productId: line.id, quantity: line.quantity }));

/**
 * Sends the cart's product ids and quantities with the customer's details and choices. No price,
 * title or total goes with it: the server prices the order and answers with its figures.
 */
export async function placeOrder(
  form: CheckoutForm,
  lines: readonly CartLine[],
  idempotencyKey: string,
  choices: CheckoutChoices = {},
): Promise<PlacedOrder> {
  const answer = (await apiJson('/api/orders/create', {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ lines: requestLines(lines), customer: form, ...choices }),
  })) as { data: PlacedOrder };
  return answer.data;
}

// quoteOrder lives in checkout-choices.tsx, its only caller: here it would be hoisted into
// checkout's chunk, which the choices chunk would then load as its own (bundle budget).
