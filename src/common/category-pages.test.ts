import { describe, expect, it } from 'vitest';
import { builtInCategories } from './built-in-categories';
import {
  hasPageAt,
  productListHeading,
  productListOfPath,
  shownCategoriesOf,
} from './category-pages';

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

describe('hasPageAt', () => {
  it('knows a shown category’s list, and not a hidden or another shop’s one', () => {
    expect(hasPageAt('/garden-furniture', shown)).toBe(true);
    expect(hasPageAt('/sunbeach', shown)).toBe(true);
    expect(hasPageAt('/oasis', shown)).toBe(false);
    expect(hasPageAt('/groceries', shown)).toBe(false);
    expect(hasPageAt('/patio', shown)).toBe(false);
  });

  it('knows the route table’s other pages whatever the categories', () => {
    for (const path of ['/', '/about', '/cart', '/products', '/product/7', '/manage/orders']) {
      expect(hasPageAt(path, [])).toBe(true);
    }
  });
});

describe('shownCategoriesOf', () => {
  it('takes the page’s categories, else the built-in ones for a shop and none without one', () => {
    expect(shownCategoriesOf({ usesCart: true, shopCategories: shown })).toBe(shown);
    expect(shownCategoriesOf({ usesCart: true })).toBe(builtInCategories);
    expect(shownCategoriesOf({ usesCart: false })).toEqual([]);
  });
});
