import { describe, expect, it } from 'vitest';
import {
  apportion,
  checkDiscountRule,
  divideRoundingHalfUp,
  normalisePostcode,
  quoteOrder,
  vatInGross,
  vatOnNet,
  zoneForPostcode,
  type DiscountRule,
} from './shop-pricing';
import { noShopSettings, type ShopSettings } from './shop-settings';

const zones = [
  { name: 'Scotland', prefixes: ['EH', 'G', 'KY'], pricePence: 9900, freeOverPence: 500000 },
  { name: 'Edinburgh', prefixes: ['EH1', 'EH28'], pricePence: 4950, freeOverPence: 100000 },
  { name: 'Newbridge', prefixes: ['EH28 8'], pricePence: 0, freeOverPence: null },
];
const se: ShopSettings = {
  vat: { registered: true, rateBasisPoints: 2000, pricesIncludeVat: true, vatNumber: 'GB 1' },
  collection: { offered: true, address: 'Showroom', openingTimes: 'Mon–Sat 9–5' },
  delivery: { offered: true, zones },
};
const code = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  code: 'SPRING',
  kind: 'percent',
  value: 10,
  minSpendPence: 0,
  startsOn: null,
  endsOn: null,
  freeDelivery: false,
  active: true,
  ...over,
});
const today = '2026-11-26';

describe('rounding', () => {
  it.each([
    // gross pence, rate (basis points), VAT pence: gross × R / (100 + R), half up
    [120, 2000, 20],
    [100, 2000, 17], // 16.67
    [1, 2000, 0], // 0.1667
    [3, 2000, 1], // 0.5 exactly → up
    [999, 2000, 167], // 166.5 → up
    [899500, 2000, 149917], // £8,995.00 → £1,499.17 (149916.67)
    [105, 500, 5], // reduced rate 5%
    [21, 500, 1], // 1.0
    [1050, 500, 50],
    [0, 2000, 0],
  ])('VAT in %i pence at %i bp is %i', (gross, rate, vat) => {
    expect(vatInGross(gross, rate)).toBe(vat);
  });
  it.each([
    [100, 2000, 20],
    [1, 2000, 0], // 0.2
    [3, 2000, 1], // 0.6
    [25, 2000, 5],
    [10, 500, 1], // 0.5 → up
    [9, 500, 0], // 0.45
  ])('VAT on %i pence net at %i bp is %i', (net, rate, vat) => {
    expect(vatOnNet(net, rate)).toBe(vat);
  });
  it('divides half up in integers', () => {
    expect(divideRoundingHalfUp(5, 2)).toBe(3);
    expect(divideRoundingHalfUp(4, 3)).toBe(1);
    expect(divideRoundingHalfUp(7, 2)).toBe(4);
  });
});

describe('apportion', () => {
  it('shares a total in proportion and adds up exactly', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(1000, [3000, 1000])).toEqual([750, 250]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
    const shares = apportion(899, [899500, 1999, 37]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(899);
  });
});

describe('postcodes and zones', () => {
  it('reads a postcode however it is typed, and refuses what is not one', () => {
    expect(normalisePostcode(' eh28  8pj ')).toBe('EH28 8PJ');
    expect(normalisePostcode('g428rt')).toBe('G42 8RT');
    expect(normalisePostcode('EH28')).toBeNull();
    expect(normalisePostcode('hello')).toBeNull();
  });
  it('takes the longest matching prefix, whole parts only', () => {
    expect(zoneForPostcode(zones, 'EH28 8PJ')?.name).toBe('Newbridge');
    expect(zoneForPostcode(zones, 'EH28 9AA')?.name).toBe('Edinburgh');
    expect(zoneForPostcode(zones, 'EH1 1YZ')?.name).toBe('Edinburgh');
    // EH12 is not EH1: it falls back to the area.
    expect(zoneForPostcode(zones, 'EH12 5AB')?.name).toBe('Scotland');
    // G is Glasgow's area, not GL (Gloucester).
    expect(zoneForPostcode(zones, 'G42 8RT')?.name).toBe('Scotland');
    expect(zoneForPostcode(zones, 'GL1 1AA')).toBeUndefined();
  });
});

describe('discount code rules', () => {
  it.each([
    [{ active: false }, 0, 'is not in use'],
    [{ startsOn: '2026-12-01' }, 0, 'starts on 2026-12-01'],
    [{ endsOn: '2026-11-25' }, 0, 'ended on 2026-11-25'],
    [{ minSpendPence: 10000 }, 9999, 'at least £100.00'],
  ] as const)('refuses %o on %i pence naming the code field', (over, subtotal, words) => {
    const refusal = checkDiscountRule(code(over), subtotal, today);
    expect(refusal?.field).toBe('discountCode');
    expect(refusal?.message).toContain(words);
  });
  it('takes a code on its first and last day and at exactly the minimum spend', () => {
    expect(
      checkDiscountRule(code({ startsOn: today, endsOn: today, minSpendPence: 100 }), 100, today),
    ).toBeNull();
  });
});

