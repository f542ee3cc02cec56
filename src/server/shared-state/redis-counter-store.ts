import type { Redis } from 'ioredis';
import { noCount, type CounterState, type CounterStore } from '../kernel/counter-store.js';
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
 * answer, a count is skipped and a read says "nothing counted": the limit fails open, with a
 * warning, rather than refusing every owner's sign-in while Redis is away.
 */
export function createRedisCounterStore(
  redis: Redis,
  prefix: string,
  log: SharedStateLog,
): CounterStore {
  const commands = redis as CounterRedis;
  if (!('highstreetIncrement' in redis)) {
    redis.defineCommand('highstreetIncrement', { numberOfKeys: 1, lua: incrementScript });
    redis.defineCommand('highstreetRead', { numberOfKeys: 1, lua: readScript });
  }
  let lastWarning = 0;
  const failOpen = (error: unknown): CounterState => {
    if (Date.now() - lastWarning > 60_000) {
      lastWarning = Date.now();
      log.warn(`Redis counters unavailable, not counting: ${String(error)}`);
    }
    return noCount;
  };
  const asState = ([count, ttlMs]: [number, number]): CounterState => ({ count, ttlMs });
  return {
    increment: (key, windowMs) =>
      commands
        .highstreetIncrement(prefix + key, Math.max(1, Math.round(windowMs)))
        .then(asState, failOpen),
    read: (key) => commands.highstreetRead(prefix + key).then(asState, failOpen),
    reset: (key) =>
      redis.del(prefix + key).then(
        () => undefined,
        (error: unknown) => void failOpen(error),
      ),
  };
}
