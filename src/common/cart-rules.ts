/**
 * The cart rules of spec section 6 and the cart arithmetic, as plain functions: which products a
 * visitor may add, what a valid quantity is, how lines merge, the total, re-pricing from the
 * catalogue, and the order e-mail's cart table. No HTTP, database or React here.
 */
import { formatCartPrice, toPounds } from './money.js';
// Types only: the checkout's chunk stays without product-availability.ts (its 30 KB budget).
import type { AvailabilityFields, ProductStock, SaleMode } from './product-availability.js';

const isEnquireOnly = (product: AvailabilityFields) => product.saleMode === 'enquire';
const isInStock = (product: AvailabilityFields) =>
  product.stock?.mode !== 'count' || (product.stock.count ?? 0) > 0;

/**
 * The most of one product a single order may hold. The spec sets no bound; a hot-tub shop never
 * sells more than a handful online, so more than this is a trade enquiry (docs/decisions/
 * 0011-cart-quantity-limit.md).
 */
export const maxQuantityPerLine = 20;

/**
 * The product fields the rules read. Whether it is sold online is the owner's `saleMode` (issue 35:
 * the spec's "ids above 1000 are swim spas" is now data, docs/decisions/0069-…); stock may stop it.
 */
export interface CartProduct {
  id: number;
  title: string;
  price: number;
  category: string;
  saleMode?: SaleMode;
  stock?: ProductStock;
}

/** What the sale rules read of a product (its id keeps the type from matching anything). */
export type AvailableProduct = Pick<CartProduct, 'id'> & AvailabilityFields;

/** The client flags the rules read. */
export interface CartClient {
  usesCart: boolean;
  pricesInPence: boolean;
}

/** A cart line (spec section 3). `price` is the catalogue's stored amount for one item. */
export interface CartLine {
  id: number;
  title: string;
  price: number;
  quantity: number;
}

/** Products the owner sells by enquiry (the spec's swim spas) show 'Starting from' before their price. */
export function showsStartingFrom(product: AvailableProduct): boolean {
  return isEnquireOnly(product);
}

/** How the product page and cards offer a product: an Add to cart button or a contact button. */
export type PurchaseOption = 'add-to-cart' | 'contact-shop';

/**
 * Spec section 6: the cart exists only where usesCart is true, and then only products the owner
 * sells online ("buy") that are in stock can be added.
 */
export function canAddToCart(
  product: AvailableProduct,
  client: Pick<CartClient, 'usesCart'>,
): boolean {
  return client.usesCart && !isEnquireOnly(product) && isInStock(product);
}

/**
 * How the product page offers it: the cart, a contact button (enquire, or no cart), or "out of
 * stock" (a buyable product with none left: nothing to add, and nothing to enquire about).
 */
export function purchaseOptionFor(
  product: AvailableProduct,
  client: Pick<CartClient, 'usesCart'>,
): PurchaseOption | 'out-of-stock' {
  if (client.usesCart && !isEnquireOnly(product) && !isInStock(product)) return 'out-of-stock';
  return canAddToCart(product, client) ? 'add-to-cart' : 'contact-shop';
}

export type QuantityResult = { ok: true; quantity: number } | { ok: false; message: string };

export const quantityMessages = {
  empty: 'Please enter a quantity.',
  notWhole: 'Please enter a whole number, for example 1 or 2.',
  tooSmall: 'Please enter a quantity of at least 1.',
  tooLarge: `You can order up to ${maxQuantityPerLine} of one product online. For more, please contact us.`,
} as const;

/**
 * Reads what a visitor typed into a quantity field. Zero, negative, fractional, non-numeric and
 * absurd quantities give a message a person can act on; nothing is added.
 */
export function parseQuantity(input: string | number): QuantityResult {
  const text = String(input).trim();
  if (text === '') return { ok: false, message: quantityMessages.empty };
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return { ok: false, message: quantityMessages.notWhole };
  const value = Number(text);
  if (value < 1) return { ok: false, message: quantityMessages.tooSmall };
  if (!Number.isInteger(value)) return { ok: false, message: quantityMessages.notWhole };
  if (value > maxQuantityPerLine) return { ok: false, message: quantityMessages.tooLarge };
  return { ok: true, quantity: value };
}

export type CartChange = { ok: true; lines: CartLine[] } | { ok: false; message: string };

/**
 * Adds a line, merging it into an existing line of the same product (the catalogue's title and
 * price win). A merge that would pass the per-line limit is refused, leaving the cart unchanged.
 */
