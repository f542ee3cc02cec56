import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSeed } from '../server/db/seed';
import { renderApp } from './entry-server';

const root = join(import.meta.dirname, '../..');
const se = readSeed(join(root, 'seed')).clients.find((c) => c.name === 'SE')!;
const publicSe = { ...se, hostNames: [] };
const product = {
  id: 2,
  title: 'Oasis Serenity',
  price: 8995,
  category: 'oasis',
  blurb: '<p>Deep seats</p>',
  picture: '/media/SE/pics/2/cover.jpeg',
  listingPictures: ['/media/SE/pics/2/1.jpeg', '/media/SE/pics/2/2.jpeg'],
};

describe('renderApp (the prerender)', () => {
  it('draws a product page with the data the server looked up, picture included', async () => {
    const html = await renderApp('/product/2', publicSe, [
      { queryKey: ['product', '2'], data: product },
    ]);
    expect(html).toContain('Oasis Serenity');
    expect(html).toContain('src="/media/SE/pics/2/1.jpeg"');
    expect(html).not.toContain('Loading product');
  });

  it('draws the description the server sanitised into the page', async () => {
    const html = await renderApp('/product/2', publicSe, [
      { queryKey: ['product', '2'], data: product },
    ]);
    expect(html).toContain('<p>Deep seats</p>');
  });

  it('shows "Product not found" when the client has no such product', async () => {
    const html = await renderApp('/product/2', publicSe, [
      { queryKey: ['product', '2'], data: null },
    ]);
    expect(html).toContain('Product not found');
  });

  it('does not carry one render’s data into the next', async () => {
    await renderApp('/product/2', publicSe, [{ queryKey: ['product', '2'], data: product }]);
    const html = await renderApp('/product/2', publicSe);
    expect(html).toContain('Loading product');
    expect(html).not.toContain('Oasis Serenity');
  });
});
