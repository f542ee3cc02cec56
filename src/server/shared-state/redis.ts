import { type Command, Redis } from 'ioredis';

export interface SharedStateLog {
  info: (message: string) => void;
  warn: (message: string) => void;
}

/** How long a Redis command may take before the caller goes on without it (fails open). */
export const redisCommandTimeoutMs = 250;

/**
 * A connection whose commands give up after `redisCommandTimeoutMs`. ioredis' own
 * `commandTimeout` is a bare timer: when this process was busy past it (a long render, a machine
 * short of CPU), the timer runs before the reply already waiting on the socket is read, and a
 * command Redis answered at once is reported as timed out (a rate limit then counted in this
 * process only). Here the time-out looks again after pending input is read (`setImmediate` runs
 * after the event loop's poll phase), and fails the command only if it is still unanswered.
 */
class RedisWithPatientTimeout extends Redis {
  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    const sent = super.sendCommand(command, stream);
    if (!command.isResolved) {
      setTimeout(() => {
        setImmediate(() => {
          if (!command.isResolved) command.reject(new Error('Command timed out'));
        });
      }, redisCommandTimeoutMs);
    }
    return sent;
  }
}

/**
 * A Redis connection for shared state. Redis being down must not take the site down: a command
 * never waits in a queue for a connection that is not there (`enableOfflineQueue: false`) and
 * gives up after `redisCommandTimeoutMs`, so the caller fails open at once (a limit not counted,
 * a change not sent) instead of holding the visitor's request. ioredis keeps reconnecting in
 * the background. Trouble is logged when it starts and when it ends, not once per retry.
 *
 * `subscriber` is the connection that listens to the change channel: it keeps its subscription
 * queued until it connects and re-subscribes after a reconnect (ioredis' autoResubscribe).
 */
export function openRedis(
  url: string,
  role: 'commands' | 'subscriber',
  log: SharedStateLog,
  /** Names the connection in Redis' CLIENT LIST (the key prefix tells deployments apart). */
  keyPrefix = '',
): Redis {
  const Connection = role === 'commands' ? RedisWithPatientTimeout : Redis;
  const redis = new Connection(url, {
    connectTimeout: 1000,
    enableOfflineQueue: role === 'subscriber',
    maxRetriesPerRequest: role === 'subscriber' ? null : 1,
    // Retry soon after a blip, then every 2 s while Redis stays away.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    connectionName: `highstreet-${role}-${keyPrefix}`.replace(/[^A-Za-z0-9_.:-]/g, '_'),
  });
  let troubled = false;
  redis.on('error', (error: Error) => {
    if (troubled) return;
    troubled = true;
    log.warn(
      role === 'commands'
        ? `Redis cannot be reached (${error.message}): rate limits are not enforced and changes are not sent to other instances until it is back; the site keeps serving`
        : `Redis cannot be reached (${error.message}): changes from other instances are not heard until it is back (then every cache here is dropped)`,
    );
  });
  redis.on('ready', () => {
    if (!troubled) return;
    troubled = false;
    log.info(`Redis (${role}) is reachable again`);
  });
  return redis;
}

/** Resolves when the connection is ready, or after `timeoutMs` (start-up does not wait longer). */
export function whenReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}

/** Closes a connection without waiting for a Redis that does not answer. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await Promise.race([
    redis.quit().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 500)),
  ]);
  redis.disconnect();
}
