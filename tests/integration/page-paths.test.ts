import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/each-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * One canonical path per page, and not-found pages rendered once per client (issue 30, items 2
 * and 3): a loose spelling of a page is never a page of its own, nor a new cache entry.
 */
describeEachDatabase('page paths', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  const get = (url: string) =>
    t.app.inject({ url, headers: { host: 'se.localhost', 'accept-encoding': 'gzip' } });

  it('sends loose spellings of a product id to the one page, and a non-number to "not found"', async () => {
    expect((await get('/product/2')).statusCode).toBe(200);
    for (const loose of [
      '/product/02',
      '/product/0002',
      '/product/2.0',
      '/product/+2',
      '/product/0x2',
      '/product/2e0',
    ]) {
      const res = await get(loose);
      expect(res.statusCode, loose).toBe(301);
      expect(res.headers.location, loose).toBe('/product/2');
    }
    // No number at all: the product page's own "not found", 404, never kept (no ETag).
    for (const noNumber of ['/product/two', '/product/2%20x']) {
      const res = await get(noNumber);
      expect(res.statusCode, noNumber).toBe(404);
      expect(res.headers.etag, noNumber).toBeUndefined();
    }
  });

  it('sends a path with a trailing slash to the path without it, keeping the query', async () => {
    const res = await get('/about/?ref=mail');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/about?ref=mail');
    const nested = await get('/product/2/');
    expect(nested.statusCode).toBe(301);
    expect(nested.headers.location).toBe('/product/2');
  });

  it('renders the not-found page once per client, whatever the missing path', async () => {
    const first = await get('/no-such-page-a');
    const second = await get('/no/such/page/b');
    expect(first.statusCode).toBe(404);
    expect(second.statusCode).toBe(404);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Another client has its own.
    const rrb = await t.app.inject({ url: '/no-such-page-a', headers: { host: 'rrb.localhost' } });
    expect(rrb.statusCode).toBe(404);
    expect(rrb.headers.etag).not.toBe(first.headers.etag);
  });
});
