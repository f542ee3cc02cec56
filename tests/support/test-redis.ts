import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the machine provides (database 15 is kept for these tests); TEST_REDIS_URL overrides. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

/** A key prefix of its own per test, so tests (and pub/sub, which ignores the database) never meet. */
export const testRedisPrefix = () => `test-${randomBytes(5).toString('hex')}:`;

/** A connection for the test's own look (or to cut the app's connections). */
export function adminRedis(): Redis {
  return new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
}

let reachable: Promise<boolean> | undefined;

/**
 * True when Redis answers. Outside CI an unreachable Redis skips its tests with a loud warning;
 * with CI=true they must run, so this throws instead.
 */
export function isRedisReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const redis = new Redis(testRedisUrl, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      await redis.ping();
      return true;
    } catch (error) {
      if (process.env.CI === 'true') {
        throw new Error(`Redis at ${testRedisUrl} is required in CI: ${String(error)}`, {
          cause: error,
        });
      }
      console.warn(
        `\n*** Redis at ${testRedisUrl} is not reachable: SKIPPING the Redis tests. ***\n`,
      );
      return false;
    } finally {
      redis.disconnect();
    }
  })();
  return reachable;
}