describe('quoteOrder', () => {
  const tub = { productId: 2, title: 'Oasis Serenity', quantity: 1, unitPence: 899500 };
  const cover = { productId: 201, title: 'Cover', quantity: 2, unitPence: 19999 };

  it('prices a VAT-inclusive order with a percent code and delivery to a zone', () => {
    const result = quoteOrder({
      lines: [tub, cover],
      settings: se,
      fulfilment: { method: 'delivery', postcode: 'ky1 1aa' },
      discount: code(),
      today,
    });
    if (!result.ok) throw new Error(result.refusal.message);
    const q = result.quote;
    expect(q.subtotalPence).toBe(939498);
    expect(q.discountPence).toBe(93950); // 10% of £9,394.98 rounded half up
    expect(q.lines.map((l) => l.discountPence)).toEqual([89950, 4000]);
    expect(q.fulfilment).toEqual({ method: 'delivery', postcode: 'KY1 1AA', zoneName: 'Scotland' });
    expect(q.deliveryPence).toBe(0); // £8,455.48 after discount is over the £5,000 threshold
    // VAT per line from the discounted gross: 809550 → 134925; 35998 → 6000 (5999.67).
    expect(q.lines.map((l) => l.vatPence)).toEqual([134925, 6000]);
    expect(q.vatPence).toBe(140925);
    expect(q.totalPence).toBe(845548);
    expect(q.netPence + q.vatPence).toBe(q.totalPence);
  });

  it('charges delivery below the threshold, with its VAT, and a free-delivery code waives it', () => {
    const base = {
      lines: [cover],
      settings: se,
      fulfilment: { method: 'delivery', postcode: 'EH28 9AA' } as const,
      today,
    };
    const charged = quoteOrder({ ...base, discount: undefined });
    if (!charged.ok) throw new Error('refused');
    expect(charged.quote.deliveryPence).toBe(4950);
    expect(charged.quote.deliveryVatPence).toBe(825);
    expect(charged.quote.totalPence).toBe(39998 + 4950);
    const free = quoteOrder({
      ...base,
      discount: code({ kind: 'fixed', value: 500, freeDelivery: true }),
    });
    if (!free.ok) throw new Error('refused');
    expect(free.quote.deliveryPence).toBe(0);
    expect(free.quote.discountPence).toBe(500);
    expect(free.quote.totalPence).toBe(39498);
  });

  it('collects at no charge, and refuses what the client does not offer naming the field', () => {
    const collected = quoteOrder({
      lines: [cover],
      settings: se,
      fulfilment: { method: 'collection' },
      discount: undefined,
      today,
    });
    expect(collected.ok && collected.quote.deliveryPence).toBe(0);
    const noCollection = quoteOrder({
      lines: [cover],
      settings: { ...se, collection: { ...se.collection, offered: false } },
      fulfilment: { method: 'collection' },
      discount: undefined,
      today,
    });
    expect(!noCollection.ok && noCollection.refusal.field).toBe('fulfilment.method');
    const nowhere = quoteOrder({
      lines: [cover],
      settings: se,
      fulfilment: { method: 'delivery', postcode: 'GL1 1AA' },
      discount: undefined,
      today,
    });
    expect(!nowhere.ok && nowhere.refusal).toMatchObject({
      field: 'fulfilment.postcode',
      message: expect.stringContaining('do not deliver to GL1 1AA'),
    });
  });

  it('adds VAT to exclusive prices, and a client that is not registered shows none', () => {
    const exclusive = quoteOrder({
      lines: [{ productId: 1, title: 'Oil', quantity: 3, unitPence: 333 }],
      settings: { ...se, vat: { ...se.vat, pricesIncludeVat: false } },
      fulfilment: { method: 'collection' },
      discount: undefined,
      today,
    });
    if (!exclusive.ok) throw new Error('refused');
    expect(exclusive.quote).toMatchObject({ netPence: 999, vatPence: 200, totalPence: 1199 });
    const unregistered = quoteOrder({
      lines: [{ productId: 1, title: 'Oil', quantity: 3, unitPence: 333 }],
      settings: noShopSettings,
      fulfilment: undefined,
      discount: code({ kind: 'fixed', value: 5000 }),
      today,
    });
    if (!unregistered.ok) throw new Error('refused');
    // A fixed code never takes the goods below nothing.
    expect(unregistered.quote).toMatchObject({ discountPence: 999, vatPence: 0, totalPence: 0 });
  });
});
