import { describe, expect, it } from 'vitest';
import {
  availabilityLabel,
  isEnquireOnly,
  isInStock,
  outOfStockMessage,
  saleModeOf,
  schemaOrgAvailability,
  stockOf,
} from './product-availability';

describe('product availability (issue 35)', () => {
  it('is buyable and untracked unless the product says otherwise', () => {
    expect(isEnquireOnly({})).toBe(false);
    expect(isInStock({})).toBe(true);
    expect(availabilityLabel({})).toBeUndefined();
    expect(schemaOrgAvailability({})).toBe('https://schema.org/InStock');
    expect(saleModeOf('buy')).toBe('buy');
    expect(saleModeOf('anything')).toBe('buy');
    expect(saleModeOf('enquire')).toBe('enquire');
  });

  it('labels a count: in stock, low, out of stock', () => {
    const count = (n: number) => ({ stock: { mode: 'count' as const, count: n } });
    expect(availabilityLabel(count(10))).toBe('In stock');
    expect(availabilityLabel(count(3))).toBe('Only 3 left');
    expect(availabilityLabel(count(1))).toBe('Only 1 left');
    expect(availabilityLabel(count(0))).toBe('Out of stock');
    expect(isInStock(count(0))).toBe(false);
    expect(isInStock(count(1))).toBe(true);
    expect(schemaOrgAvailability(count(0))).toBe('https://schema.org/OutOfStock');
    expect(schemaOrgAvailability(count(2))).toBe('https://schema.org/InStock');
  });

  it('labels made to order with its lead time', () => {
    const made = (d: number) => ({ stock: { mode: 'made_to_order' as const, leadTimeDays: d } });
    expect(availabilityLabel(made(14))).toBe('Made to order: ready in about 14 days');
    expect(availabilityLabel(made(1))).toBe('Made to order: ready in about 1 day');
    expect(availabilityLabel(made(0))).toBe('Made to order');
    expect(schemaOrgAvailability(made(14))).toBe('https://schema.org/MadeToOrder');
    expect(isInStock(made(14))).toBe(true);
  });

  it('says nothing about stock on an enquire product', () => {
    expect(
      availabilityLabel({ saleMode: 'enquire', stock: { mode: 'count', count: 0 } }),
    ).toBeUndefined();
  });

  it('reads the stored columns, never below zero', () => {
    expect(stockOf('count', -2, null)).toEqual({ mode: 'count', count: 0 });
    expect(stockOf('count', null, null)).toEqual({ mode: 'count', count: 0 });
    expect(stockOf('made_to_order', null, 5)).toEqual({ mode: 'made_to_order', leadTimeDays: 5 });
    expect(stockOf('untracked', 4, 2)).toEqual({ mode: 'untracked' });
  });

  it('names the product when refusing for want of stock', () => {
    expect(outOfStockMessage('Oasis 5', 0)).toContain('Oasis 5 has just sold out');
    expect(outOfStockMessage('Oasis 5', 1)).toContain('only 1 of Oasis 5 is left');
    expect(outOfStockMessage('Oasis 5', 2)).toContain('only 2 of Oasis 5 are left');
  });
});
