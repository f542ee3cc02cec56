import { afterAll, beforeAll, expect, it } from 'vitest';
import { staffAllowedRoutes, staffMayUse } from '../../src/server/owners/staff-permissions.js';
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

  /**
   * Every owner endpoint, read from the server's own route table, so a new /api/manage route is
   * covered without anyone remembering to list it. Path parameters get an id that exists nowhere.
   */
  const ownerEndpoints = () =>
    listRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.path.startsWith('/api/manage'))
      .map((route) => ({ ...route, url: route.path.replace(/:[A-Za-z]+/g, '1') }));

  it('finds the owner endpoints in the route table', () => {
    const urls = ownerEndpoints().map((e) => `${e.method} ${e.path}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/manage/me',
        'POST /api/manage/logout-everywhere',
        'GET /api/manage/orders/:orderNumber',
        'POST /api/manage/orders/:orderNumber/status',
        'GET /api/manage/bookings/search',
        'POST /api/manage/bookings/:id/status',
        'POST /api/manage/outbox/:id/retry',
        'PUT /api/manage/booking-rules',
        'GET /api/manage/content',
        'PUT /api/manage/content/draft',
        'POST /api/manage/content/publish',
        'DELETE /api/manage/content/draft',
      ]),
    );
    expect(urls.length).toBeGreaterThan(15);
    // Every owner route is under the one /api/manage plugin: none is left beside the sign-in ones.
    const outside = listRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) =>
      route.path.startsWith('/api/owner/'),
    );
    expect(outside.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'POST /api/owner/login',
      'POST /api/owner/logout',
      'POST /api/owner/reset-request',
      'POST /api/owner/set-password',
    ]);
  });

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
    for (const { method, url } of ownerEndpoints()) {
      const foreign = await t.app.inject({ method, url, headers: onSe });
      expect(foreign.statusCode, `${method} ${url}`).toBe(403);
      const { cookie: _cookie, ...anonymous } = rrb.headers;
      const none = await t.app.inject({ method, url, headers: anonymous });
      expect(none.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  /**
   * Roles (issue 32): a staff account is refused (403) on every owner route but the reviewed
   * allowlist (src/server/owners/staff-permissions.ts), and is let through on those. Read from the
   * same route table, so a new owner route is checked for staff without anyone listing it.
   */
  it('answers 403 to a staff session on every owner endpoint but the allowlisted ones', async () => {
    const staff = await signInAs(t, 'RRB', { role: 'staff' });
    const endpoints = ownerEndpoints();
    const listed = endpoints.map((e) => `${e.method} ${e.path}`);
    // Every allowlist entry names a real route: a typo there would deny staff silently.
    for (const entry of staffAllowedRoutes) expect(listed, entry).toContain(entry);
    // Signing out everywhere ends the staff session: that one goes last.
    const ordered = [...endpoints].sort(
      (a, b) =>
        Number(a.path.endsWith('/logout-everywhere')) -
        Number(b.path.endsWith('/logout-everywhere')),
    );
    let allowed = 0;
    for (const { method, path, url } of ordered) {
      const answer = await t.app.inject({ method, url, headers: staff.headers });
      if (staffMayUse(method, path)) {
        allowed += 1;
        // Let through the guard: a route may still refuse what this staff account asks (a
        // calendar link for the whole salon), but never with the guard's owner-only answer.
        if (answer.statusCode === 403) {
          expect(answer.json<{ message: string }>().message, `${method} ${path}`).not.toContain(
            'Only the business owner can do this.',
          );
        }
        expect(answer.statusCode, `${method} ${path}`).toBeLessThan(500);
      } else {
        expect(answer.statusCode, `${method} ${path}`).toBe(403);
        expect(answer.json(), `${method} ${path}`).toMatchObject({
          message: expect.stringContaining('Only the business owner can do this.'),
        });
      }
    }
    expect(allowed).toBe(staffAllowedRoutes.length);
    // The role is the account's, read on every request: made an owner, the same session may.
    const promoted = await signInAs(t, 'RRB', { role: 'staff' });
    const before = await t.app.inject({ url: '/api/manage/audit', headers: promoted.headers });
    expect(before.statusCode).toBe(403);
    await t.handle.db
      .updateTable('owners')
      .set({ role: 'owner' })
      .where('id', '=', promoted.owner.id)
      .execute();
    const after = await t.app.inject({ url: '/api/manage/audit', headers: promoted.headers });
    expect(after.statusCode).toBe(200);
  });

  it('answers who is signed in with their role', async () => {
    const owner = await signInAs(t, 'RRB');
    const staff = await signInAs(t, 'RRB', { role: 'staff' });
    const ownerMe = await t.app.inject({ url: '/api/manage/me', headers: owner.headers });
    expect(ownerMe.json()).toMatchObject({ role: 'owner', staffId: null });
    const staffMe = await t.app.inject({ url: '/api/manage/me', headers: staff.headers });
    expect(staffMe.json()).toMatchObject({ role: 'staff', email: staff.owner.email });
  });
});

/**
 * The routes in Fastify's printRoutes tree ("├── /api/manage/orders (GET, HEAD)", children
 * indented by four characters and printed relative to their parent), as method and full path.
 */
function listRoutes(
  tree: string,
): Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }> {
  const stack: string[] = [];
  const routes: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }> = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ')) {
      if (method === 'GET' || method === 'POST' || method === 'PUT' || method === 'DELETE') {
        routes.push({ method, path: stack.join('') });
      }
    }
  }
  return routes;
}
