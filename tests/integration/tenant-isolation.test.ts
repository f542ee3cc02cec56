import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs } from '../support/owner-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** No endpoint reveals another client's products, reviews or treatments, whatever the request says. */
describeEachDatabase('tenant isolation', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  const get = async (url: string, host: string, cookie?: string) =>
    t.app.inject({ url, headers: { host, ...(cookie ? { cookie } : {}) } });

  it('shows each host only its own products and reviews, whatever the query or cookie says', async () => {
    for (const client of t.registry.all) {
      const host = client.hostNames[0]!;
      const products = (
        await get('/api/products?client=SE', host, 'hs_client=BBG')
      ).json() as Array<{
        picture: string;
      }>;
      for (const p of products)
        expect(p.picture.startsWith(`${client.pictureLocation}/`)).toBe(true);
      const own = await t.handle.db
        .selectFrom('products')
        .select('id')
        .where('client_code', '=', client.name)
        .execute();
      expect(products).toHaveLength(own.length);

      const reviews = (await get('/api/reviews?client=RRB', host)).json() as Array<{
        review: string;
      }>;
      const ownReviews = await t.handle.db
        .selectFrom('reviews')
        .select('review')
        .where('client_code', '=', client.name)
        .execute();
      expect(reviews.map((r) => r.review).sort()).toEqual(ownReviews.map((r) => r.review).sort());
    }
  });

  it("never serves another client's product by id", async () => {
    const res = await get('/api/products/1001', 'bbg.localhost');
    expect(res.statusCode).toBe(404);
    const se = await get('/api/products/1001', 'se.localhost');
    expect(se.statusCode).toBe(200);
  });

  it('lists treatments and categories only for the client that has them', async () => {
    const rrb = await get('/api/treatments/list', 'rrb.localhost');
    expect(rrb.statusCode).toBe(200);
    expect((rrb.json() as unknown[]).length).toBeGreaterThan(0);
    for (const host of ['se.localhost', 'js.localhost', 'phec.localhost']) {
      const other = await get('/api/treatments/list?client=RRB', host, 'hs_client=RRB');
      if (other.statusCode === 200) expect(other.json()).toEqual([]);
      else expect(other.statusCode).toBeLessThan(500);
      const categories = await get('/api/categories/list?client=RRB', host);
      if (categories.statusCode === 200) expect(categories.json()).toEqual([]);
      else expect(categories.statusCode).toBeLessThan(500);
    }
  });

  it('never puts another client into the page', async () => {
    const page = await get('/?client=SE', 'rrb.localhost', 'hs_client=SE');
    expect(page.body).toContain('data-theme="RRB"');
    expect(page.body).not.toContain('data-theme="SE"');
  });

  /** Every owner endpoint; each new /api/manage route joins this list. */
  const ownerEndpoints: Array<{ method: 'GET' | 'POST'; url: string }> = [
    { method: 'GET', url: '/api/manage/me' },
    { method: 'GET', url: '/api/manage/audit' },
    { method: 'POST', url: '/api/owner/logout-everywhere' },
  ];

  it("answers 403 to an RRB owner on SE's host, and 401 without a session, on every owner endpoint", async () => {
    const rrb = await signInAs(t, 'RRB');
    expect(rrb.cookie.startsWith('__Host-hs_owner=')).toBe(true);
    const onSe = { ...rrb.headers, host: 'se.localhost', origin: 'https://se.localhost' };
    // In production ?client= is ignored: the host decides, and it is RRB's own.
    const previewed = await t.app.inject({
      method: 'GET',
      url: `/api/manage/me?client=SE`,
      headers: rrb.headers,
    });
    expect(previewed.json()).toMatchObject({ clientCode: 'RRB' });
    for (const { method, url } of ownerEndpoints) {
      const foreign = await t.app.inject({ method, url, headers: onSe });
      expect(foreign.statusCode, `${method} ${url}`).toBe(403);
      const { cookie: _cookie, ...anonymous } = rrb.headers;
      const none = await t.app.inject({ method, url, headers: anonymous });
      expect(none.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
