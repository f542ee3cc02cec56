import { createHash } from 'node:crypto';
import { clientSender } from '../mail/client-sender.js';
import type { Kysely } from 'kysely';
import { formatCartAmount } from '../../common/cart-rules.js';
import type { ClientConfig } from '../../common/client-config.js';
import {
  formatOrderNumber,
  type PlaceOrderRequest,
  type PlacedOrder,
} from '../../common/orders.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { safeReplyTo } from '../mail/compose-message.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { renderCustomerOrderMail, renderOwnerOrderMail } from './order-emails.js';
import { moneyOf, perCustomerRefusal, priceCart, refuse } from './order-quote.js';
import {
  findOrderByKey,
  insertOrder,
  storedMoney,
  takeNextOrderSequence,
  takeStock,
  type StoredOrder,
} from './orders-store.js';
import { countCustomerUses, insertRedemption, takeDiscountUse } from './shop-store.js';
import { inTransaction } from '../db/transaction.js';
import { linkCustomer } from '../customers/customer-service.js';
import { outOfStockMessage } from '../../common/product-availability.js';

export interface PlaceOrderContext {
  db: Kysely<Database>;
  client: ClientConfig;
  mailFrom: string;
  now: Date;
  /** Issue 36: the shopper pays by card now; the order starts with payment status unpaid. */
  payByCard?: boolean;
}

export interface PlaceOrderResult {
  order: PlacedOrder;
  /** The stored order's id and gross in pence (issue 36: the card payment is made from these). */
  stored: { id: number; grossPence: number; paymentSessionUrl: string | null };
  /** True when this was a replay of an order already placed with the same key. */
  replay: boolean;
  /** True when the order took counted stock (the product pages must show the new count). */
  stockTaken?: boolean;
}

/** A stable fingerprint of what was ordered and by whom, to tell a replay from a reused key. */
function fingerprint(request: PlaceOrderRequest): string {
  const lines = [...request.lines].sort((a, b) => a.productId - b.productId);
  return createHash('sha256')
    .update(
      JSON.stringify({
        lines,
        customer: request.customer,
        fulfilment: request.fulfilment ?? null,
        discountCode: request.discountCode?.trim().toUpperCase() || null,
        payBy: request.payBy ?? null,
      }),
    )
    .digest('hex');
}

function toPlacedOrder(order: StoredOrder): PlacedOrder {
  const money = storedMoney(order) ?? {
    subtotal: order.total,
    discount: 0,
    discountCode: null,
    delivery: 0,
    net: order.total,
    vat: 0,
    total: order.total,
    vatRate: 0,
    vatRegistered: false,
    pricesIncludeVat: true,
    vatNumber: null,
    fulfilment: null,
  };
  return {
    ...money,
    ...(order.payment_status !== null ? { payment: { url: order.payment_url } } : {}),
    orderNumber: order.order_number,
    lines: order.lines,
    totalText: formatCartAmount(order.total, { pricesInPence: order.prices_in_pence === 1 }),
  };
}

async function replayOf(
  db: Kysely<Database>,
  client: ClientConfig,
  key: string,
  hash: string,
): Promise<PlaceOrderResult | undefined> {
  const earlier = await findOrderByKey(db, client.name, key);
  if (!earlier) return undefined;
  if (earlier.request_hash !== hash) {
    throw new AppError(
      422,
      'This order key was already used for a different order. Please reload the page and order again.',
    );
  }
  return {
    order: toPlacedOrder(earlier),
    stored: {
      id: earlier.id,
      grossPence: earlier.gross_pence,
      paymentSessionUrl: earlier.payment_url,
    },
    replay: true,
  };
}

/**
 * Places an order: prices it from the catalogue, then in one transaction takes the client's next
 * number, stores the order and its lines, and queues the owner's e-mail and the customer's
 * acknowledgement — so an order, its number and its e-mails exist together or not at all.
 */
