import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  decodeSharedPage,
  encodeSharedPage,
  sharedPageMaxBytes,
  type SharedPageStore,
} from '../kernel/shared-page-store.js';
import { createRedisBreaker, type RedisBreaker } from './redis-breaker.js';
import type { SharedStateLog } from './redis.js';

// One round trip: the client's generation and the page kept under it (false: none).
const lookupScript = `
local generation = redis.call('GET', KEYS[1]) or '0'
return {generation, redis.call('GET', ARGV[1] .. generation .. ':' .. ARGV[2]) or false}
`;

type PageRedis = Redis & {
  highstreetPageLookupBuffer(
    generationKey: string,
    prefix: string,
    key: string,
  ): Promise<[Buffer, Buffer | null]>;
};

export interface RedisPageStoreOptions {
  /** How long Redis keeps a page (the page cache's own age limit). */
  ttlMs: number;
  maxPageBytes?: number;
  breaker?: RedisBreaker;
}

/**
 * The shared page store in Redis (shared-page-store.ts). A client's generation is a counter,
 * `INCR`ed by the instance that made a change before it publishes the change on the same
 * connection, so an instance that hears the change and looks again finds the new generation.
 * An `INCR` that fails (Redis away) is owed: the client's pages are not read from Redis here
 * until it has been made, on the connection's next `ready`. Redis away never fails a page: the
 * lookup answers undefined (render) and a write is dropped, logged once a minute.
 */
export function createRedisPageStore(
  redis: Redis,
  prefix: string,
  log: SharedStateLog,
  options: RedisPageStoreOptions,
): SharedPageStore {
  const commands = redis as PageRedis;
  if (!('highstreetPageLookup' in redis)) {
    redis.defineCommand('highstreetPageLookup', { numberOfKeys: 1, lua: lookupScript });
  }
  const breaker = options.breaker ?? createRedisBreaker(redis);
  const maxPageBytes = options.maxPageBytes ?? sharedPageMaxBytes;
  const generationKey = (clientCode: string) => `${prefix}gen:${clientCode}`;
  const pagePrefix = (clientCode: string) => `${prefix}page:${clientCode}:`;
  /** Keys can be long (origin and path): a digest keeps them short. */
  const digest = (key: string) => createHash('sha1').update(key).digest('base64url');
  const owedBumps = new Set<string>();
  let lastWarning = 0;
  const failed = (what: string, error: unknown) => {
    breaker.failed();
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log.warn(`Shared pages: ${what} failed (${String(error)}); pages are rendered here meanwhile`);
  };
  const bump = (clientCode: string) => {
    redis.incr(generationKey(clientCode)).then(
      () => owedBumps.delete(clientCode),
      (error: unknown) => {
        owedBumps.add(clientCode);
        failed('moving a generation on', error);
      },
    );
  };
  redis.on('ready', () => {
    for (const clientCode of owedBumps) bump(clientCode);
  });

  return {
    async get(clientCode, key) {
      if (owedBumps.has(clientCode) || !breaker.available()) return undefined;
      try {
        const [generation, value] = await commands.highstreetPageLookupBuffer(
          generationKey(clientCode),
          pagePrefix(clientCode),
          digest(key),
        );
        return {
          generation: generation.toString(),
          page: value ? decodeSharedPage(value) : undefined,
        };
      } catch (error) {
        failed('a lookup', error);
        return undefined;
      }
    },
    put(clientCode, key, generation, page) {
      const bytes = (page.html?.length ?? 0) + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);
      if (bytes > maxPageBytes) return;
      if (!breaker.available()) return;
      redis
        .set(
          `${pagePrefix(clientCode)}${generation}:${digest(key)}`,
          encodeSharedPage(page),
          'PX',
          options.ttlMs,
        )
        .catch((error: unknown) => failed('keeping a page', error));
    },
    clientChanged: bump,
  };
}
