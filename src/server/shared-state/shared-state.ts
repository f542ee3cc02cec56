import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { DatabaseTarget } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { createMemoryCounterStore, type CounterStore } from '../kernel/counter-store.js';
import type { DataChanges } from '../kernel/data-changes.js';
import type { ReadinessCheck } from '../kernel/readiness-check.js';
import { shareDataChanges, type SharedChanges } from './change-channel.js';
import { createPostgresChangeChannel, postgresChannelName } from './postgres-change-channel.js';
import { createRedisChangeChannel } from './redis-change-channel.js';
import { createRedisCounterStore } from './redis-counter-store.js';
import { redisRateLimitStore } from './redis-rate-limit-store.js';
import { createRedisBreaker } from './redis-breaker.js';
import { createRedisPageStore } from './redis-page-store.js';
import type { SharedPageStore } from '../kernel/shared-page-store.js';
import { closeRedis, openRedis, whenReady, type SharedStateLog } from './redis.js';

/**
 * What several instances share, chosen in this one place
 * (docs/decisions/0042-shared-state-across-instances.md):
 *
 * | configured          | rate limits and counters | changes between instances |
 * | ------------------- | ------------------------ | ------------------------- |
 * | REDIS_URL           | Redis                    | Redis pub/sub             |
 * | PostgreSQL, no Redis| this process             | LISTEN/NOTIFY             |
 * | SQLite, no Redis    | this process             | none (one instance)       |
 */
export interface SharedState {
  /** How changes travel: `redis`, `postgres` or `local`. */
  channel: 'redis' | 'postgres' | 'local';
  /** The change signal the app uses: fed between instances when there is a channel. */
  changes: DataChanges;
  /** Counters for hand-made limits (the sign-in throttle). */
  counters: CounterStore;
  /** For @fastify/rate-limit: its store in Redis; unset keeps the plugin's own, in memory. */
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
  /** Rendered pages every instance serves (Redis only; docs/decisions/0024-page-cache.md). */
  pages: SharedPageStore | undefined;
  /** Readiness checks for what the instance shares (Redis when configured: not required). */
  readiness: ReadinessCheck[];
  close(): Promise<void>;
}

export interface SharedStateInput {
  config: ServerConfig;
  db: Kysely<Database>;
  /** The database the app runs on: a PostgreSQL one carries changes when there is no Redis. */
  database: DatabaseTarget | undefined;
  /** Every client's code, for "everything changed" after a lost channel comes back. */
  allClientCodes: () => Iterable<string>;
  /** This instance's own change signal (caches listen to it). */
  local: DataChanges;
  log: SharedStateLog;
  /** How long start-up waits for Redis or the channel before going on without them. */
  startTimeoutMs?: number;
  /** How long a shared rendered page is kept (the page cache's age limit). */
  sharedPageTtlMs?: number;
}

export async function connectSharedState(input: SharedStateInput): Promise<SharedState> {
  const { config, log, local } = input;
  const startTimeoutMs = input.startTimeoutMs ?? 2000;
  const memoryCounters = () => createMemoryCounterStore();

  if (config.redis) {
    const { url, keyPrefix } = config.redis;
    const commands = openRedis(url, 'commands', log, keyPrefix);
    const subscriber = openRedis(url, 'subscriber', log, keyPrefix);
    const changes = shareDataChanges({
      local,
      channel: createRedisChangeChannel(
        commands,
        subscriber,
        `${keyPrefix}changes`,
        startTimeoutMs,
      ),
      allClientCodes: input.allClientCodes,
      warn: log.warn,
    });
    // Start-up waits a little for Redis, not for ever: limits fail open until it answers.
    await Promise.all([whenReady(commands, startTimeoutMs), changes.start()]);
    // One breaker for both: a failure seen by either leaves Redis alone for a moment.
    const breaker = createRedisBreaker(commands);
    const pages = createRedisPageStore(commands, `${keyPrefix}pages:`, log, {
      ttlMs: input.sharedPageTtlMs ?? 5 * 60_000,
      breaker,
    });
    return {
      channel: 'redis',
      changes: {
        ...changes,
        // The shared pages' generation moves on first: INCR goes down the connection before the
        // change's PUBLISH, so an instance that hears the change finds the new generation.
        clientChanged(clientCode, scope = 'everything') {
          if (scope !== 'bookings') pages.clientChanged(clientCode);
          changes.clientChanged(clientCode, scope);
        },
      },
      pages,
      counters: createRedisCounterStore(commands, `${keyPrefix}counters:`, log, breaker),
      rateLimitStore: redisRateLimitStore(commands, `${keyPrefix}rate-limit:`, breaker),
      // Redis away degrades the instance (limits per instance, changes not shared) but it still
      // serves: every instance leaving the rotation at once would take the sites down.
      readiness: [{ name: 'redis', required: false, probe: () => pingRedis(commands) }],
      close: async () => {
        await changes.close();
        await closeRedis(commands);
      },
    };
  }

  const database = input.database;
  if (database?.kind === 'postgres') {
    const changes: SharedChanges = shareDataChanges({
      local,
      channel: createPostgresChangeChannel({
        url: database.url,
        db: input.db,
        channelName: postgresChannelName(database.schema),
        log,
        connectTimeoutMs: config.databaseTimeouts.connectMs,
        startTimeoutMs,
      }),
      allClientCodes: input.allClientCodes,
      warn: log.warn,
    });
    await changes.start();
    return {
      channel: 'postgres',
      changes,
      counters: memoryCounters(),
      rateLimitStore: undefined,
      pages: undefined,
      readiness: [],
      close: () => changes.close(),
    };
  }

  return {
    channel: 'local',
    changes: local,
    counters: memoryCounters(),
    rateLimitStore: undefined,
    pages: undefined,
    readiness: [],
    close: () => Promise.resolve(),
  };
}

/** PING, with a reason a person can act on when the connection is down. */
async function pingRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') throw new Error(`not connected (${redis.status})`);
  await redis.ping();
}