export async function placeOrder(
  { db, client, mailFrom, now, payByCard = false }: PlaceOrderContext,
  request: PlaceOrderRequest,
  idempotencyKey: string | undefined,
): Promise<PlaceOrderResult> {
  const hash = fingerprint(request);
  if (idempotencyKey) {
    const replay = await replayOf(db, client, idempotencyKey, hash);
    if (replay) return replay;
  }
  const { quote, lines, settings, code } = await priceCart(
    db,
    client,
    { ...request, email: request.customer.email },
    now,
    true,
  );
  const money = moneyOf(quote, settings);

  const createdAt = now.toISOString();
  try {
    let stockTaken = false;
    const { orderNumber, orderId } = await inTransaction(db, async (trx) => {
      // Stock first (issue 35): a refusal rolls back before a number is taken.
      for (const line of lines) {
        const taken = await takeStock(trx, client.name, line.productId, line.quantity);
        if (!taken.ok) throw new AppError(409, outOfStockMessage(line.title, taken.left));
        stockTaken ||= taken.counted;
      }
      const sequence = await takeNextOrderSequence(trx, client.name);
      const number = formatOrderNumber(client.name, sequence);
      // The customer record (issue 33), in the order's own transaction.
      const customerId = await linkCustomer(trx, {
        clientCode: client.name,
        name: request.customer.name,
        email: request.customer.email,
        telephone: request.customer.telephone,
        now,
      });
      const orderId = await insertOrder(
        trx,
        {
          customer_id: customerId,
          client_code: client.name,
          sequence,
          order_number: number,
          idempotency_key: idempotencyKey ?? null,
          request_hash: hash,
          status: 'new',
          status_note: null,
          customer_name: request.customer.name,
          customer_email: request.customer.email,
          customer_telephone: request.customer.telephone,
          customer_address: request.customer.address,
          customer_message: request.customer.message,
          // Issue 35: what the customer pays, in pence (prices_in_pence says the unit of total).
          total: quote.totalPence,
          prices_in_pence: 1,
          created_at: createdAt,
          updated_at: createdAt,
          fulfilment_method: quote.fulfilment?.method ?? null,
          delivery_postcode:
            quote.fulfilment?.method === 'delivery' ? quote.fulfilment.postcode : null,
          delivery_zone: quote.fulfilment?.method === 'delivery' ? quote.fulfilment.zoneName : null,
          subtotal_pence: quote.subtotalPence,
          discount_code: quote.discountCode,
          discount_pence: quote.discountPence,
          delivery_pence: quote.deliveryPence,
          net_pence: quote.netPence,
          vat_pence: quote.vatPence,
          gross_pence: quote.totalPence,
          vat_rate_basis_points: quote.vatRateBasisPoints,
          vat_number: money.vatNumber,
          priced_in_pence: 1,
          payment_status: payByCard ? 'unpaid' : null,
        },
        lines,
        quote.lines,
      );
      if (code) {
        // The code's use is counted here, in the order's transaction: past its limit, no order.
        if (!(await takeDiscountUse(trx, client.name, code.id))) {
          throw refuse(
            { field: 'discountCode', message: `The code ${code.code} has just been used up.` },
            409,
          );
        }
        if (
          code.perCustomerLimit !== null &&
          (await countCustomerUses(trx, code.id, request.customer.email)) >= code.perCustomerLimit
        ) {
          throw perCustomerRefusal(code);
        }
        await insertRedemption(trx, {
          clientCode: client.name,
          codeId: code.id,
          orderId,
          customerEmail: request.customer.email,
          now,
        });
      }
      const mailInput = {
        orderNumber: number,
        client,
        customer: request.customer,
        lines,
        total: quote.totalPence,
        money,
        payByCard,
      };
      const customerAddress = safeReplyTo(request.customer.email);
      await enqueueMessage(
        trx,
        {
          clientCode: client.name,
          templateId: 'order',
          from: clientSender(client.title, mailFrom),
          to: client.email,
          replyTo: customerAddress,
          idempotencyKey: `order:${number}:owner`,
          ...renderOwnerOrderMail(mailInput),
        },
        now,
      );
      // The acknowledgement needs an address that can receive it; the spec only asks for one.
      if (customerAddress) {
        await enqueueMessage(
          trx,
          {
            clientCode: client.name,
            templateId: 'order-acknowledgement',
            from: clientSender(client.title, mailFrom),
            to: customerAddress,
            replyTo: client.email,
            idempotencyKey: `order:${number}:customer`,
            ...renderCustomerOrderMail(mailInput),
          },
          now,
        );
      }
      return { orderNumber: number, orderId };
    });
    return {
      order: {
        ...money,
        orderNumber,
        lines,
        totalText: formatCartAmount(quote.totalPence, { pricesInPence: true }),
      },
      stored: { id: orderId, grossPence: quote.totalPence, paymentSessionUrl: null },
      replay: false,
      stockTaken,
    };
  } catch (error) {
    // Two submits with one key at the same moment: the unique key lets one in; the other is a replay.
    if (idempotencyKey) {
      const replay = await replayOf(db, client, idempotencyKey, hash);
      if (replay) return replay;
    }
    throw error;
  }
}
