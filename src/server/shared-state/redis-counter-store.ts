import type { Redis } from 'ioredis';
import {
  createMemoryCounterStore,
  type CounterState,
  type CounterStore,
} from '../kernel/counter-store.js';
import { createRedisBreaker, type RedisBreaker } from './redis-breaker.js';
import type { SharedStateLog } from './redis.js';

// One round trip, atomic across instances: count, move the window on, report what is left.
const incrementScript = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return {count, tonumber(ARGV[1])}
`;
const readScript = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(count), ttl}
`;

type CounterRedis = Redis & {
  highstreetIncrement(key: string, windowMs: number): Promise<[number, number]>;
  highstreetRead(key: string): Promise<[number, number]>;
};

/**
 * The counters in Redis, shared by every instance (keys start with `prefix`). When Redis does not
 * answer, this process counts in its own memory meanwhile (`fallback`), with a warning: the limits
 * (the sign-in throttle among them) still hold per instance while Redis is away, and a frozen Redis
 * is left alone for a moment after each failure (`breaker`) instead of delaying every request.
 */
export function createRedisCounterStore(
  redis: Redis,
  prefix: string,
  log: SharedStateLog,
  breaker: RedisBreaker = createRedisBreaker(redis),
  fallback: CounterStore = createMemoryCounterStore(),
): CounterStore {
  const commands = redis as CounterRedis;
  if (!('highstreetIncrement' in redis)) {
    redis.defineCommand('highstreetIncrement', { numberOfKeys: 1, lua: incrementScript });
    redis.defineCommand('highstreetRead', { numberOfKeys: 1, lua: readScript });
  }
  let lastWarning = 0;
  const viaRedis = <T>(ask: () => Promise<T>, instead: () => Promise<T>): Promise<T> => {
    if (!breaker.available()) return instead();
    return ask().catch((error: unknown) => {
      breaker.failed();
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        log.warn(
          `Redis counters unavailable, counting in this process meanwhile: ${String(error)}`,
        );
      }
      return instead();
    });
  };
  const asState = ([count, ttlMs]: [number, number]): CounterState => ({ count, ttlMs });
  return {
    increment: (key, windowMs) =>
      viaRedis(
        () =>
          commands
            .highstreetIncrement(prefix + key, Math.max(1, Math.round(windowMs)))
            .then(asState),
        () => fallback.increment(key, windowMs),
      ),
    read: (key) =>
      viaRedis(
        () => commands.highstreetRead(prefix + key).then(asState),
        () => fallback.read(key),
      ),
    reset: (key) =>
      viaRedis(
        () => redis.del(prefix + key).then(() => undefined),
        () => fallback.reset(key),
      ),
  };
}
