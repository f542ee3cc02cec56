import { describe, expect, it } from 'vitest';
import { productIdOfPath, productListOfPath, productListQueryKey } from './page-data';
import { productCategories } from './routes';

describe('productListOfPath', () => {
  it('names the list a path shows: all products, or one category', () => {
    expect(productListOfPath('/products')).toBe('all');
    expect(productListOfPath('/products/')).toBe('all');
    for (const category of productCategories) {
      expect(productListOfPath(`/${category}`)).toBe(category);
    }
  });

  it('is undefined for every other path', () => {
    for (const path of ['/', '/reviews', '/product/2', '/oasis/2', '/productsx', '/Oasis']) {
      expect(productListOfPath(path)).toBeUndefined();
    }
  });

  it('keys all products apart from a category, as the list screens read them', () => {
    expect(productListQueryKey()).toEqual(['products']);
    expect(productListQueryKey('oasis')).toEqual(['products', { category: 'oasis' }]);
  });
});

describe('productIdOfPath', () => {
  it("decodes /product/:id's id as the router does, and ignores other paths", () => {
    expect(productIdOfPath('/product/2')).toBe('2');
    expect(productIdOfPath('/product/a%20b')).toBe('a b');
    expect(productIdOfPath('/product/%E0%A4%A')).toBeUndefined();
    expect(productIdOfPath('/products')).toBeUndefined();
  });
});
