import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { createMemoryCounterStore } from '../kernel/counter-store.js';
import { createRedisBreaker, type RedisBreaker } from './redis-breaker.js';

// A fixed window, as the plugin's own stores count: the first request starts it.
const incrementScript = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type LimitRedis = Redis & {
  highstreetRateLimit(key: string, windowMs: number): Promise<[number, number]>;
};

/** What the plugin passes to `child`: the limit's settings and, for a route's limit, the route. */
interface ChildOptions {
  timeWindow?: unknown;
  max?: unknown;
  routeInfo?: { method?: unknown; url?: unknown };
}

/**
 * Which counters a limit uses. A route's limit is named by its method and URL, as the plugin's
 * RedisStore does. A limit made with `createRateLimit` has no route, and the plugin's RedisStore
 * would give every such limit the same key space ("undefinedundefined-"), so two of them keyed by
 * address (the relay's per minute, another per hour) would count together in Redis while in memory
 * they do not. Here such a limit is named by its window and maximum, the same on every instance.
 */
export function limitScope(options: ChildOptions): string {
  const { method, url } = options.routeInfo ?? {};
  if (typeof method === 'string' && typeof url === 'string') return `${method}${url}`;
  const max = typeof options.max === 'number' ? options.max : 'fn';
  const window = typeof options.timeWindow === 'number' ? options.timeWindow : 'fn';
  return `limit-${window}ms-${max}`;
}

/**
 * @fastify/rate-limit's counters in Redis, shared by every instance: one Lua call per request
 * (INCR, PEXPIRE on the first, PTTL). Keys are `<nameSpace><scope>-<key>`. When Redis does not
 * answer, the same fixed windows are counted in this process's memory meanwhile, so the limits
 * still hold per instance; after a failure Redis is left alone for a moment (`breaker`).
 */
export function redisRateLimitStore(
  redis: Redis,
  nameSpace: string,
  breaker: RedisBreaker = createRedisBreaker(redis),
): FastifyRateLimitStoreCtor {
  const commands = redis as LimitRedis;
  if (!('highstreetRateLimit' in redis)) {
    redis.defineCommand('highstreetRateLimit', { numberOfKeys: 1, lua: incrementScript });
  }
  const fallback = createMemoryCounterStore({ fixedWindow: true });
  class RedisRateLimitStore implements FastifyRateLimitStore {
    private prefix = nameSpace;

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const windowMs = Math.max(1, Math.round(timeWindow));
      const inMemory = () =>
        fallback
          .increment(this.prefix + key, windowMs)
          .then(({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }));
      if (!breaker.available()) {
        void inMemory();
        return;
      }
      commands.highstreetRateLimit(this.prefix + key, windowMs).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        () => {
          breaker.failed();
          void inMemory();
        },
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      const child = new RedisRateLimitStore();
      child.prefix = `${nameSpace}${limitScope(options as ChildOptions)}-`;
      return child;
    }
  }
  return RedisRateLimitStore;
}
