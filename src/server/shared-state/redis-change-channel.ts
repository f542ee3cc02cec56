import type { Redis } from 'ioredis';
import type { ChangeChannel } from './change-channel.js';
import { closeRedis } from './redis.js';

/**
 * The change channel on Redis pub/sub: `publisher` is the shared command connection (it fails at
 * once while Redis is away), `subscriber` a connection of its own, as a subscribed connection
 * can run no other command. ioredis re-subscribes after a reconnect; every `ready` after the
 * first is reported as a reconnect, since messages sent meanwhile were lost.
 */
export function createRedisChangeChannel(
  publisher: Redis,
  subscriber: Redis,
  channelName: string,
  startTimeoutMs = 2000,
): ChangeChannel {
  return {
    kind: 'redis',
    async listen({ onMessage, onReconnected }) {
      let subscribed = false;
      subscriber.on('message', (channel: string, message: string) => {
        if (channel === channelName) onMessage(message);
      });
      subscriber.on('ready', () => {
        // ioredis re-subscribes on `ready`; asking again (harmless) resolves once it has, and
        // only then is dropping the caches sure to cover every message not heard.
        if (subscribed) subscriber.subscribe(channelName).then(onReconnected, () => undefined);
      });
      // Queued until the connection is up; start-up waits a little, not for ever.
      const subscribing = subscriber.subscribe(channelName).then(
        () => {
          subscribed = true;
        },
        () => undefined,
      );
      await Promise.race([
        subscribing,
        new Promise((resolve) => setTimeout(resolve, startTimeoutMs).unref()),
      ]);
      if (!subscribed) {
        // Connected later: from then on every message counts, and what came before is unknown.
        void subscribing.then(() => subscribed && onReconnected());
      }
    },
    async publish(message) {
      await publisher.publish(channelName, message);
    },
    close: () => closeRedis(subscriber),
  };
}
