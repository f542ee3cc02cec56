import {
  cartTotal,
  maxQuantityPerLine,
  type CartClient,
  type CartProduct,
} from '../../common/cart-rules.js';
import { isEnquireOnly } from '../../common/product-availability.js';
import type { PricedOrderLine } from '../../common/orders.js';

export type PricingResult =
  { ok: true; lines: PricedOrderLine[]; total: number } | { ok: false; message: string };

export interface RequestedLine {
  productId: number;
  quantity: number;
}

/**
 * Prices an order from the catalogue alone (spec section 6's rules): the client must have a cart,
 * every product must exist and be sold online (its sale mode is "buy", issue 35), and repeated
 * lines are merged within the per-line limit. Stock is taken in the order's transaction
 * (orders-store.ts takeStock), where two orders for the last one cannot both succeed. The browser's idea of prices never enters.
 */
export function priceOrder(
  requested: readonly RequestedLine[],
  catalogue: readonly CartProduct[],
  client: CartClient & { title: string },
): PricingResult {
  if (!client.usesCart) {
    return {
      ok: false,
      message: `${client.title} does not take orders online. Please contact us to order.`,
    };
  }
  if (requested.length === 0) return { ok: false, message: 'Your cart is empty' };
  const byId = new Map(catalogue.map((product) => [product.id, product]));
  const quantities = new Map<number, number>();
  for (const line of requested) {
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  const lines: PricedOrderLine[] = [];
  for (const [productId, quantity] of quantities) {
    const product = byId.get(productId);
    if (!product) {
      return {
        ok: false,
        message: `Product ${productId} is no longer in our catalogue. Please check your cart and order again.`,
      };
    }
    if (isEnquireOnly(product)) {
      return {
        ok: false,
        message: `${product.title} cannot be bought online. Please contact us about it.`,
      };
    }
    if (quantity > maxQuantityPerLine) {
      return {
        ok: false,
        message: `You can order up to ${maxQuantityPerLine} of ${product.title} online. For more, please contact us.`,
      };
    }
    lines.push({
      productId,
      title: product.title,
      quantity,
      unitPrice: product.price,
      lineAmount: product.price * quantity,
    });
  }
  return {
    ok: true,
    lines,
    total: cartTotal(lines.map((l) => ({ price: l.unitPrice, quantity: l.quantity }))),
  };
}
