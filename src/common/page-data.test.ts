import { describe, expect, it } from 'vitest';
import {
  isSitePath,
  productIdOfPath,
  productListHeading,
  productListOfPath,
  productListQueryKey,
  shownCategoriesOf,
} from './page-data';
import { builtInCategories } from './shop-categories';

const shown = [
  { slug: 'sunbeach', name: 'Sunbeach hot tubs' },
  { slug: 'garden-furniture', name: 'Garden furniture' },
];

describe('productListOfPath', () => {
  it('names the list a path shows: all products, or one shown category', () => {
    expect(productListOfPath('/products', shown)).toBe('all');
    expect(productListOfPath('/products/', shown)).toBe('all');
    expect(productListOfPath('/sunbeach', shown)).toBe('sunbeach');
    expect(productListOfPath('/garden-furniture/', shown)).toBe('garden-furniture');
    for (const category of builtInCategories) {
      expect(productListOfPath(`/${category.slug}`, builtInCategories)).toBe(category.slug);
    }
  });

  it('is undefined for every other path, a hidden category’s among them', () => {
    for (const path of ['/', '/reviews', '/product/2', '/oasis', '/oasis/2', '/productsx']) {
      expect(productListOfPath(path, shown)).toBeUndefined();
    }
  });

  it('heads a list with the category’s name as the owner set it', () => {
    expect(productListHeading('all', shown)).toBe('All products');
    expect(productListHeading('garden-furniture', shown)).toBe('Garden furniture');
  });
});

describe('isSitePath', () => {
  it('knows a shown category’s list, and not a hidden or another shop’s one', () => {
    expect(isSitePath('/garden-furniture', shown)).toBe(true);
    expect(isSitePath('/sunbeach', shown)).toBe(true);
    expect(isSitePath('/oasis', shown)).toBe(false);
    expect(isSitePath('/groceries', shown)).toBe(false);
    expect(isSitePath('/patio', shown)).toBe(false);
  });

  it('knows the route table’s other pages whatever the categories', () => {
    for (const path of ['/', '/about', '/cart', '/products', '/product/7', '/manage/orders']) {
      expect(isSitePath(path, [])).toBe(true);
    }
  });
});

describe('shownCategoriesOf', () => {
  it('takes the page’s categories, else the built-in ones for a shop and none without one', () => {
    expect(shownCategoriesOf({ usesCart: true, shopCategories: shown })).toBe(shown);
    expect(shownCategoriesOf({ usesCart: true })).toBe(builtInCategories);
    expect(shownCategoriesOf({ usesCart: false })).toEqual([]);
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
