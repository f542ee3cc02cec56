import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteTextQueryKey } from '../../common/page-data.js';
import { shownWidths } from '../../common/picture-set.js';
import { siteTextOf } from '../../common/site-text.js';
import { signInAs } from '../../../tests/support/owner-session.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

describeEachDatabase('pages sent with their data', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const open = (url: string, host: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { host, ...headers } });
  const queriesOf = (html: string): Array<{ queryKey: unknown[]; data: unknown }> => {
    const block = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html);
    return block ? JSON.parse(block[1]!) : [];
  };
  const productOf = async (host: string, id: number) =>
    (await open(`/api/products/${id}`, host)).json() as {
      title: string;
      listingPictures: string[];
    };

  it('a product page carries the product the API answers, and preloads its picture', async () => {
    const page = await open('/product/2', 'se.localhost');
    expect(page.statusCode).toBe(200);
    const product = await productOf('se.localhost', 2);
    expect(queriesOf(page.body)).toEqual([{ queryKey: ['product', '2'], data: product }]);
    // The large picture's AVIF widths, with the sizes the gallery gives its <picture>.
    const first = product.listingPictures[0]!.replace(/\.jpeg$/, '');
    expect(page.body).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${first}-320.avif 320w, ${first}-640.avif 640w, ${first}-800.avif 800w" imagesizes="${shownWidths.productMain}" fetchpriority="high">`,
    );
    // The home page's first slide is not preloaded where no slider is shown.
    expect(page.body).not.toMatch(/rel="preload" as="image"[^>]*slide-/);
  });

  it("only the host's client's product goes into the page", async () => {
    const bbg = await productOf('bbg.localhost', 2);
    const se = await productOf('se.localhost', 2);
    expect(bbg.title).not.toBe(se.title);
    const sePage = await open('/product/2', 'se.localhost');
    expect(sePage.body).toContain(se.title);
    expect(sePage.body).not.toContain(bbg.title);
    // BBG has a product 10; SE has none: SE's page says so without asking the API.
    expect((await open('/api/products/10', 'bbg.localhost')).statusCode).toBe(200);
    const missing = await open('/product/10', 'se.localhost');
    expect(queriesOf(missing.body)).toEqual([{ queryKey: ['product', '10'], data: null }]);
    expect(missing.body).not.toContain('rel="preload" as="image"');
  });

  it('a client without a shop gets "no such product" in the page, so no request fails', async () => {
    for (const host of ['rrb.localhost', 'js.localhost']) {
      const page = await open('/product/2', host);
      expect(page.statusCode).toBe(200);
      expect(queriesOf(page.body)).toEqual([{ queryKey: ['product', '2'], data: null }]);
    }
    // An id that is no number: the same "no such product", answered 404.
    const malformed = await open('/product/two', 'se.localhost');
    expect(malformed.statusCode).toBe(404);
    expect(queriesOf(malformed.body)).toEqual([{ queryKey: ['product', 'two'], data: null }]);
  });

  it('a description from the database goes out sanitised: in the page, one product, the list', async () => {
    const hostile =
      '<p>Safe text</p><img src="x" onerror="alert(1)"><script>alert(2)</script>' +
      '<a href="javascript:alert(3)">more</a>';
    await t.handle.db
      .updateTable('products')
      .set({ blurb: hostile })
      .where('client_code', '=', 'SE')
      .where('id', '=', 5)
      .execute();
    const page = await open('/product/5', 'se.localhost');
    const one = (await open('/api/products/5', 'se.localhost')).json() as { blurb: string };
    // Nothing read the list before the update, so it is not a cached answer from before it.
    const list = (await open('/api/products', 'se.localhost')).json() as Array<{
      id: number;
      blurb: string;
    }>;
    const [pageProduct] = queriesOf(page.body).map((q) => q.data as { blurb: string });
    for (const blurb of [pageProduct!.blurb, one.blurb, list.find((p) => p.id === 5)?.blurb]) {
      expect(blurb).toContain('<p>Safe text</p>');
      expect(blurb).not.toMatch(/onerror|<script|javascript:/);
    }
  });

  it("the booking page carries the categories, treatments and the owner's horizon the API answers", async () => {
    const page = await open('/booking', 'rrb.localhost');
    const categories = (await open('/api/categories/list', 'rrb.localhost')).json();
    const treatments = (await open('/api/treatments/list?activeOnly=1', 'rrb.localhost')).json();
    const rules = (await open('/api/bookings/rules', 'rrb.localhost')).json();
    expect(queriesOf(page.body)).toEqual([
      { queryKey: ['booking', 'categories'], data: categories },
      { queryKey: ['booking', 'treatments', 'active'], data: treatments },
      { queryKey: ['booking', 'rules'], data: rules },
    ]);
    // A client that takes no bookings online shows that without any data.
    expect(queriesOf((await open('/booking', 'se.localhost')).body)).toEqual([]);
  });

  it('a product list carries the cards of the list the API answers, without descriptions', async () => {
    const page = await open('/oasis', 'se.localhost');
    expect(page.statusCode).toBe(200);
    const answer = (await open('/api/products?category=oasis', 'se.localhost')).json() as Array<
      Record<string, unknown>
    >;
    expect(answer.length).toBeGreaterThan(1);
    // The card's fields, with how it is sold and its stock (issue 35: the card shows them).
    const cards = answer.map(
      ({ id, title, price, category, picture, pictureSet, saleMode, stock }) => ({
        id,
        title,
        price,
        category,
        picture,
        pictureSet,
        saleMode,
        stock,
      }),
    );
    expect(queriesOf(page.body)).toEqual([
      { queryKey: ['products', { category: 'oasis' }], data: cards },
    ]);
    // Only the cards go into the page: the product page alone needs the rest.
    expect(page.body).not.toContain('"blurb"');
    expect(page.body).not.toContain('"gallery"');
    // The first card's picture, the largest paint on a phone, is preloaded with the card's sizes.
    const first = (cards[0]!.pictureSet as { path: string }).path;
    expect(page.body).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${first}-320.avif 320w`,
    );
    expect(page.body).toContain(`imagesizes="${shownWidths.productCard}"`);

    const all = await open('/products', 'bbg.localhost');
    const bbgList = (await open('/api/products', 'bbg.localhost')).json() as unknown[];
    const [allQuery] = queriesOf(all.body);
    expect(allQuery?.queryKey).toEqual(['products']);
    expect(allQuery?.data).toHaveLength(bbgList.length);
    // A client without a shop has no category lists: the not-found page, with nothing to preload
    // (issue 35: a list exists while the category is one of the client's shown ones).
    const none = await open('/oasis', 'rrb.localhost');
    expect(none.statusCode).toBe(404);
    expect(queriesOf(none.body)).toEqual([]);
    expect(none.body).not.toContain('rel="preload" as="image"');
  });

  it('/reviews carries the reviews the API answers; /reviews/ is sent there', async () => {
    const page = await open('/reviews', 'rrb.localhost');
    const reviews = (await open('/api/reviews', 'rrb.localhost')).json() as unknown[];
    expect(reviews.length).toBeGreaterThan(0);
    expect(queriesOf(page.body)).toEqual([{ queryKey: ['reviews'], data: reviews }]);
    // One path per page (issue 30): a trailing slash is a redirect, not a second page.
    const slashed = await open('/reviews/', 'rrb.localhost');
    expect(slashed.statusCode).toBe(301);
    expect(slashed.headers.location).toBe('/reviews');
  });

  /** The site text a client's page carries, as the record has it. */
  const siteTextQuery = (code: string) => ({
    queryKey: [...siteTextQueryKey],
    data: siteTextOf(t.registry.byCode(code)!),
  });

  it("the home page carries its featured product, as the product's own page does", async () => {
    const home = await open('/', 'se.localhost');
    const product = await productOf('se.localhost', 2);
    expect(queriesOf(home.body)).toEqual([
      { queryKey: ['product', '2'], data: product },
      siteTextQuery('SE'),
    ]);
    // A home page without a featured product block carries its site text alone.
    expect(queriesOf((await open('/', 'rrb.localhost')).body)).toEqual([siteTextQuery('RRB')]);
  });

  it('the home page, /about and each content page carry the site text; no other page does', async () => {
    const client = t.registry.byCode('SE')!;
    expect(Object.keys(client.pages)).toContain('/faqs');
    // /services: a content route SE has no page of its own for (it shows as under construction).
    for (const path of ['/', '/about', '/faqs', '/documentation', '/services']) {
      const page = await open(path, 'se.localhost');
      expect(queriesOf(page.body), path).toContainEqual(siteTextQuery('SE'));
    }
    for (const path of ['/product/2', '/products', '/oasis', '/contact', '/cart', '/not-a-page']) {
      const page = await open(path, 'se.localhost');
      expect(JSON.stringify(queriesOf(page.body)), path).not.toContain('site-text');
      expect(page.body, path).not.toContain(client.welcome.heading);
    }
    for (const path of ['/booking', '/reviews']) {
      const page = await open(path, 'rrb.localhost');
      expect(JSON.stringify(queriesOf(page.body)), path).not.toContain('site-text');
    }
  });

  it("a previewed page carries the site text whatever its screen (the owner's draft there)", async () => {
    const owner = await signInAs(t, 'SE');
    for (const path of ['/product/2', '/contact', '/products']) {
      const page = await open(`${path}?preview=draft`, 'se.localhost', { cookie: owner.cookie });
      expect(page.body, path).toContain('Preview —');
      expect(queriesOf(page.body), path).toContainEqual(siteTextQuery('SE'));
    }
    // The same page without the preview is the visitor's: no site text.
    const visitor = await open('/product/2?preview=draft', 'se.localhost');
    expect(JSON.stringify(queriesOf(visitor.body))).not.toContain('site-text');
  });

  it('other pages carry no data; the home page preloads its first slide', async () => {
    const contact = await open('/contact', 'se.localhost');
    expect(queriesOf(contact.body)).toEqual([]);
    expect(contact.body).not.toContain('id="page-data"');
    expect(contact.body).not.toContain('rel="preload" as="image"');
    const home = await open('/', 'se.localhost');
    expect(home.body).toMatch(
      /<link rel="preload" as="image" type="image\/avif" imagesrcset="[^"]*slide-1-320\.avif 320w/,
    );
  });

  it('compresses the page for a browser that accepts brotli or gzip', async () => {
    const plain = await open('/contact', 'se.localhost');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await open('/contact', 'se.localhost', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await open('/contact', 'se.localhost', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
