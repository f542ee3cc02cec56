import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHash } from '../../src/server/pages/app-boot.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Security headers on every kind of response, in production settings. */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { NODE_ENV: 'production', CLIENT_PREVIEW: 'on' });
  });
  afterAll(async () => t?.close());

  const pageRequests = [
    { method: 'GET', url: '/' },
    { method: 'GET', url: '/booking' },
    { method: 'GET', url: '/no-such-page' },
    { method: 'GET', url: '/themes/JS.css' },
    { method: 'GET', url: '/media/missing.jpeg' },
    { method: 'GET', url: '/?client=NOPE' },
    { method: 'HEAD', url: '/contact' },
    { method: 'GET', url: '/assets/missing.js' },
    // Refused before routing: a URL that cannot be decoded.
    { method: 'GET', url: '/%zz' },
  ] as const;

  it('allows exactly the inline scripts a page carries, by their hashes, and no others', async () => {
    for (const host of ['se.localhost', 'rrb.localhost', 'js.localhost']) {
      const res = await t.app.inject({ url: '/', headers: { host } });
      const csp = String(res.headers['content-security-policy']);
      const scriptSources = csp.match(/script-src ([^;]*)/)![1]!.split(' ');
      // Executable inline scripts: not JSON data blocks, not external files.
      const inline = [
        ...res.body.matchAll(
          /<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g,
        ),
      ].map((match) => match[1]!);
      // (This app serves the source template, with no inline script; the built pages carry the
      // boot script, checked in a browser by tests/e2e/act-before-the-app-loads.spec.ts.)
      expect(scriptSources).toEqual(["'self'", ...inline.map(inlineScriptHash)]);
    }
  });

  const apiRequests = [
    { method: 'GET', url: '/api/products' },
    { method: 'GET', url: '/api/nothing' },
    { method: 'GET', url: '/api/treatments/list?activeOnly=1', headers: { host: 'rrb.localhost' } },
    { method: 'POST', url: '/api/bookings/time', payload: { bookingDate: 'soon' } },
    { method: 'POST', url: '/api/v1.0/email/send', payload: {} },
    { method: 'GET', url: '/api/products?client=NOPE' },
    // Refused before any handler runs: by the body parser, and by the body limit.
    {
      method: 'POST',
      url: '/api/bookings/time',
      headers: { 'content-type': 'application/json' },
      payload: '{"bookingDate":',
    },
    {
      method: 'POST',
      url: '/api/bookings/create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
    },
  ] as const;

  it.each(pageRequests)('$method $url carries the page set', async (request) => {
    const res = await t.app.inject(request as InjectOptions);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // 'self' and at most the boot script's hash: never 'unsafe-inline' or 'unsafe-eval'.
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')?(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it.each(apiRequests)(
    '$method $url carries the API set: data that loads nothing',
    async (request) => {
      const res = await t.app.inject(request as InjectOptions);
      expect(res.headers['content-type']).toMatch(/^(application\/json|text\/plain)/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    },
  );

  it('sets the preview cookie HttpOnly, SameSite and Secure in production', async () => {
    const res = await t.app.inject({ url: '/?client=RRB' });
    const cookie = res.cookies.find((c) => c.name === 'hs_client');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
  });
});
