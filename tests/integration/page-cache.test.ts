import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateProductPrice } from '../../src/server/catalogue/catalogue-store.js';
import { describeEachDatabase } from '../support/each-database.js';
import { repoRoot, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Pages come from the page cache (src/server/pages/page-cache.ts): compressed once, answered 304
 * on a repeat with the ETag, and rendered again after the client's data changes.
 */
describeEachDatabase('page cache', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  const productPage = (headers: Record<string, string> = {}) =>
    t.app.inject({
      url: '/product/2',
      headers: { host: 'se.localhost', 'accept-encoding': 'br, gzip', ...headers },
    });
  const text = (res: Awaited<ReturnType<typeof productPage>>) =>
    res.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(res.rawPayload).toString()
      : res.headers['content-encoding'] === 'gzip'
        ? gunzipSync(res.rawPayload).toString()
        : res.body;

  it('shows a new price on the next page after the store changes it and the change is announced', async () => {
    const first = await productPage();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(text(first)).toContain('"price":8995');

    // The repeat visit: the browser's copy is current.
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const repeat = await productPage({ 'if-none-match': etag });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.rawPayload.length).toBe(0);
    expect(repeat.headers.etag).toBe(etag);

    // The same page plain and gzipped, from the same entry.
    const gzipped = await productPage({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(text(gzipped)).toBe(text(first));
    const plain = await productPage({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text(first));

    expect(await updateProductPrice(t.handle.db, 'SE', 2, 12345)).toBe(true);
    // Written but not announced: the cached page still stands (this is what the signal is for).
    expect(text(await productPage())).toContain('"price":8995');
    t.changes.clientChanged('SE');

    const after = await productPage({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(text(after)).toContain('"price":12345');
    expect(text(after)).not.toContain('"price":8995');
    expect(after.headers.etag).not.toBe(etag);
    expect((await productPage({ 'if-none-match': String(after.headers.etag) })).statusCode).toBe(
      304,
    );
  });

  it('shows a new price on the pages that now carry the product: its list and the home page', async () => {
    const open = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url, headers: { host: 'se.localhost', 'accept-encoding': 'br', ...headers } });
    // Product 3 is an Oasis tub, not featured on the home page (that is product 2).
    const pages = ['/oasis', '/products'];
    const before = await Promise.all(pages.map((url) => open(url)));
    for (const page of before) expect(text(page)).toContain('"id":3,"title"');
    const price = (page: Awaited<ReturnType<typeof open>>) =>
      /"id":3,"title":"[^"]*","price":(\d+)/.exec(text(page))?.[1];
    const old = price(before[0]!);
    expect(old).toBeDefined();
    const home = await open('/');
    const featured = /"price":(\d+)/.exec(text(home))?.[1];

    expect(await updateProductPrice(t.handle.db, 'SE', 3, 77777)).toBe(true);
    expect(await updateProductPrice(t.handle.db, 'SE', 2, 66666)).toBe(true);
    t.changes.clientChanged('SE');

    for (const [index, url] of pages.entries()) {
      const after = await open(url, { 'if-none-match': String(before[index]!.headers.etag) });
      expect(after.statusCode, url).toBe(200);
      expect(price(after), url).toBe('77777');
    }
    const homeAfter = await open('/', { 'if-none-match': String(home.headers.etag) });
    expect(homeAfter.statusCode).toBe(200);
    expect(featured).toBeDefined();
    expect(featured).not.toBe('66666');
    expect(text(homeAfter)).toContain('"price":66666');
  });

  it("keeps other clients' pages when one client changes", async () => {
    const rrb = () =>
      t.app.inject({ url: '/', headers: { host: 'rrb.localhost', 'accept-encoding': 'gzip' } });
    const etag = String((await rrb()).headers.etag);
    t.changes.clientChanged('SE');
    const again = await t.app.inject({
      url: '/',
      headers: { host: 'rrb.localhost', 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('does not keep a product page that found nothing, and sends it without a validator', async () => {
    // An unknown path is the client's one not-found page, kept once (page-paths.test.ts).
    const res = await t.app.inject({
      url: '/product/999999',
      headers: { host: 'se.localhost', 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('page cache outside production', () => {
  let t: TestApp;
  let themes: string;
  beforeAll(async () => {
    themes = mkdtempSync(join(tmpdir(), 'highstreet-themes-'));
    cpSync(join(repoRoot, 'public/themes'), themes, { recursive: true });
    t = await startTestApp('sqlite', { NODE_ENV: 'development', THEMES_DIR: themes });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(themes, { recursive: true, force: true });
  });

  it('shows an edited theme on the next page, as it did before pages were cached', async () => {
    const home = () => t.app.inject({ url: '/', headers: { host: 'rrb.localhost' } });
    expect((await home()).body).not.toContain('--edited-in-test');
    const before = await home();
    expect(
      (
        await t.app.inject({
          url: '/',
          headers: { host: 'rrb.localhost', 'if-none-match': String(before.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);
    const file = join(themes, 'RRB.css');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n:root { --edited-in-test: 1; }\n`);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await home()).body).toContain('--edited-in-test');
  });
});
