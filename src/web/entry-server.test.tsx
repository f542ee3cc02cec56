import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteTextQueryKey } from '@common/page-data';
import { publicPartOf, siteTextOf } from '@common/site-text';
import { buildHeaderMenu, footerMenu } from '@common/site-menu';
import { readSeed } from '../server/db/seed';
import { renderApp } from './entry-server';

const root = join(import.meta.dirname, '../..');
const seedClients = readSeed(join(root, 'seed')).clients;
const se = seedClients.find((c) => c.name === 'SE')!;
const publicSe = publicPartOf(se);
/** The site text as the server seeds it on the home page and the content pages. */
const siteText = { queryKey: [...siteTextQueryKey], data: siteTextOf(se) };
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

  it("draws a product's gallery in the owner's order with its alt texts, as AVIF/WebP/JPEG sets", async () => {
    const set = {
      path: '/media/SE/uploads/p2-abc',
      width: 900,
      height: 600,
      widths: [320, 640, 900],
    };
    const html = await renderApp('/product/2', publicSe, [
      {
        queryKey: ['product', '2'],
        data: {
          ...product,
          gallery: [
            { ...set, alt: 'The tub at dusk' },
            { ...set, path: '/media/SE/pics/2/1', width: 800, widths: [320, 640, 800], alt: '' },
          ],
        },
      },
    ]);
    expect(html).toContain('alt="The tub at dusk"');
    expect(html).toContain(
      'srcSet="/media/SE/uploads/p2-abc-320.avif 320w, /media/SE/uploads/p2-abc-640.avif 640w, /media/SE/uploads/p2-abc-900.avif 900w"',
    );
    expect(html).toContain('width="900" height="600"');
    expect(html).toContain('Show picture 2 of 2');
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

  it('draws a category list with the cards the server looked up, no loading line', async () => {
    const card = {
      id: 2,
      title: 'Oasis Serenity',
      price: 8995,
      category: 'oasis',
      picture: product.picture,
    };
    const html = await renderApp('/oasis', publicSe, [
      { queryKey: ['products', { category: 'oasis' }], data: [card] },
    ]);
    expect(html).toContain('Oasis hot tubs');
    expect(html).toContain('Oasis Serenity');
    expect(html).toContain('href="/product/2"');
    expect(html).not.toContain('data-loading-line');
  });

  it('draws /products with every card under the list key without a category', async () => {
    const cards = [1, 2].map((id) => ({ ...product, id, title: `Tub ${id}` }));
    const html = await renderApp('/products', publicSe, [{ queryKey: ['products'], data: cards }]);
    expect(html).toContain('Tub 1');
    expect(html).toContain('Tub 2');
    expect(html).not.toContain('Loading products');
  });

  it('draws the reviews the server looked up', async () => {
    const html = await renderApp('/reviews', publicSe, [
      { queryKey: ['reviews'], data: [{ id: 1, review: 'Lovely tub', reviewer: 'Ann', stars: 5 }] },
    ]);
    expect(html).toContain('Lovely tub');
    expect(html).toContain('Ann');
    expect(html).not.toContain('Loading reviews');
  });

  it("draws the home page's featured product from the product the server looked up", async () => {
    const html = await renderApp('/', publicSe, [
      { queryKey: ['product', '2'], data: product },
      siteText,
    ]);
    expect(html).toContain('<h1 tabindex="-1">Customer service that doesn&#x27;t stop');
    expect(html).toContain('Featured product');
    expect(html).toContain('Oasis Serenity');
    expect(html).not.toContain('Loading the featured product');
  });

  it('draws /about and a content page from the site text the server looked up', async () => {
    const about = await renderApp('/about', publicSe, [siteText]);
    expect(about).toContain(se.about.heading);
    expect(about).toContain(se.about.paragraphs[0]!.slice(0, 40));
    const faqs = await renderApp('/faqs', publicSe, [siteText]);
    expect(faqs).toContain(se.pages['/faqs']!.heading);
    expect(faqs).not.toContain('data-loading-line');
  });

  it('sends a screen without its data with the marked loading line', async () => {
    const html = await renderApp('/reviews', publicSe);
    expect(html).toContain('data-loading-line=""');
    expect(html).toContain('Loading reviews…');
  });

  it('does not carry one render’s data into the next', async () => {
    await renderApp('/product/2', publicSe, [{ queryKey: ['product', '2'], data: product }]);
    const html = await renderApp('/product/2', publicSe);
    expect(html).toContain('Loading product');
    expect(html).not.toContain('Oasis Serenity');
  });
});

describe('the header and footer a client renders once (issue 37)', () => {
  // Every seed client, and a shop with its own categories in the menu (as the server sends SE).
  const clients = [
    ...seedClients.map(publicPartOf),
    {
      ...publicSe,
      shopCategories: [
        { slug: 'oasis', name: 'Oasis spas' },
        { slug: 'saunas', name: 'Saunas' },
      ],
    },
  ];

  it.each(clients.map((client) => [client.name, client] as const))(
    "puts in for %s, at every menu link's page and at others, the very HTML of a render that draws them",
    async (_name, client) => {
      const menuRoutes = buildHeaderMenu(client).entries.map((item) => item.route);
      const paths = [
        ...new Set([
          ...menuRoutes,
          ...menuRoutes.filter((route) => route !== '/').map((route) => `${route}/`),
          ...footerMenu.map((item) => item.route),
          '/cart',
          '/contact',
          '/booking',
          '/product/2',
          '/saunas',
          '/order/success',
          '/no-such-page',
          '/SPAS',
        ]),
      ];
      for (const path of paths) {
        const drawn = await renderApp(path, client, [], { reuseShell: false });
        // The first asks renders the parts on their own; the second reuses them.
        expect(await renderApp(path, client), `${client.name} ${path}`).toBe(drawn);
        expect(await renderApp(`${path}?again`, client), `${client.name} ${path}`).toBe(
          await renderApp(`${path}?again`, client, [], { reuseShell: false }),
        );
      }
    },
  );

  it('marks the current page in a reused header, and forgets a record that changed', async () => {
    const spas = await renderApp('/spas', publicSe);
    expect(spas).toContain('<a aria-current="page" href="/spas"');
    const oasis = await renderApp('/oasis', publicSe);
    expect(oasis).toContain('<a aria-current="page" href="/oasis"');
    expect(oasis).not.toContain('aria-current="page" href="/spas"');
    // An owner's edit gives the client a new record: its pages show the new title at once.
    const renamed = { ...publicSe, title: 'Spa Escapes Highlands' };
    expect(await renderApp('/spas', renamed)).toContain('Spa Escapes Highlands');
  });
});
