import { describe, expect, it } from 'vitest';
import { priceOrder } from './order-pricing.js';

const catalogue = [
  { id: 2, title: 'Oasis Serenity', price: 8995, category: 'hottubs' },
  { id: 201, title: 'Sunbeach Breeze', price: 4999, category: 'hottubs' },
  {
    id: 1001,
    title: 'Aqua Trainer 12',
    price: 19995,
    category: 'spas',
    saleMode: 'enquire' as const,
  },
  { id: 7, title: 'Cover lifter', price: 250, category: 'spas', saleMode: 'enquire' as const },
  // Issue 35: an owner's product above id 1000 is bought like any other.
  { id: 1009, title: 'Oasis Nova', price: 5000, category: 'oasis', saleMode: 'buy' as const },
];
const shop = { title: 'Oasis', usesCart: true, pricesInPence: false };

describe('priceOrder', () => {
  it('prices every line from the catalogue and totals them', () => {
    const result = priceOrder(
      [
        { productId: 2, quantity: 2 },
        { productId: 201, quantity: 1 },
      ],
      catalogue,
      shop,
    );
    expect(result).toEqual({
      ok: true,
      total: 2 * 8995 + 4999,
      lines: [
        { productId: 2, title: 'Oasis Serenity', quantity: 2, unitPrice: 8995, lineAmount: 17990 },
        {
          productId: 201,
          title: 'Sunbeach Breeze',
          quantity: 1,
          unitPrice: 4999,
          lineAmount: 4999,
        },
      ],
    });
  });

  it('merges repeated lines and keeps them within the per-line limit', () => {
    const merged = priceOrder(
      [
        { productId: 2, quantity: 3 },
        { productId: 2, quantity: 4 },
      ],
      catalogue,
      shop,
    );
    expect(merged.ok && merged.lines).toEqual([
      { productId: 2, title: 'Oasis Serenity', quantity: 7, unitPrice: 8995, lineAmount: 62965 },
    ]);
    const tooMany = priceOrder(
      [
        { productId: 2, quantity: 15 },
        { productId: 2, quantity: 15 },
      ],
      catalogue,
      shop,
    );
    expect(tooMany).toEqual({
      ok: false,
      message: 'You can order up to 20 of Oasis Serenity online. For more, please contact us.',
    });
  });

  it('refuses products not in the catalogue, swim spas and clients without a cart', () => {
    expect(priceOrder([{ productId: 99, quantity: 1 }], catalogue, shop)).toEqual({
      ok: false,
      message: 'Product 99 is no longer in our catalogue. Please check your cart and order again.',
    });
    expect(priceOrder([{ productId: 1001, quantity: 1 }], catalogue, shop)).toMatchObject({
      ok: false,
      message: 'Aqua Trainer 12 cannot be bought online. Please contact us about it.',
    });
    expect(priceOrder([{ productId: 7, quantity: 1 }], catalogue, shop)).toMatchObject({
      ok: false,
    });
    expect(priceOrder([{ productId: 1009, quantity: 1 }], catalogue, shop)).toMatchObject({
      ok: true,
      total: 5000,
    });
    expect(
      priceOrder([{ productId: 2, quantity: 1 }], catalogue, { ...shop, usesCart: false }),
    ).toEqual({
      ok: false,
      message: 'Oasis does not take orders online. Please contact us to order.',
    });
    expect(priceOrder([], catalogue, shop)).toEqual({ ok: false, message: 'Your cart is empty' });
  });
});
