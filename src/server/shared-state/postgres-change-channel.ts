import type { Kysely } from 'kysely';
import { notifyChannel } from '../db/raw-statements.js';
import pg from 'pg';
import type { Database } from '../db/schema.js';
import type { ChangeChannel } from './change-channel.js';
import type { SharedStateLog } from './redis.js';

/**
 * The change channel on PostgreSQL's LISTEN/NOTIFY, for several instances on one PostgreSQL
 * without Redis. Sending is `pg_notify` on the app's pool; listening holds one connection of its
 * own, re-opened after it is lost (with a growing pause, up to 2 s), and each re-open is reported
 * as a reconnect, since notifications sent meanwhile were lost.
 */
export function createPostgresChangeChannel(options: {
  url: string;
  db: Kysely<Database>;
  channelName: string;
  log: SharedStateLog;
  connectTimeoutMs: number;
  startTimeoutMs?: number;
}): ChangeChannel {
  const { url, db, channelName, log } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  return {
    kind: 'postgres',
    async listen({ onMessage, onReconnected }) {
      let attempt = 0;
      let listenedOnce = false;
      let troubled = false;
      const connect = async (): Promise<boolean> => {
        const next = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: options.connectTimeoutMs,
          keepAlive: true,
        });
        const lost = (error?: Error) => {
          if (client !== next || closed) return;
          client = undefined;
          next.removeAllListeners('notification');
          void next.end().catch(() => undefined);
          if (!troubled) {
            troubled = true;
            log.warn(
              `PostgreSQL change channel lost${error ? ` (${error.message})` : ''}; reconnecting`,
            );
          }
          scheduleRetry();
        };
        next.on('error', lost);
        next.on('end', () => lost());
        next.on('notification', (notice) => {
          if (notice.channel === channelName && notice.payload !== undefined) {
            onMessage(notice.payload);
          }
        });
        try {
          client = next;
          await next.connect();
          await next.query(`LISTEN "${channelName}"`);
        } catch (error) {
          if (client === next) client = undefined;
          next.removeAllListeners();
          next.on('error', () => undefined);
          void next.end().catch(() => undefined);
          if (!troubled) {
            troubled = true;
            log.warn(`PostgreSQL change channel cannot listen (${String(error)}); retrying`);
          }
          return false;
        }
        attempt = 0;
        if (troubled) log.info('PostgreSQL change channel listening again');
        troubled = false;
        if (listenedOnce) onReconnected();
        listenedOnce = true;
        return true;
      };
      const scheduleRetry = () => {
        if (closed || retryTimer) return;
        attempt += 1;
        retryTimer = setTimeout(
          () => {
            retryTimer = undefined;
            if (closed) return;
            void connect().then((ok) => {
              if (!ok) scheduleRetry();
            });
          },
          Math.min(attempt * 100, 2000),
        );
        retryTimer.unref();
      };
      const first = connect().then((ok) => {
        if (!ok) {
          // Heard from later on: what was sent before is unknown, so it counts as a reconnect.
          listenedOnce = true;
          scheduleRetry();
        }
      });
      await Promise.race([
        first,
        new Promise((resolve) => setTimeout(resolve, options.startTimeoutMs ?? 3000).unref()),
      ]);
    },
    async publish(message) {
      await notifyChannel(db, channelName, message);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      if (current) await current.end().catch(() => undefined);
    },
  };
}

/** A channel name per schema: instances of one deployment hear each other, tests do not. */
export function postgresChannelName(schema: string | undefined): string {
  return schema ? `highstreet_changes_${schema}`.slice(0, 63) : 'highstreet_changes';
}
