/**
 * An order's money (issue 35, docs/decisions/0070-delivery-vat-and-discount-codes.md), as plain
 * functions in whole pence: goods subtotal → discount (apportioned to the lines) → delivery (zone
 * by the longest matching postcode prefix, free over a threshold or with a free-delivery code) →
 * VAT per line, rounded half up. No HTTP, database or React here.
 */
import { normalisePostcodePrefix, type DeliveryZone, type ShopSettings } from './shop-settings.js';

/** n / d rounded half up, for n ≥ 0 and d > 0, in integers (no float drift at £99,999.99). */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The VAT inside a VAT-inclusive amount: gross × R / (100 + R), rounded half up. */
export function vatInGross(grossPence: number, rateBasisPoints: number): number {
  return divideRoundingHalfUp(grossPence * rateBasisPoints, 10_000 + rateBasisPoints);
}

/** The VAT on a VAT-exclusive amount: net × R / 100, rounded half up. */
export function vatOnNet(netPence: number, rateBasisPoints: number): number {
  return divideRoundingHalfUp(netPence * rateBasisPoints, 10_000);
}

/**
 * Shares `total` pence between lines in proportion to their weights, so the shares add up to the
 * total exactly: each takes its floor, and the pence left over go to the largest remainders
 * (the first line on a tie).
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  const remainders = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

const fullPostcodePattern = /^([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})$/;

/** A UK postcode written the usual way (EH28 8PJ), or null when it is not one. */
export function normalisePostcode(text: string): string | null {
  const match = fullPostcodePattern.exec(text.trim().toUpperCase().replace(/\s+/g, ''));
  return match ? `${match[1]} ${match[2]}` : null;
}

/**
 * The zone that delivers to a postcode: the one with the longest prefix matching it. A prefix is
 * an area (EH), a district (EH28) or a sector (EH28 8) and matches whole parts only, so EH1 does
 * not take EH12.
 */
export function zoneForPostcode(
  zones: readonly DeliveryZone[],
  postcode: string,
): DeliveryZone | undefined {
  const [outward = '', inward = ''] = postcode.split(' ');
  const area = outward.replace(/\d.*$/, '');
  const parts = new Set([area, outward, `${outward} ${inward.slice(0, 1)}`, postcode]);
  let best: { zone: DeliveryZone; length: number } | undefined;
  for (const zone of zones) {
    for (const prefix of zone.prefixes) {
      const p = normalisePostcodePrefix(prefix);
      if (parts.has(p) && (!best || p.length > best.length)) best = { zone, length: p.length };
    }
  }
  return best?.zone;
}

/** A discount code as pricing reads it (limits in total and per customer are the store's). */
export interface DiscountRule {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent 1–100, or pence. */
  value: number;
  minSpendPence: number;
  startsOn: string | null;
  endsOn: string | null;
  freeDelivery: boolean;
  active: boolean;
}

export interface PricingLine {
  productId: number;
  title: string;
  quantity: number;
  unitPence: number;
}

export interface PricedLine extends PricingLine {
  /** unitPence × quantity, before the discount. */
  amountPence: number;
  discountPence: number;
  netPence: number;
  vatPence: number;
  grossPence: number;
}

export type FulfilmentChoice = { method: 'delivery'; postcode: string } | { method: 'collection' };

export interface OrderQuote {
  lines: PricedLine[];
  subtotalPence: number;
  discountPence: number;
  discountCode: string | null;
  fulfilment:
    { method: 'delivery'; postcode: string; zoneName: string } | { method: 'collection' } | null;
  /** The delivery charge as the catalogue prices it (VAT included when prices include VAT). */
  deliveryPence: number;
  deliveryVatPence: number;
  netPence: number;
  vatPence: number;
  /** What the customer pays. */
  totalPence: number;
  vatRateBasisPoints: number;
  vatRegistered: boolean;
  pricesIncludeVat: boolean;
}

/** A refusal naming the request field it is about. */
export interface PricingRefusal {
  field: 'discountCode' | 'fulfilment' | 'fulfilment.postcode' | 'fulfilment.method';
  message: string;
}

