import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs } from '../support/owner-session.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { isRedisReachable, testRedisPrefix, testRedisUrl } from '../support/test-redis.js';

/**
 * Issue 37: with Redis, a page rendered by one instance is served by the others from the shared
 * store (docs/decisions/0024-page-cache.md), and a change makes every instance's copy old. Two
 * real app instances over one database and a real Redis (database 11, a key prefix per run).
 */
const redisUp = await isRedisReachable();
const sharedPagesRedisUrl = testRedisUrl.replace(/\/\d+$/, '/11');
const metricsToken = 'shared-pages-metrics-token-0123456789';

/** This instance's page counts, read from /metrics. */
async function pageCounts(t: TestApp): Promise<{ renders: number; shared: number }> {
  const res = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(res.statusCode).toBe(200);
  const value = (name: string) =>
    Number(new RegExp(`^${name} (\\d+)`, 'm').exec(res.body)?.[1] ?? Number.NaN);
  return {
    renders: value('highstreet_page_renders_total'),
    shared: value('highstreet_page_cache_shared_total'),
  };
}

/** Without Redis (outside CI) the shared-store tests are skipped, as the other Redis tests. */
function skipEachDatabase(name: string, body: (kind: 'sqlite' | 'postgres') => void): void {
  describe.skip(name, () => body('sqlite'));
}

async function within(ms: number, check: () => boolean): Promise<boolean> {
  const start = Date.now();
  while (Date.now() - start <= ms) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

(redisUp ? describeEachDatabase : skipEachDatabase)(
  'rendered pages shared across instances',
  (kind) => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = {
        NODE_ENV: 'production',
        METRICS_TOKEN: metricsToken,
        REDIS_URL: sharedPagesRedisUrl,
        REDIS_KEY_PREFIX: testRedisPrefix(),
      };
      a = await startTestApp(kind, env, { shareChanges: true });
      b = await startTestApp(kind, env, { shareChanges: true, sameDatabaseAs: a });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('a page rendered on A is served by B without rendering, with the same ETag; a change makes both take a new one', async () => {
      const host = a.registry.byCode('SE')!.hostNames[0]!;
      const page = (t: TestApp, path: string) =>
        t.app.inject({ url: path, headers: { host, 'accept-encoding': 'br' } });
      const products = await a.app.inject({ url: '/api/products', headers: { host } });
      const [hiddenId, shownId] = products.json<{ id: number }[]>().map((p) => p.id);
      const path = `/product/${shownId}`;

      const onA = await page(a, path);
      expect(onA.statusCode).toBe(200);
      const before = { a: await pageCounts(a), b: await pageCounts(b) };
      expect(before.a.renders).toBe(1);
      // The write to Redis does not hold A's answer: give it a moment to land.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const onB = await page(b, path);
      expect(onB.statusCode).toBe(200);
      expect(onB.headers.etag).toBe(onA.headers.etag);
      expect(onB.headers['content-encoding']).toBe('br');
      expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
      expect(await pageCounts(b)).toEqual({ renders: 0, shared: 1 });

      // An owner's change on A: both instances' copies are old at once.
      const owner = await signInAs(a, 'SE');
      const versionOnB = b.changes.contentVersion('SE');
      const hide = await a.app.inject({
        method: 'POST',
        url: `/api/manage/products/${hiddenId}/visibility`,
        headers: owner.headers,
        payload: { hidden: true },
      });
      expect(hide.statusCode).toBe(200);
      expect(await within(2000, () => b.changes.contentVersion('SE') > versionOnB)).toBe(true);
      // B asks first: rendered again there, not the old page from Redis …
      expect((await page(b, path)).statusCode).toBe(200);
      expect((await pageCounts(b)).renders).toBe(1);
      // … and A takes B's new page from the shared store.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const againOnA = await page(a, path);
      expect(againOnA.statusCode).toBe(200);
      expect(await pageCounts(a)).toEqual({ renders: 1, shared: 1 });
    });
  },
);

describe('shared pages with Redis unreachable', () => {
  it('pages are rendered and served as before', async () => {
    // Nothing listens on port 9 here: every connection is refused.
    const t = await startTestApp('sqlite', {
      NODE_ENV: 'production',
      METRICS_TOKEN: metricsToken,
      REDIS_URL: 'redis://127.0.0.1:9/11',
      REDIS_KEY_PREFIX: testRedisPrefix(),
    });
    try {
      const host = t.registry.byCode('SE')!.hostNames[0]!;
      for (const path of ['/', '/product/2', '/', '/product/2']) {
        const res = await t.app.inject({ url: path, headers: { host } });
        expect(res.statusCode).toBe(200);
      }
      expect(await pageCounts(t)).toEqual({ renders: 2, shared: 0 });
    } finally {
      await t.close();
    }
  });
});
