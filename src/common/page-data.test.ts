import { describe, expect, it } from 'vitest';
import { productIdOfPath, productListQueryKey } from './page-data';

describe('productListQueryKey', () => {
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
