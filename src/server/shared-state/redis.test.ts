import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { isRedisReachable, testRedisUrl } from '../../../tests/support/test-redis.js';
import { startTcpProxy, type TcpProxy } from '../../../tests/support/tcp-proxy.js';
import { closeRedis, openRedis, redisCommandTimeoutMs, whenReady } from './redis.js';

const redisUp = await isRedisReachable();
const log = { info: () => undefined, warn: () => undefined };

/** Holds this process's only thread, as a long render or a machine short of CPU does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

(redisUp ? describe : describe.skip)("the commands connection's time-out", () => {
  let redis: Redis | undefined;
  let proxy: TcpProxy | undefined;
  afterEach(async () => {
    proxy?.thaw();
    if (redis) await closeRedis(redis);
    await proxy?.close();
    redis = undefined;
    proxy = undefined;
  });

  it('takes a reply that arrived while this process was busy past the time-out', async () => {
    redis = openRedis(testRedisUrl, 'commands', log);
    expect(await whenReady(redis, 2000)).toBe(true);
    const answers: string[] = [];
    for (let n = 0; n < 5; n++) {
      const answer = redis.ping().catch((error: Error) => error.message);
      busyFor(redisCommandTimeoutMs + 50);
      answers.push(await answer);
    }
    // With ioredis' own commandTimeout, most of these were "Command timed out".
    expect(answers).toEqual(Array<string>(5).fill('PONG'));
  });

  it('still gives up on a Redis that does not answer', async () => {
    const target = new URL(testRedisUrl);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    redis = openRedis(`redis://127.0.0.1:${proxy.port}${target.pathname}`, 'commands', log);
    expect(await whenReady(redis, 2000)).toBe(true);
    proxy.freeze();
    const at = Date.now();
    await expect(redis.ping()).rejects.toThrow('Command timed out');
    const waited = Date.now() - at;
    expect(waited).toBeGreaterThanOrEqual(redisCommandTimeoutMs - 5);
    expect(waited).toBeLessThan(redisCommandTimeoutMs + 1000);
  });
});
