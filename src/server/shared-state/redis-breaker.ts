import type { Redis } from 'ioredis';

/**
 * Redis trouble, remembered for a moment. Once a command fails or times out, the next
 * `pauseMs` go straight to this process's memory instead of each waiting for the command
 * time-out again: a frozen Redis costs one time-out every `pauseMs`, not one per request.
 */
export interface RedisBreaker {
  /** Whether to try Redis now. */
  available(): boolean;
  /** A command failed: leave Redis alone for a moment. */
  failed(): void;
}

export function createRedisBreaker(
  redis: Pick<Redis, 'status'>,
  pauseMs = 2000,
  now: () => number = Date.now,
): RedisBreaker {
  let pausedUntil = 0;
  return {
    available: () => redis.status === 'ready' && now() >= pausedUntil,
    failed: () => {
      pausedUntil = now() + pauseMs;
    },
  };
}
