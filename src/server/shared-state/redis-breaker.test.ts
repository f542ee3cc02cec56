import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRedisBreaker } from './redis-breaker.js';
import { createRedisCounterStore } from './redis-counter-store.js';

describe('the Redis breaker', () => {
  it('leaves Redis alone for a moment after a failure, and only while it is connected', () => {
    const clock = { now: 0 };
    const redis = { status: 'ready' as Redis['status'] };
    const breaker = createRedisBreaker(redis, 2000, () => clock.now);
    expect(breaker.available()).toBe(true);
    breaker.failed();
    clock.now = 1999;
    expect(breaker.available()).toBe(false);
    clock.now = 2000;
    expect(breaker.available()).toBe(true);
    redis.status = 'reconnecting';
    expect(breaker.available()).toBe(false);
  });
});

describe('the Redis counters with Redis away', () => {
  it('count in this process meanwhile, so the sign-in throttle still holds', async () => {
    // Nothing listens on port 9: every connection is refused.
    const redis = new Redis('redis://127.0.0.1:9/15', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const warnings: string[] = [];
    const counters = createRedisCounterStore(redis, 'test:', {
      info: () => undefined,
      warn: (message) => warnings.push(message),
    });
    expect((await counters.increment('account', 60_000)).count).toBe(1);
    expect((await counters.increment('account', 60_000)).count).toBe(2);
    expect((await counters.read('account')).count).toBe(2);
    await counters.reset('account');
    expect((await counters.read('account')).count).toBe(0);
    redis.disconnect();
  });
});
