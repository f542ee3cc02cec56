// zod/mini: the checkout screen loads this schema (docs/decisions/page-speed.md).
import * as z from 'zod/mini';
import { maxQuantityPerLine } from './cart-rules.js';
import { checkoutFormSchema } from './forms.js';

/**
 * An order as the browser sends it: which products and how many, and who is ordering. Prices,
 * titles and totals are never sent; the server takes them from the catalogue
 * (docs/decisions/orders-are-priced-by-the-server.md).
 */
export const maxOrderLines = 50;

export const orderLineRequestSchema = z.object({
  productId: z
    .number({ error: 'Each line needs a product id' })
    .check(z.int('A product id is a whole number'), z.positive('A product id is positive')),
  quantity: z
    .number({ error: 'Each line needs a quantity' })
    .check(
      z.int('Please enter a whole number, for example 1 or 2.'),
      z.minimum(1, 'Please enter a quantity of at least 1.'),
      z.maximum(
        maxQuantityPerLine,
        `You can order up to ${maxQuantityPerLine} of one product online. For more, please contact us.`,
      ),
    ),
});

export const placeOrderRequestSchema = z.object({
  lines: z
    .array(orderLineRequestSchema)
    .check(
      z.minLength(1, 'Your cart is empty'),
      z.maxLength(maxOrderLines, `An order can hold at most ${maxOrderLines} different products`),
    ),
  customer: checkoutFormSchema,
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

/** One priced line, as stored and as the customer is told. Amounts in the catalogue's units. */
export interface PricedOrderLine {
  productId: number;
  title: string;
  quantity: number;
  unitPrice: number;
  lineAmount: number;
}

export const orderStatuses = ['new', 'contacted', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** POST /api/orders/create answers this (201, or 200 for a replay of the same order). */
export interface PlacedOrder {
  orderNumber: string;
  lines: PricedOrderLine[];
  /** In the catalogue's stored units (whole pounds, or pence in pence mode). */
  total: number;
  /** The total in the spec's cart format, e.g. £4.999,00. */
  totalText: string;
}

/** A human order number per client: SE-000123. */
export function formatOrderNumber(clientCode: string, sequence: number): string {
  return `${clientCode}-${String(sequence).padStart(6, '0')}`;
}

/** What the owner may change an order to, from each status (a finished order can be reopened). */
export const orderStatusChanges: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['contacted', 'completed', 'cancelled'],
  contacted: ['new', 'completed', 'cancelled'],
  completed: ['contacted'],
  cancelled: ['new'],
};

export const changeOrderStatusSchema = z.object({
  status: z.enum(orderStatuses, 'Choose new, contacted, completed or cancelled'),
  note: z._default(
    z.string().check(z.trim(), z.maxLength(1000, 'Please keep the note under 1000 characters')),
    '',
  ),
  /** The updatedAt the owner saw: a change made meanwhile by someone else is not overwritten. */
  expectedUpdatedAt: z.optional(z.string()),
});
export type ChangeOrderStatus = z.infer<typeof changeOrderStatusSchema>;

/** One row of the owner's order list. */
export interface OrderSummary {
  orderNumber: string;
  status: OrderStatus;
  customerName: string;
  total: number;
  totalText: string;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

/** An order as the owner sees it in full. */
export interface OrderDetail extends OrderSummary {
  customerEmail: string;
  customerTelephone: string;
  customerAddress: string;
  customerMessage: string;
  statusNote: string | null;
  lines: PricedOrderLine[];
  /** Which statuses the owner can move it to now. */
  nextStatuses: readonly OrderStatus[];
}
