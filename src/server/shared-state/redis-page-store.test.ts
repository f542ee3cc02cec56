import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSharedPage, encodeSharedPage } from '../kernel/shared-page-store.js';
import { createRedisPageStore } from './redis-page-store.js';
import {
  isRedisReachable,
  testRedisPrefix,
  testRedisUrl,
} from '../../../tests/support/test-redis.js';

const page = (htmlBytes: number) => ({
  etag: 'W/"abc"',
  html: Buffer.alloc(htmlBytes, 'a'),
  br: Buffer.from([1, 2, 3]),
  gzip: Buffer.from([4, 5]),
  effort: 'fast' as const,
});

describe('a shared page in one Buffer', () => {
  it('comes back whole, and anything else is no page', () => {
    const original = page(1000);
    expect(decodeSharedPage(encodeSharedPage(original))).toEqual(original);
    const encoded = encodeSharedPage(original);
    expect(decodeSharedPage(encoded.subarray(0, encoded.length - 1))).toBeUndefined();
    expect(decodeSharedPage(Buffer.from('not a page'))).toBeUndefined();
  });

  it('keeps a page that has only compressed forms, and refuses one with no form at all', () => {
    const compressedOnly = { ...page(0), html: undefined };
    expect(decodeSharedPage(encodeSharedPage(compressedOnly))).toEqual(compressedOnly);
    const empty = { ...compressedOnly, br: undefined, gzip: undefined };
    expect(decodeSharedPage(encodeSharedPage(empty))).toBeUndefined();
  });
});

const redisUp = await isRedisReachable();
const log = { info: () => undefined, warn: () => undefined };

(redisUp ? describe : describe.skip)('the shared page store in Redis', () => {
  const redis = new Redis(testRedisUrl.replace(/\/\d+$/, '/11'), { maxRetriesPerRequest: 1 });
  beforeAll(async () => {
    await redis.ping();
  });
  afterAll(() => redis.disconnect());
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50 && !(await check()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('keeps pages up to its size cap and skips larger ones', async () => {
    const prefix = testRedisPrefix();
    const store = createRedisPageStore(redis, prefix, log, { ttlMs: 10_000, maxPageBytes: 2000 });
    const first = await store.get('SE', 'small');
    expect(first).toEqual({ generation: '0', page: undefined });
    store.put('SE', 'small', first!.generation, page(1000));
    store.put('SE', 'large', first!.generation, page(2000));
    await until(async () => (await store.get('SE', 'small'))?.page !== undefined);
    expect((await store.get('SE', 'small'))?.page?.html?.length).toBe(1000);
    expect((await store.get('SE', 'large'))?.page).toBeUndefined();
    expect(await redis.keys(`${prefix}*`)).toHaveLength(1);
    expect(await redis.pttl((await redis.keys(`${prefix}*`))[0]!)).toBeGreaterThan(9000);
  });

  it('a change moves the client on to a new generation: its old pages are not found', async () => {
    const store = createRedisPageStore(redis, testRedisPrefix(), log, { ttlMs: 10_000 });
    store.put('SE', 'home', '0', page(10));
    store.put('JS', 'home', '0', page(10));
    await until(async () => (await store.get('SE', 'home'))?.page !== undefined);
    store.clientChanged('SE');
    await until(async () => (await store.get('SE', 'home'))?.generation === '1');
    expect(await store.get('SE', 'home')).toEqual({ generation: '1', page: undefined });
    expect((await store.get('JS', 'home'))?.page).toBeDefined();
  });
});
