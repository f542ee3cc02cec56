// zod/mini: the checkout screen loads this schema (docs/decisions/0014-page-speed.md).
import * as z from 'zod/mini';
import { maxQuantityPerLine } from './cart-rules.js';
import { checkoutFormSchema } from './forms.js';
import { multiLineChecks, singleLineChecks } from './text-rules.js';

/**
 * An order as the browser sends it: which products and how many, and who is ordering. Prices,
 * titles and totals are never sent; the server takes them from the catalogue
 * (docs/decisions/0019-orders-are-priced-by-the-server.md).
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

/** Issue 35: delivery (to a postcode) or collection from the shop. */
export const fulfilmentRequestSchema = z.object({
  method: z.enum(['delivery', 'collection'], 'Please choose delivery or collection'),
  postcode: z.optional(
    z.string().check(z.trim(), z.maxLength(12, 'Please enter a postcode, for example EH28 8PJ')),
  ),
});
export type FulfilmentRequest = z.infer<typeof fulfilmentRequestSchema>;

const discountCodeRequestSchema = z.optional(
  z.string().check(z.trim(), z.maxLength(32, 'A discount code is at most 32 characters')),
);

const orderLinesSchema = z
  .array(orderLineRequestSchema)
  .check(
    z.minLength(1, 'Your cart is empty'),
    z.maxLength(maxOrderLines, `An order can hold at most ${maxOrderLines} different products`),
  );

export const placeOrderRequestSchema = z.object({
  lines: orderLinesSchema,
  customer: checkoutFormSchema,
  fulfilment: z.optional(fulfilmentRequestSchema),
  /** Issue 36: pay now by card on Stripe's hosted page (only when the client takes cards). */
  payBy: z.optional(z.enum(['card'], 'Choose card, or leave it out to pay later')),
  discountCode: discountCodeRequestSchema,
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

/** POST /api/orders/quote: what checkout shows before the order is placed, priced here too. */
export const quoteRequestSchema = z.object({
  lines: orderLinesSchema,
  fulfilment: z.optional(fulfilmentRequestSchema),
  discountCode: discountCodeRequestSchema,
  /** For a code's per-customer limit, when the visitor has typed it. */
  email: z.optional(z.string().check(z.trim(), z.maxLength(254))),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** An order's money as the server priced it: pounds, as the API answers (issue 35). */
export interface OrderMoney {
  subtotal: number;
  discount: number;
  discountCode: string | null;
  delivery: number;
  net: number;
  vat: number;
  total: number;
  /** The VAT rate in percent (20), 0 when the client is not VAT-registered. */
  vatRate: number;
  vatRegistered: boolean;
  pricesIncludeVat: boolean;
  vatNumber: string | null;
  fulfilment:
    { method: 'delivery'; postcode: string; zoneName: string } | { method: 'collection' } | null;
}

/** What the client offers at checkout: its choices, and the collection address and times. */
export interface FulfilmentOptions {
  delivery: boolean;
  collection: { address: string; openingTimes: string } | null;
}

/** POST /api/orders/quote answers this. */
export interface OrderQuoteAnswer {
  money: OrderMoney;
  options: FulfilmentOptions;
}

/** One priced line, as stored and as the customer is told. Amounts in the catalogue's units. */
export const pricedOrderLineSchema = z.object({
  productId: z.number(),
  title: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  lineAmount: z.number(),
});
export type PricedOrderLine = z.infer<typeof pricedOrderLineSchema>;

export const orderStatuses = ['new', 'contacted', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * POST /api/orders/create answers this (201, or 200 for a replay of the same order): the number,
 * the lines (in the catalogue's stored units) and, in pounds, subtotal, discount, delivery, VAT
 * and total (issue 35).
 */
export interface PlacedOrder extends Omit<OrderMoney, 'total'> {
  orderNumber: string;
  lines: PricedOrderLine[];
  /** What the customer pays, in pounds. */
  total: number;
  /** The total in the spec's cart format, e.g. £4.999,00. */
  totalText: string;
  /**
   * Issue 36, for an order paid by card: where the shopper pays (Stripe's hosted page), or null
   * when the page could not be made just now (the order stands; the business will be in touch).
   */
  payment?: { url: string | null };
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
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(1000, 'Please keep the note under 1000 characters'),
        ...multiLineChecks(),
      ),
    '',
  ),
  /** The updatedAt the owner saw: a change made meanwhile by someone else is not overwritten. */
  expectedUpdatedAt: z.optional(z.string().check(z.maxLength(64), ...singleLineChecks())),
  /** Issue 35: e-mail the customer about the change, with `message` (the owner's words). */
  notifyCustomer: z.optional(z.boolean('notifyCustomer is true or false')),
  message: z.optional(orderStatusMessageField()),
});
export type ChangeOrderStatus = z.infer<typeof changeOrderStatusSchema>;

function orderStatusMessageField() {
  return z
    .string()
    .check(
      z.trim(),
      z.maxLength(2000, 'Please keep the message under 2000 characters'),
      ...multiLineChecks(),
    );
}

/**
 * POST /api/manage/orders/:orderNumber/status-preview (issue 35): the e-mail the customer would
 * receive for `status`; without a message, the suggested one for that status.
 */
export const orderStatusPreviewRequestSchema = z.object({
  status: z.enum(orderStatuses, 'Choose new, contacted, completed or cancelled'),
  message: z.optional(orderStatusMessageField()),
});
export type OrderStatusPreviewRequest = z.infer<typeof orderStatusPreviewRequestSchema>;

/** The preview: to, subject and text as sent, and the message in it (for the owner to edit). */
export const orderStatusPreviewSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  message: z.string(),
});
export type OrderStatusPreview = z.infer<typeof orderStatusPreviewSchema>;

/** One row of the owner's order list (GET /api/manage/orders). */
export const orderSummarySchema = z.object({
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  customerName: z.string(),
  total: z.number(),
  totalText: z.string(),
  itemCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderListSchema = z.object({ orders: z.array(orderSummarySchema) });

/** An order as the owner sees it in full (GET /api/manage/orders/:orderNumber). */
export const orderDetailSchema = z.extend(orderSummarySchema, {
  customerEmail: z.string(),
  customerTelephone: z.string(),
  customerAddress: z.string(),
  customerMessage: z.string(),
  statusNote: z.nullable(z.string()),
  lines: z.array(pricedOrderLineSchema),
  /** Issue 35's money, in pounds; null for an order placed before it. */
  money: z.nullable(
    z.object({
      subtotal: z.number(),
      discount: z.number(),
      discountCode: z.nullable(z.string()),
      delivery: z.number(),
      net: z.number(),
      vat: z.number(),
      total: z.number(),
      vatRate: z.number(),
      vatRegistered: z.boolean(),
      pricesIncludeVat: z.boolean(),
      vatNumber: z.nullable(z.string()),
      fulfilment: z.nullable(
        z.object({
          method: z.enum(['delivery', 'collection']),
          postcode: z.optional(z.string()),
          zoneName: z.optional(z.string()),
        }),
      ),
    }),
  ),
  /** Which statuses the owner can move it to now. */
  nextStatuses: z.array(z.enum(orderStatuses)),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
