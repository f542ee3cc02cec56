import { describe, expect, it } from 'vitest';
import {
  builtInCategoryName,
  builtInCategoryPosition,
  newShopCategorySchema,
  slugForName,
} from './shop-categories';

describe('shop categories (issue 35)', () => {
  it('makes a slug from the name, never one already taken', () => {
    expect(slugForName('Garden Saunas', new Set())).toBe('garden-saunas');
    expect(slugForName('  Crème & Oils! ', new Set())).toBe('creme-oils');
    expect(slugForName('Oasis', new Set(['oasis']))).toBe('oasis-2');
    expect(slugForName('Oasis', new Set(['oasis', 'oasis-2']))).toBe('oasis-3');
    expect(slugForName('★★★', new Set())).toBe('category');
  });

  it('never takes the path of a page or of the server, as its list lives at /its-slug', () => {
    expect(slugForName('About', new Set())).toBe('about-2');
    expect(slugForName('Cart', new Set())).toBe('cart-2');
    expect(slugForName('Products', new Set())).toBe('products-2');
    expect(slugForName('API', new Set())).toBe('api-2');
    expect(slugForName('All', new Set())).toBe('all-2');
  });

  it('keeps the spec’s names and order for the built-in categories', () => {
    expect(builtInCategoryName('spas')).toBe('Swim spas');
    expect(builtInCategoryName('saunas')).toBe('saunas');
    expect(builtInCategoryPosition('oasis')).toBe(1);
    expect(builtInCategoryPosition('saunas')).toBe(8);
  });

  it('asks for a name', () => {
    expect(newShopCategorySchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(newShopCategorySchema.safeParse({ name: 'Saunas' }).success).toBe(true);
  });
});