export function addLine(lines: readonly CartLine[], line: CartLine): CartChange {
  const checked = parseQuantity(line.quantity);
  if (!checked.ok) return checked;
  const existing = lines.find((l) => l.id === line.id);
  if (!existing) return { ok: true, lines: [...lines, { ...line }] };
  const merged = existing.quantity + line.quantity;
  if (merged > maxQuantityPerLine) {
    return {
      ok: false,
      message: `You already have ${existing.quantity} of ${existing.title} in your cart. ${quantityMessages.tooLarge}`,
    };
  }
  return {
    ok: true,
    lines: lines.map((l) =>
      l.id === line.id ? { ...l, title: line.title, price: line.price, quantity: merged } : l,
    ),
  };
}

/** Sets one line's quantity; an invalid quantity is refused with its message. */
export function changeQuantity(
  lines: readonly CartLine[],
  id: number,
  quantity: string | number,
): CartChange {
  const checked = parseQuantity(quantity);
  if (!checked.ok) return checked;
  return {
    ok: true,
    lines: lines.map((l) => (l.id === id ? { ...l, quantity: checked.quantity } : l)),
  };
}

export function removeLine(lines: readonly CartLine[], id: number): CartLine[] {
  return lines.filter((l) => l.id !== id);
}

/** Merges duplicate ids and drops lines that are not valid; used when a whole cart is replaced. */
export function normaliseLines(lines: readonly CartLine[]): CartLine[] {
  let result: CartLine[] = [];
  for (const line of lines) {
    const added = addLine(result, line);
    if (added.ok) result = added.lines;
  }
  return result;
}

/** The price of one line in the catalogue's stored units. */
export function lineAmount(line: Pick<CartLine, 'price' | 'quantity'>): number {
  return line.price * line.quantity;
}

/** The cart total in the catalogue's stored units (whole pounds, or pence in pence mode). */
export function cartTotal(lines: readonly Pick<CartLine, 'price' | 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + lineAmount(line), 0);
}

export function itemCount(lines: readonly Pick<CartLine, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A money amount in the spec's cart format, honouring the client's pence mode. */
export function formatCartAmount(storedAmount: number, client: Pick<CartClient, 'pricesInPence'>) {
  return formatCartPrice(toPounds(storedAmount, client.pricesInPence));
}

export interface RepriceResult {
  lines: CartLine[];
  /** Titles whose price changed since they were added. */
  repriced: string[];
  /** Titles no longer sold (gone from the catalogue, or no longer addable). */
  removed: string[];
}

/**
 * DESIGN.md: a stored cart is not trusted. Each line takes the catalogue's current title and
 * price; a line whose product is gone or cannot be bought online is dropped.
 */
export function repriceLines(
  lines: readonly CartLine[],
  catalogue: readonly CartProduct[],
  client: Pick<CartClient, 'usesCart'>,
): RepriceResult {
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const result: RepriceResult = { lines: [], repriced: [], removed: [] };
  for (const line of lines) {
    const product = byId.get(line.id);
    if (!product || !canAddToCart(product, client)) {
      result.removed.push(line.title);
      continue;
    }
    if (product.price !== line.price) result.repriced.push(product.title);
    result.lines.push({ ...line, title: product.title, price: product.price });
  }
  return result;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);
}

/**
 * The order e-mail's `cart` parameter: a plain HTML table (no attributes) of product, Qty and
 * Price, with product titles escaped, so the relay can insert it raw after sanitising. The goods
 * add up to a "Subtotal", not a "Total" (issue 35: discount, delivery and VAT come after); an
 * e-mail that prints the order's money lines itself leaves that row out.
 */
export function renderCartTable(
  lines: readonly CartLine[],
  client: Pick<CartClient, 'pricesInPence'>,
  { subtotalRow = true }: { subtotalRow?: boolean } = {},
): string {
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${escapeText(line.title)}</td><td>${line.quantity}</td><td>${escapeText(
          formatCartAmount(lineAmount(line), client),
        )}</td></tr>`,
    )
    .join('');
  const subtotal = escapeText(formatCartAmount(cartTotal(lines), client));
  const foot = subtotalRow
    ? `<tfoot><tr><th>Subtotal</th><td></td><td>${subtotal}</td></tr></tfoot>`
    : '';
  return `<table><thead><tr><th>Product</th><th>Qty</th><th>Price</th></tr></thead><tbody>${rows}</tbody>${foot}</table>`;
}
