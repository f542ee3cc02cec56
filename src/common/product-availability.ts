/**
 * Whether a product can be bought and whether it is there to buy (issue 35,
 * docs/decisions/0069-buyable-stock-and-shop-categories.md): the owner sets a product to "buy
 * online" or "enquire" (the spec's swim spas: "Starting from… contact us"), and its stock is
 * untracked, a count, or made to order with a lead time. Plain functions: no HTTP, database or React.
 */

export const saleModes = ['buy', 'enquire'] as const;
export type SaleMode = (typeof saleModes)[number];

export const stockModes = ['untracked', 'count', 'made_to_order'] as const;
export type StockMode = (typeof stockModes)[number];

/** A product's stock as answers carry it: `count` for count, `leadTimeDays` for made to order. */
export interface ProductStock {
  mode: StockMode;
  count?: number | undefined;
  leadTimeDays?: number | undefined;
}

/** The product fields these rules read; older answers without them mean "buy" and "untracked". */
export interface AvailabilityFields {
  saleMode?: SaleMode;
  stock?: ProductStock;
}

/** At or below this count the product page says how many are left. */
export const lowStockThreshold = 3;

/** An enquire product shows "Starting from" before its price and a contact button. */
export function isEnquireOnly(product: AvailabilityFields): boolean {
  return product.saleMode === 'enquire';
}

/** True unless the product counts its stock and none is left. */
export function isInStock(product: AvailabilityFields): boolean {
  return product.stock?.mode !== 'count' || (product.stock.count ?? 0) > 0;
}

/** How many one order may take at most because of stock (undefined: stock sets no bound). */
export function stockLimit(product: AvailabilityFields): number | undefined {
  return product.stock?.mode === 'count' ? (product.stock.count ?? 0) : undefined;
}

/** The line the product page and card show about stock; undefined when stock is untracked. */
export function availabilityLabel(product: AvailabilityFields): string | undefined {
  const stock = product.stock;
  if (!stock || stock.mode === 'untracked' || isEnquireOnly(product)) return undefined;
  if (stock.mode === 'made_to_order') {
    const days = stock.leadTimeDays ?? 0;
    return days > 0
      ? `Made to order: ready in about ${days} ${days === 1 ? 'day' : 'days'}`
      : 'Made to order';
  }
  const count = stock.count ?? 0;
  if (count <= 0) return 'Out of stock';
  if (count <= lowStockThreshold) return `Only ${count} left`;
  return 'In stock';
}

/** The schema.org ItemAvailability the product's structured data states. */
export function schemaOrgAvailability(product: AvailabilityFields): string {
  if (product.stock?.mode === 'made_to_order') return 'https://schema.org/MadeToOrder';
  return isInStock(product) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
}

/** The message an order refused for want of stock gives, naming the product. */
export function outOfStockMessage(title: string, left: number): string {
  return left <= 0
    ? `Sorry, ${title} has just sold out. Please remove it from your cart, or contact us about it.`
    : `Sorry, only ${left} of ${title} ${left === 1 ? 'is' : 'are'} left. Please change the quantity in your cart and order again.`;
}

/** The stock columns as one value (the server's rows store them apart). */
export function stockOf(
  mode: string,
  count: number | null,
  leadTimeDays: number | null,
): ProductStock {
  if (mode === 'count') return { mode: 'count', count: Math.max(0, count ?? 0) };
  if (mode === 'made_to_order') return { mode: 'made_to_order', leadTimeDays: leadTimeDays ?? 0 };
  return { mode: 'untracked' };
}

/** A stored sale mode read safely: anything but 'enquire' is buyable. */
export function saleModeOf(stored: string): SaleMode {
  return stored === 'enquire' ? 'enquire' : 'buy';
}