const poundsText = (pence: number) =>
  `£${(pence / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** Whether a code may be used today on this subtotal (its limits aside). */
export function checkDiscountRule(
  rule: DiscountRule,
  subtotalPence: number,
  today: string,
): PricingRefusal | null {
  const refuse = (message: string): PricingRefusal => ({ field: 'discountCode', message });
  if (!rule.active) return refuse(`The code ${rule.code} is not in use.`);
  if (rule.startsOn && today < rule.startsOn)
    return refuse(`The code ${rule.code} starts on ${rule.startsOn}.`);
  if (rule.endsOn && today > rule.endsOn)
    return refuse(`The code ${rule.code} ended on ${rule.endsOn}.`);
  if (subtotalPence < rule.minSpendPence)
    return refuse(
      `The code ${rule.code} needs a spend of at least ${poundsText(rule.minSpendPence)}.`,
    );
  return null;
}

function discountTotal(rule: DiscountRule, subtotalPence: number): number {
  if (rule.kind === 'percent') {
    return Math.min(subtotalPence, divideRoundingHalfUp(subtotalPence * rule.value, 100));
  }
  return Math.min(subtotalPence, rule.value);
}

/** Net and VAT of one amount as the catalogue prices it. */
function split(
  amountPence: number,
  settings: ShopSettings,
): { netPence: number; vatPence: number; grossPence: number } {
  const { registered, rateBasisPoints, pricesIncludeVat } = settings.vat;
  if (!registered || rateBasisPoints === 0) {
    return { netPence: amountPence, vatPence: 0, grossPence: amountPence };
  }
  if (pricesIncludeVat) {
    const vatPence = vatInGross(amountPence, rateBasisPoints);
    return { netPence: amountPence - vatPence, vatPence, grossPence: amountPence };
  }
  const vatPence = vatOnNet(amountPence, rateBasisPoints);
  return { netPence: amountPence, vatPence, grossPence: amountPence + vatPence };
}

/**
 * Prices an order. `fulfilment` may be missing for a quote (delivery not yet chosen); placing an
 * order requires it when the client offers a choice (the caller checks). Every amount comes from
 * the catalogue and the client's settings, never from the browser.
 */
export function quoteOrder(input: {
  lines: readonly PricingLine[];
  settings: ShopSettings;
  fulfilment: FulfilmentChoice | undefined;
  discount: DiscountRule | undefined;
  today: string;
}): { ok: true; quote: OrderQuote } | { ok: false; refusal: PricingRefusal } {
  const { settings, discount } = input;
  const amounts = input.lines.map((l) => l.unitPence * l.quantity);
  const subtotalPence = amounts.reduce((a, b) => a + b, 0);

  if (discount) {
    const refusal = checkDiscountRule(discount, subtotalPence, input.today);
    if (refusal) return { ok: false, refusal };
  }
  const discountPence = discount ? discountTotal(discount, subtotalPence) : 0;
  const lineDiscounts = apportion(discountPence, amounts);
  const goodsAfterDiscount = subtotalPence - discountPence;

  let fulfilment: OrderQuote['fulfilment'] = null;
  let deliveryPence = 0;
  const choice = input.fulfilment;
  if (choice?.method === 'collection') {
    if (!settings.collection.offered) {
      return {
        ok: false,
        refusal: {
          field: 'fulfilment.method',
          message: 'Collection is not offered. Please choose delivery.',
        },
      };
    }
    fulfilment = { method: 'collection' };
  } else if (choice?.method === 'delivery') {
    if (!settings.delivery.offered) {
      return {
        ok: false,
        refusal: {
          field: 'fulfilment.method',
          message: 'Delivery is not offered. Please choose collection.',
        },
      };
    }
    const postcode = normalisePostcode(choice.postcode);
    if (!postcode) {
      return {
        ok: false,
        refusal: {
          field: 'fulfilment.postcode',
          message: 'Please enter a full UK postcode, for example EH28 8PJ.',
        },
      };
    }
    const zone = zoneForPostcode(settings.delivery.zones, postcode);
    if (!zone) {
      return {
        ok: false,
        refusal: {
          field: 'fulfilment.postcode',
          message: `Sorry, we do not deliver to ${postcode}.${settings.collection.offered ? ' Please choose collection, or contact us.' : ' Please contact us.'}`,
        },
      };
    }
    const free =
      discount?.freeDelivery === true ||
      (zone.freeOverPence !== null && goodsAfterDiscount >= zone.freeOverPence);
    deliveryPence = free ? 0 : zone.pricePence;
    fulfilment = { method: 'delivery', postcode, zoneName: zone.name };
  }

  const lines: PricedLine[] = input.lines.map((line, i) => {
    const amountPence = amounts[i]!;
    const lineDiscount = lineDiscounts[i]!;
    return {
      ...line,
      amountPence,
      discountPence: lineDiscount,
      ...split(amountPence - lineDiscount, settings),
    };
  });
  const delivery = split(deliveryPence, settings);
  const sum = (pick: (l: PricedLine) => number) => lines.reduce((a, l) => a + pick(l), 0);
  return {
    ok: true,
    quote: {
      lines,
      subtotalPence,
      discountPence,
      discountCode: discount ? discount.code : null,
      fulfilment,
      deliveryPence,
      deliveryVatPence: delivery.vatPence,
      netPence: sum((l) => l.netPence) + delivery.netPence,
      vatPence: sum((l) => l.vatPence) + delivery.vatPence,
      totalPence: sum((l) => l.grossPence) + delivery.grossPence,
      vatRateBasisPoints: settings.vat.registered ? settings.vat.rateBasisPoints : 0,
      vatRegistered: settings.vat.registered,
      pricesIncludeVat: settings.vat.pricesIncludeVat,
    },
  };
}

/** Today's date (YYYY-MM-DD) in a time zone: a code's start and end are the client's days. */
export function dateInZone(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
