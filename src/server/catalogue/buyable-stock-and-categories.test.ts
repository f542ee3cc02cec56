import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Product } from '../../common/catalogue.js';
import type { ManagedProduct } from '../../common/manage-products.js';
import type { ShopCategoryList } from '../../common/shop-categories.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { lowStockProducts } from './catalogue-store.js';

/** Issue 35: buyable is data, stock, and each client's own categories. */
describeEachDatabase('buyable products, stock and shop categories', (kind) => {
  let t: TestApp;
  let se: OwnerSession;
  let bbg: OwnerSession;

  beforeAll(async () => {
    t = await startTestApp(kind, { ORDER_LIMIT_PER_IP: '1000' });
    [se, bbg] = [await signInAs(t, 'SE'), await signInAs(t, 'BBG')];
  });
  afterAll(async () => t?.close());

  const customer = (name: string) => ({
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    telephone: '07700 900123',
    address: '1 High Street',
    message: '',
  });
  const order = (productId: number, quantity: number, name = 'Ann Buyer') =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/create?client=SE',
      payload: {
        lines: [{ productId, quantity }],
        customer: customer(name),
        fulfilment: { method: 'collection' },
      },
    });
  const fields = {
    title: 'Oasis Nova',
    price: 5495,
    category: 'oasis',
    blurb: '<p>New this season</p>',
  };
  /** An owner's new product, shown (the test skips uploading its picture). */
  const addShown = async (extra: Record<string, unknown>): Promise<ManagedProduct> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: se.headers,
      payload: { ...fields, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json<ManagedProduct>();
    await t.handle.db
      .updateTable('products')
      .set({ hidden: 0 })
      .where('client_code', '=', 'SE')
      .where('id', '=', product.id)
      .execute();
    return product;
  };
  const shown = async (id: number): Promise<Product> => {
    const res = await t.app.inject({ url: `/api/products/${id}?client=SE` });
    const body = res.json<{ data: Product } | Product>();
    return 'data' in body ? body.data : body;
  };

  it('sells what the owner adds, even above id 1000; the seed’s swim spas stay "enquire"', async () => {
    const product = await addShown({});
    expect(product.id).toBeGreaterThan(1000);
    expect(product.saleMode).toBe('buy');
    expect(product.stockMode).toBe('untracked');
    expect((await order(product.id, 1)).statusCode).toBe(201);

    const spa = await shown(1001);
    expect(spa.saleMode).toBe('enquire');
    const refused = await order(1001, 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('cannot be bought online');
  });

  it('takes counted stock in the order; two last-item orders at once: one 201, one refusal naming it', async () => {
    const product = await addShown({ title: 'Last Oasis', stockMode: 'count', stockCount: 1 });
    expect((await shown(product.id)).stock).toEqual({ mode: 'count', count: 1 });
    const [a, b] = await Promise.all([
      order(product.id, 1, 'Ann First'),
      order(product.id, 1, 'Bob Second'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refusal = (a.statusCode === 409 ? a : b).json<{ message: string }>();
    expect(refusal.message).toContain('Last Oasis has just sold out');
    const row = await t.handle.db
      .selectFrom('products')
      .select('stock_count')
      .where('client_code', '=', 'SE')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row.stock_count).toBe(0);
    // Out of stock now: the page says so and another order is refused.
    expect((await shown(product.id)).stock).toEqual({ mode: 'count', count: 0 });
    expect((await order(product.id, 1)).statusCode).toBe(409);
    const page = await t.app.inject({ url: `/product/${product.id}?client=SE` });
    expect(page.body).toContain('https://schema.org/OutOfStock');
    expect(await lowStockProducts(t.handle.db, 'SE')).toContainEqual({
      id: product.id,
      title: 'Last Oasis',
      left: 0,
    });
  });

  it('refuses more than is left, and keeps made-to-order products buyable with their lead time', async () => {
    const few = await addShown({ title: 'Two Left', stockMode: 'count', stockCount: 2 });
    const tooMany = await order(few.id, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ message: string }>().message).toContain('only 2 of Two Left are left');
    const made = await addShown({
      title: 'Built For You',
      stockMode: 'made_to_order',
      leadTimeDays: 21,
    });
    expect((await shown(made.id)).stock).toEqual({ mode: 'made_to_order', leadTimeDays: 21 });
    expect((await order(made.id, 2)).statusCode).toBe(201);
    const noCount = await t.app.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: se.headers,
      payload: { ...fields, stockMode: 'count' },
    });
    expect(noCount.statusCode).toBe(400);
    expect(noCount.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe('stockCount');
  });

  const categories = async (session: OwnerSession) => {
    const res = await t.app.inject({
      url: '/api/manage/shop-categories',
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<ShopCategoryList>().categories;
  };

  it('offers each owner only their own categories; another client’s is refused on a product', async () => {
    expect((await categories(se)).map((c) => c.slug)).toEqual(['oasis', 'sunbeach', 'spas']);
    expect((await categories(bbg)).map((c) => c.slug)).toEqual([
      'haircare',
      'body',
      'extensions',
      'groceries',
    ]);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/manage/products',
      headers: se.headers,
      payload: { ...fields, category: 'groceries' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe('category');
  });

  it('adds, renames, hides and reorders categories; a product can use a new one', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/manage/shop-categories',
      headers: se.headers,
      payload: { name: 'Garden Saunas' },
    });
    expect(added.statusCode).toBe(201);
    const saunas = added
      .json<ShopCategoryList>()
      .categories.find((c) => c.slug === 'garden-saunas');
    expect(saunas).toMatchObject({ name: 'Garden Saunas', hidden: false, productCount: 0 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/manage/shop-categories',
      headers: se.headers,
      payload: { name: 'garden saunas' },
    });
    expect(again.statusCode).toBe(409);
    await addShown({ title: 'Sauna Hut', category: 'garden-saunas' });

    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/manage/shop-categories/garden-saunas',
      headers: se.headers,
      payload: { name: 'Saunas', hidden: true, version: saunas!.version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      renamed.json<ShopCategoryList>().categories.find((c) => c.slug === 'garden-saunas'),
    ).toMatchObject({ name: 'Saunas', hidden: true, productCount: 1 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/manage/shop-categories/garden-saunas',
      headers: se.headers,
      payload: { name: 'Old', hidden: false, version: saunas!.version },
    });
    expect(stale.statusCode).toBe(409);

    const order = ['garden-saunas', 'spas', 'oasis', 'sunbeach'];
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/manage/shop-categories/order',
      headers: se.headers,
      payload: { slugs: order },
    });
    expect(moved.statusCode).toBe(200);
    expect((await categories(se)).map((c) => c.slug)).toEqual(order);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/manage/shop-categories/order',
      headers: se.headers,
      payload: { slugs: ['spas', 'oasis', 'sunbeach'] },
    });
    expect(missing.statusCode).toBe(409);
  });

  it('refuses another client’s owner, staff and no session', async () => {
    const otherSlug = await t.app.inject({
      method: 'PUT',
      url: '/api/manage/shop-categories/oasis',
      headers: bbg.headers,
      payload: { name: 'Mine now', hidden: false, version: 1 },
    });
    expect(otherSlug.statusCode).toBe(404);
    const byHost = await t.app.inject({
      url: '/api/manage/shop-categories',
      headers: { ...bbg.headers, host: se.headers.host!, origin: se.headers.origin! },
    });
    expect(byHost.statusCode).toBe(403);
    const staff = await signInAs(t, 'SE', { role: 'staff' });
    const byStaff = await t.app.inject({
      url: '/api/manage/shop-categories',
      headers: staff.headers,
    });
    expect(byStaff.statusCode).toBe(403);
    const noSession = await t.app.inject({
      url: '/api/manage/shop-categories',
      headers: { host: se.headers.host! },
    });
    expect(noSession.statusCode).toBe(401);
  });
});
