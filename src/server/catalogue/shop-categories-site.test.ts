import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientConfig } from '../../common/client-config.js';
import type { ManagedProduct } from '../../common/manage-products.js';
import type { ShopCategoryList } from '../../common/shop-categories.js';
import { buildHeaderMenu } from '../../common/site-menu.js';
import { createReferenceCache } from '../kernel/reference-cache.js';
import { withShownCategories } from './shop-categories-store.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

/**
 * Issue 35: the visitor's site follows the owner's shop categories without a restart: the menu
 * (drawn from the record each page carries), the list pages, their titles and the sitemap.
 */
describeEachDatabase('the site follows the shop categories', (kind) => {
  let t: TestApp;
  let se: OwnerSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    se = await signInAs(t, 'SE');
  });
  afterAll(async () => t?.close());

  const page = (url: string) => t.app.inject({ url, headers: { host: se.headers.host! } });
  /** The menu the browser draws from the record the page carries. */
  const menuOf = async (url = '/') => {
    const html = (await page(url)).body;
    const block = /<script type="application\/json" id="client-config">(.*?)<\/script>/s.exec(html);
    const client = JSON.parse(block![1]!) as ClientConfig;
    return buildHeaderMenu(client).entries.map((item) => `${item.route} ${item.display}`);
  };
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const sitemap = async () =>
    [...(await page('/sitemap.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname,
    );
  const manage = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/manage${url}`, headers: se.headers, payload });
  const categories = async () =>
    (
      await t.app.inject({ url: '/api/manage/shop-categories', headers: se.headers })
    ).json<ShopCategoryList>().categories;

  it('keeps the spec’s menu for the seed, then follows a new, renamed, hidden and moved category', async () => {
    expect(await menuOf()).toEqual([
      '/ Home',
      '/cart Cart',
      '/oasis Oasis spas',
      '/sunbeach Sunbeach spas',
      '/spas Swim spas',
      '/documentation Instructions',
      '/about Contact us',
    ]);
    // Pages are kept between requests: each change below must reach them (no restart).
    expect((await page('/garden-furniture')).statusCode).toBe(404);

    expect(
      (await manage('POST', '/shop-categories', { name: 'Garden furniture' })).statusCode,
    ).toBe(201);
    const product = await manage('POST', '/products', {
      title: 'Teak bench',
      price: 349,
      category: 'garden-furniture',
      blurb: '<p>Seats three</p>',
    });
    expect(product.statusCode, product.body).toBe(201);
    const bench = product.json<ManagedProduct>();
    await t.handle.db
      .updateTable('products')
      .set({ hidden: 0 })
      .where('client_code', '=', 'SE')
      .where('id', '=', bench.id)
      .execute();
    t.changes.clientChanged('SE');

    const list = await page('/garden-furniture');
    expect(list.statusCode).toBe(200);
    expect(titleOf(list.body)).toMatch(/^Garden furniture \|/);
    expect(list.body).toContain('"category":"garden-furniture"');
    expect(list.body).toContain('Teak bench');
    expect(await menuOf()).toContain('/garden-furniture Garden furniture');
    expect(await sitemap()).toContain('/garden-furniture');

    const oasis = (await categories()).find((c) => c.slug === 'oasis')!;
    const renamed = await manage('PUT', '/shop-categories/oasis', {
      name: 'Oasis tubs',
      hidden: false,
      version: oasis.version,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await menuOf()).toContain('/oasis Oasis tubs');
    expect(titleOf((await page('/oasis')).body)).toMatch(/^Oasis tubs \|/);

    const spas = (await categories()).find((c) => c.slug === 'spas')!;
    const hidden = await manage('PUT', '/shop-categories/spas', {
      name: spas.name,
      hidden: true,
      version: spas.version,
    });
    expect(hidden.statusCode).toBe(200);
    expect((await menuOf()).some((entry) => entry.startsWith('/spas '))).toBe(false);
    const gone = await page('/spas');
    expect(gone.statusCode).toBe(404);
    expect(titleOf(gone.body)).toMatch(/^Page not found/);
    expect(await sitemap()).not.toContain('/spas');
    // Its products keep their own pages (a hidden category hides its list, not its products).
    expect((await page('/product/1001')).statusCode).toBe(200);

    const moved = await manage('POST', '/shop-categories/order', {
      slugs: ['garden-furniture', 'sunbeach', 'spas', 'oasis'],
    });
    expect(moved.statusCode).toBe(200);
    expect(await menuOf('/about')).toEqual([
      '/ Home',
      '/cart Cart',
      '/garden-furniture Garden furniture',
      '/sunbeach Sunbeach spas',
      '/oasis Oasis tubs',
      '/documentation Instructions',
      '/about Contact us',
    ]);
    const paths = await sitemap();
    expect(paths.indexOf('/garden-furniture')).toBeLessThan(paths.indexOf('/sunbeach'));
  });

  it('lists a new category’s products from the API by its slug', async () => {
    const answer = await t.app.inject({
      url: '/api/products?category=garden-furniture',
      headers: { host: se.headers.host! },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<Array<{ title: string }>>().map((p) => p.title)).toEqual(['Teak bench']);
    const bad = await t.app.inject({
      url: '/api/products?category=Not%20A%20Slug',
      headers: { host: se.headers.host! },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives a page the same record while its categories are the same, a new one once they change', async () => {
    // What is made once per record (its JSON, its rendered header and footer: issue 37) is made
    // again exactly when the record changes.
    const referenceCache = createReferenceCache(60_000, t.changes);
    const client = t.registry.byCode('SE')!;
    const first = await withShownCategories(t.handle.db, referenceCache, client);
    expect(await withShownCategories(t.handle.db, referenceCache, client)).toBe(first);
    const added = await manage('POST', '/shop-categories', { name: 'Hot tub covers' });
    expect(added.statusCode).toBe(201);
    const after = await withShownCategories(t.handle.db, referenceCache, client);
    expect(after).not.toBe(first);
    expect(after.shopCategories?.map((c) => c.name)).toContain('Hot tub covers');
    expect(await withShownCategories(t.handle.db, referenceCache, client)).toBe(after);
  });
});
