import { describe, expect, it } from 'vitest';
import { acceptedPageEncoding } from '../kernel/compress-page.js';
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
    expect(typeof page !== 'string' && page.html.toString()).toBe('b');
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
});
