import { describe, expect, it } from 'vitest';
import { productSchema, productSummary, productSummarySchema, type Product } from './catalogue';

const product: Product = {
  id: 2,
  title: 'Oasis Serenity',
  price: 8995,
  category: 'oasis',
  blurb: '<p>Deep seats</p>',
  picture: '/media/SE/pics/2/cover.jpeg',
  listingPictures: ['/media/SE/pics/2/1.jpeg'],
  pictureSet: { path: '/media/SE/pics/2/cover', width: 800, height: 600, widths: [320, 800] },
  gallery: [
    { path: '/media/SE/pics/2/1', width: 800, height: 600, widths: [320, 800], alt: 'The tub' },
  ],
};

describe('productSummary', () => {
  it("keeps a list card's fields and leaves the description and pictures of the product page", () => {
    expect(productSummary(product)).toEqual({
      id: 2,
      title: 'Oasis Serenity',
      price: 8995,
      category: 'oasis',
      picture: '/media/SE/pics/2/cover.jpeg',
      pictureSet: product.pictureSet,
    });
  });

  it('is what the browser parses a list answer to, so the page and the API fill the cache alike', () => {
    const answer = productSchema.parse(product);
    expect(productSummarySchema.parse(answer)).toEqual(productSummary(product));
    const { pictureSet: _omitted, ...withoutSet } = product;
    expect(productSummarySchema.parse(withoutSet)).toEqual(productSummary(withoutSet));
    expect('pictureSet' in productSummary(withoutSet)).toBe(false);
  });
});
