import { afterAll, beforeAll, expect, it } from 'vitest';
import { countRows } from '../../../tests/support/count-rows.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { applySeed, readSeed } from '../db/seed.js';

describeEachDatabase('the foundation server', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('seeds all seven clients, and seeding again changes nothing', async () => {
    const count = (table: 'clients' | 'products' | 'reviews' | 'treatments') =>
      countRows(t.handle.db, table);
    const before = {
      clients: await count('clients'),
      products: await count('products'),
      reviews: await count('reviews'),
      treatments: await count('treatments'),
    };
    expect(before.clients).toBe(7);
    expect(t.registry.all.map((c) => c.name).sort()).toEqual(
      ['AMS', 'BBG', 'JS', 'PHEC', 'PI', 'RRB', 'SE'].sort(),
    );
    await applySeed(t.handle.db, readSeed(t.config.seedDir));
    expect({
      clients: await count('clients'),
      products: await count('products'),
      reviews: await count('reviews'),
      treatments: await count('treatments'),
    }).toEqual(before);
  });

  it('serves the default client (JS) with its title, language, inline theme and config', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const js = t.registry.byCode('JS')!;
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(`<title>${js.title}</title>`);
    expect(res.body).toContain('<style data-theme="JS">');
    const config = /<script type="application\/json" id="client-config">(.*?)<\/script>/s.exec(
      res.body,
    );
    expect(JSON.parse(config![1]!).name).toBe('JS');
  });

  it('picks the client from the host name', async () => {
    const res = await t.app.inject({ url: '/', headers: { host: 'rrb.localhost:3000' } });
    expect(res.body).toContain('data-theme="RRB"');
  });

  it('switches client with ?client= and remembers it in an HttpOnly cookie', async () => {
    const first = await t.app.inject({ url: '/?client=se' });
    expect(first.body).toContain('data-theme="SE"');
    const cookie = first.cookies.find((c) => c.name === 'hs_client');
    expect(cookie).toMatchObject({ value: 'SE', httpOnly: true, sameSite: 'Lax' });
    const next = await t.app.inject({ url: '/about', cookies: { hs_client: 'SE' } });
    expect(next.body).toContain('data-theme="SE"');
  });

  it('answers an unknown ?client= code with a clear message, not a crash', async () => {
    const page = await t.app.inject({ url: '/?client=NOPE' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('There is no client with the code');
    expect(page.body).toContain('NOPE');
    const api = await t.app.inject({ url: '/api/products?client=%3Cscript%3E' });
    expect(api.statusCode).toBe(400);
    expect(api.json().message).toContain('Known codes: AMS, BBG, JS, PHEC, PI, RRB, SE');
    expect(api.body).not.toContain('<script>');
  });

  it('knows every route of the spec, and answers 404 with the app for any other path', async () => {
    for (const path of [
      '/about',
      '/order/success',
      '/product/2',
      '/travelbooking',
      '/login',
      '/work',
    ]) {
      expect((await t.app.inject({ url: path })).statusCode, path).toBe(200);
    }
    const missing = await t.app.inject({ url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('id="client-config"');
    const api = await t.app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toContain('No API route');
  });

  it('scopes products and reviews to the request client', async () => {
    const se = (await t.app.inject({ url: '/api/products?client=SE' })).json() as Array<{
      id: number;
      price: number;
      picture: string;
    }>;
    expect(se.map((p) => p.id)).toEqual(expect.arrayContaining([1, 7, 201, 215, 1001, 1008]));
    expect(Math.min(...se.map((p) => p.price))).toBe(4999);
    expect(Math.max(...se.map((p) => p.price))).toBe(35995);
    expect(se[0]!.picture).toBe('/media/SE/pics/1/cover.jpeg');
    const js = (await t.app.inject({ url: '/api/products?client=JS' })).json() as unknown[];
    expect(js).toEqual([]);
    const oasis = (
      await t.app.inject({ url: '/api/products?client=SE&category=oasis' })
    ).json() as Array<{ id: number }>;
    expect(oasis.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // A category the shop does not have lists nothing; a name no category can have is refused.
    const unknown = await t.app.inject({ url: '/api/products?client=SE&category=boats' });
    expect(unknown.json()).toEqual([]);
    const bad = await t.app.inject({ url: '/api/products?client=SE&category=Boats%20%26%20more' });
    expect(bad.statusCode).toBe(400);
    const otherClientsProduct = await t.app.inject({ url: '/api/products/1001?client=BBG' });
    expect(otherClientsProduct.statusCode).toBe(404);
    const pi = (await t.app.inject({ url: '/api/reviews?client=PI' })).json() as unknown[];
    expect(pi).toEqual([]);
  });

  it('sends security headers with every page', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')?(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

it('turns the preview switch off in production unless CLIENT_PREVIEW=on', async () => {
  const prod = await startTestApp('sqlite', { NODE_ENV: 'production' });
  try {
    const res = await prod.app.inject({ url: '/?client=SE' });
    expect(res.body).toContain('data-theme="JS"');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  } finally {
    await prod.close();
  }
  const enabled = await startTestApp('sqlite', { NODE_ENV: 'production', CLIENT_PREVIEW: 'on' });
  try {
    expect((await enabled.app.inject({ url: '/?client=SE' })).body).toContain('data-theme="SE"');
  } finally {
    await enabled.close();
  }
});
