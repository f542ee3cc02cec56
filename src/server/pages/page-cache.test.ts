import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { acceptedPageEncoding, compressPage } from '../kernel/compress-page.js';
import { createPageCache, matchesEtag, pageEtag } from './page-cache.js';

function setup(maxBytes = 1_000_000, maxAgeMs = 60_000) {
  const versions = new Map<string, number>();
  let clock = 0;
  let renders = 0;
  const cache = createPageCache({
    maxBytes,
    maxAgeMs,
    version: (code) => versions.get(code) ?? 0,
    now: () => clock,
  });
  const render =
    (html: string, keep = true) =>
    async () => {
      renders++;
      return { html, keep };
    };
  return {
    cache,
    render,
    renders: () => renders,
    bump: (code: string) => versions.set(code, (versions.get(code) ?? 0) + 1),
    tick: (ms: number) => (clock += ms),
  };
}

describe('page cache', () => {
  it('renders a page once, however many requests ask at the same moment', async () => {
    const s = setup();
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => s.cache.get('SE', '/', s.render('<p>home</p>'))),
    );
    expect(s.renders()).toBe(1);
    expect(new Set(pages).size).toBe(1);
    await s.cache.get('SE', '/', s.render('<p>home</p>'));
    expect(s.renders()).toBe(1);
  });

  it('renders again after the client data version moves, and only for that client', async () => {
    const s = setup();
    await s.cache.get('SE', '/', s.render('a'));
    await s.cache.get('JS', '/', s.render('a'));
    s.bump('SE');
    const page = await s.cache.get('SE', '/', s.render('b'));
    expect(typeof page !== 'string' && page.html?.toString()).toBe('b');
    await s.cache.get('JS', '/', s.render('c'));
    expect(s.renders()).toBe(3);
  });

  it('drops a client on request and keeps the others', async () => {
    const s = setup();
    await s.cache.get('SE', '/', s.render('a'));
    await s.cache.get('SEX', '/', s.render('a'));
    s.cache.dropClient('SE');
    expect(s.cache.size.entries).toBe(1);
  });

  it('evicts the least recently used pages when the bytes run over', async () => {
    const s = setup();
    const one = await s.cache.get('SE', '/one', s.render('x'.repeat(1000)));
    const limit = typeof one === 'string' ? 0 : one.bytes * 2;
    const small = setup(limit);
    await small.cache.get('SE', '/one', small.render('x'.repeat(1000)));
    await small.cache.get('SE', '/two', small.render('x'.repeat(1000)));
    await small.cache.get('SE', '/one', small.render('x'.repeat(1000))); // /one is now newest
    await small.cache.get('SE', '/three', small.render('x'.repeat(1000)));
    expect(small.cache.size.entries).toBe(2);
    expect(small.cache.size.bytes).toBeLessThanOrEqual(limit);
    expect(small.renders()).toBe(3);
    await small.cache.get('SE', '/one', small.render('x'.repeat(1000)));
    expect(small.renders()).toBe(3);
    await small.cache.get('SE', '/two', small.render('x'.repeat(1000)));
    expect(small.renders()).toBe(4);
  });

  it('keeps nothing it is told not to keep, nothing when off, nothing past its age', async () => {
    const s = setup();
    expect(await s.cache.get('SE', '/x', s.render('gone', false))).toBe('gone');
    expect(s.cache.size.entries).toBe(0);
    const off = setup(0);
    await off.cache.get('SE', '/', off.render('a'));
    expect(off.cache.size.entries).toBe(0);
    await s.cache.get('SE', '/', s.render('a'));
    s.tick(60_001);
    await s.cache.get('SE', '/', s.render('a'));
    expect(s.renders()).toBe(3);
  });

  it('compares ETags weakly and understands lists and *', () => {
    const etag = pageEtag('<p>x</p>');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(etag.slice(2), etag)).toBe(true);
    expect(matchesEtag(`W/"other", ${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('W/"other"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });

  it('picks brotli, then gzip, honouring q=0', () => {
    expect(acceptedPageEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedPageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedPageEncoding('gzip;q=0.0')).toBeUndefined();
    expect(acceptedPageEncoding(undefined)).toBeUndefined();
  });

  /** A page the size of a real one, with enough repeats that the best setting wins bytes. */
  const sizeablePage = Array.from(
    { length: 400 },
    (_, i) => `<li class="product"><a href="/product/${i}">Hot tub ${i % 37}</a></li>`,
  ).join('');

  it('answers a cold page compressed fast: nobody waits for the best setting', async () => {
    const s = setup();
    const page = await s.cache.get('SE', '/', s.render(sizeablePage), 'br');
    if (typeof page === 'string') throw new Error('expected a kept page');
    expect(page.effort).toBe('fast');
    expect(page.br).toEqual(await compressPage(sizeablePage, 'br', 'fast'));
    // Asked for once only: no second compression is queued.
    await s.cache.recompressed();
    expect(page.effort).toBe('fast');
  });

  it('compresses a cold page only in the encoding asked for, the other when first asked', async () => {
    const s = setup();
    const page = await s.cache.get('SE', '/', s.render(sizeablePage), 'br');
    if (typeof page === 'string') throw new Error('expected a kept page');
    expect(page.gzip).toBeUndefined();
    // Once compressed, the plain HTML is not kept: the page costs its brotli form alone.
    expect(page.html).toBeUndefined();
    expect(s.cache.size.bytes).toBe(page.br!.length);
    expect(page.br!.length).toBeLessThan(sizeablePage.length / 3);
    const br = await s.cache.body('SE', '/', page, 'gzip, deflate, br');
    expect(br).toEqual({ body: page.br, encoding: 'br' });
    const gzip = await s.cache.body('SE', '/', page, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(sizeablePage);
    expect(page.gzip).toBe(gzip.body);
    expect(s.cache.size.bytes).toBe(page.bytes);
    expect(page.bytes).toBe(page.br!.length + gzip.body.length);
    // A visitor without compression gets the HTML read back; it is not kept again.
    const plain = await s.cache.body('SE', '/', page, undefined);
    expect(plain).toEqual({ body: Buffer.from(sizeablePage) });
    expect(page.html).toBeUndefined();
    expect(s.cache.size.bytes).toBe(page.bytes);
  });

  it('keeps a page asked for plain as HTML, until a compressed form is made', async () => {
    const s = setup();
    const page = await s.cache.get('SE', '/', s.render(sizeablePage));
    if (typeof page === 'string') throw new Error('expected a kept page');
    expect(page.html?.toString()).toBe(sizeablePage);
    expect(s.cache.size.bytes).toBe(sizeablePage.length);
    const br = await s.cache.body('SE', '/', page, 'br');
    expect(brotliDecompressSync(br.body).toString()).toBe(sizeablePage);
    expect(page.html).toBeUndefined();
    expect(s.cache.size.bytes).toBe(br.body.length);
  });

  it('recompresses a page asked for again at the best setting, off the request path', async () => {
    const s = setup();
    const first = await s.cache.get('SE', '/', s.render(sizeablePage), 'br');
    if (typeof first === 'string') throw new Error('expected a kept page');
    await s.cache.body('SE', '/', first, 'gzip');
    const again = await s.cache.get('SE', '/', s.render(sizeablePage), 'br');
    expect(again).toBe(first);
    if (typeof again === 'string') throw new Error('expected a kept page');
    // The hit was answered before the recompression ran.
    expect(again.effort).toBe('fast');
    const fastBytes = again.bytes;
    await s.cache.recompressed();
    expect(again.effort).toBe('best');
    expect(again.br).toEqual(await compressPage(sizeablePage, 'br', 'best'));
    expect(again.br!.length).toBeLessThan((await compressPage(sizeablePage, 'br')).length);
    expect(brotliDecompressSync(again.br!).toString()).toBe(sizeablePage);
    expect(gunzipSync(again.gzip!).toString()).toBe(sizeablePage);
    // The cache's byte count follows the smaller forms; the validator is the HTML's, unchanged.
    expect(again.bytes).toBeLessThan(fastBytes);
    expect(s.cache.size.bytes).toBe(again.bytes);
    expect(again.etag).toBe(pageEtag(sizeablePage));
  });

  it('leaves a page alone that a change made old or the owner dropped', async () => {
    const s = setup();
    const old = await s.cache.get('SE', '/', s.render(sizeablePage));
    await s.cache.get('SE', '/', s.render(sizeablePage));
    s.bump('SE');
    const fresh = await s.cache.get('SE', '/', s.render(`${sizeablePage}<p>new</p>`));
    await s.cache.recompressed();
    if (typeof old === 'string' || typeof fresh === 'string') throw new Error('expected pages');
    expect(old.effort).toBe('fast');
    expect(s.cache.size.bytes).toBe(old.bytes + fresh.bytes);

    await s.cache.get('SE', '/', s.render(sizeablePage));
    s.cache.dropClient('SE');
    await s.cache.recompressed();
    expect(fresh.effort).toBe('fast');
    expect(s.cache.size.bytes).toBe(0);
  });
});
