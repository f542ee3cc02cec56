import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import type {
  FulfilmentOptions,
  FulfilmentRequest,
  OrderMoney,
  PricedOrderLine,
} from '../../common/orders.js';
import {
  dateInZone,
  quoteOrder,
  type FulfilmentChoice,
  type OrderQuote,
  type PricingRefusal,
} from '../../common/shop-pricing.js';
import type { DiscountCodeRecord, ShopSettings } from '../../common/shop-settings.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../kernel/errors.js';
import { priceOrder, type RequestedLine } from './order-pricing.js';
import { findProductsForOrder } from './orders-store.js';
import {
  countCustomerUses,
  findDiscountCode,
  getShopSettings,
  toDiscountRule,
} from './shop-store.js';

/** A refusal naming its field, as the one error shape carries it (`issues[].path`). */
export function refuse(refusal: PricingRefusal, status: 400 | 409 = 400): AppError {
  return new AppError(status, refusal.message, [{ path: refusal.field, message: refusal.message }]);
}

export interface ServerQuote {
  quote: OrderQuote;
  lines: PricedOrderLine[];
  settings: ShopSettings;
  code: DiscountCodeRecord | undefined;
}

export function fulfilmentOptions(settings: ShopSettings): FulfilmentOptions {
  return {
    delivery: settings.delivery.offered,
    collection: settings.collection.offered
      ? { address: settings.collection.address, openingTimes: settings.collection.openingTimes }
      : null,
  };
}

const offersAChoice = (settings: ShopSettings) =>
  settings.delivery.offered || settings.collection.offered;

function toChoice(request: FulfilmentRequest | undefined): FulfilmentChoice | undefined {
  if (!request) return undefined;
  if (request.method === 'collection') return { method: 'collection' };
  if (!request.postcode) {
    throw refuse({
      field: 'fulfilment.postcode',
      message: 'Please enter your postcode for delivery.',
    });
  }
  return { method: 'delivery', postcode: request.postcode };
}

/**
 * Prices a cart as the order would be: the catalogue's rules and prices (order-pricing.ts), then
 * the client's discount code, delivery and VAT (src/common/shop-pricing.ts). `placing` requires
 * the fulfilment choice when the client offers one; a quote may leave it out.
 */
export async function priceCart(
  db: Kysely<Database>,
  client: ClientConfig,
  request: {
    lines: readonly RequestedLine[];
    fulfilment?: FulfilmentRequest | undefined;
    discountCode?: string | undefined;
    email?: string | undefined;
  },
  now: Date,
  placing: boolean,
): Promise<ServerQuote> {
  const products = await findProductsForOrder(
    db,
    client.name,
    request.lines.map((l) => l.productId),
  );
  const priced = priceOrder(request.lines, products, client);
  if (!priced.ok) throw new AppError(400, priced.message);
  const { settings } = await getShopSettings(db, client.name);
  if (placing && !request.fulfilment && offersAChoice(settings)) {
    throw refuse({ field: 'fulfilment', message: 'Please choose delivery or collection.' });
  }

  let code: DiscountCodeRecord | undefined;
  const typed = request.discountCode?.trim();
  if (typed) {
    code = await findDiscountCode(db, client.name, typed);
    if (!code)
      throw refuse({ field: 'discountCode', message: `We do not recognise the code ${typed}.` });
    if (code.totalLimit !== null && code.usedCount >= code.totalLimit) {
      throw refuse({ field: 'discountCode', message: `The code ${code.code} has been used up.` });
    }
    if (code.perCustomerLimit !== null && request.email) {
      const uses = await countCustomerUses(db, code.id, request.email);
      if (uses >= code.perCustomerLimit) throw perCustomerRefusal(code);
    }
  }

  const result = quoteOrder({
    // Pence throughout: a client in whole pounds has its prices multiplied by 100.
    lines: priced.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      quantity: l.quantity,
      unitPence: client.pricesInPence ? l.unitPrice : l.unitPrice * 100,
    })),
    settings,
    fulfilment: toChoice(request.fulfilment),
    discount: code && toDiscountRule(code),
    today: dateInZone(now, client.timeZone),
  });
  if (!result.ok) throw refuse(result.refusal);
  return { quote: result.quote, lines: priced.lines, settings, code };
}

export function perCustomerRefusal(code: DiscountCodeRecord): AppError {
  return refuse({
    field: 'discountCode',
    message: `You have already used the code ${code.code} ${code.perCustomerLimit === 1 ? 'once' : `${code.perCustomerLimit} times`}, which is its limit.`,
  });
}

const pounds = (pence: number) => pence / 100;

/** The quote in pounds, as the API answers it. */
export function moneyOf(quote: OrderQuote, settings: ShopSettings): OrderMoney {
  return {
    subtotal: pounds(quote.subtotalPence),
    discount: pounds(quote.discountPence),
    discountCode: quote.discountCode,
    delivery: pounds(quote.deliveryPence),
    net: pounds(quote.netPence),
    vat: pounds(quote.vatPence),
    total: pounds(quote.totalPence),
    vatRate: quote.vatRateBasisPoints / 100,
    vatRegistered: quote.vatRegistered,
    pricesIncludeVat: quote.pricesIncludeVat,
    vatNumber: settings.vat.registered && settings.vat.vatNumber ? settings.vat.vatNumber : null,
    fulfilment: quote.fulfilment,
  };
}
