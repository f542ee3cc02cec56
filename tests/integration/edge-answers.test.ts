import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 14, point 9: the small answers a probe found wrong. */
describe('edge answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  it('an API URL that cannot be decoded (FST_ERR_BAD_URL) carries the security headers', async () => {
    for (const url of ['/api/%ff', '/api/products/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });

  it('/api/client answers the record without its host names, as the page embeds it', async () => {
    const res = await t.app.inject({ url: '/api/client', headers: { host: 'rrb.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'RRB', hostNames: [] });
  });

  it('a host name written with its trailing dot resolves to its client', async () => {
    for (const host of ['rrb.localhost.', 'RRB.localhost.:3000', 'www.rubyrosebeauty.co.uk.']) {
      const res = await t.app.inject({ url: '/api/client', headers: { host } });
      expect(res.json<{ name: string }>().name, host).toBe('RRB');
    }
  });

  it('liveness and the old health answer without the database; readiness checks it', async () => {
    for (const url of ['/api/health', '/api/health/live']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, checks: { database: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});
