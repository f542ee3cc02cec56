import { createHash } from 'node:crypto';
import { createMemoryCounterStore, type CounterStore } from '../kernel/counter-store.js';

/**
 * Sign-in throttling with growing delays, per account and per address: after a few free
 * failures each further failure doubles the wait before the next attempt is looked at. The
 * failures are counters in a CounterStore: this process's memory for one instance, Redis with
 * REDIS_URL, so that several instances count together instead of each allowing its own share
 * (docs/decisions/shared-state-across-instances.md).
 */
export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long is forgotten. */
  forgetAfterMs: number;
  /** In memory, at most this many keys are kept; the oldest go first. */
  maxKeys: number;
}

export const accountThrottlePolicy: ThrottlePolicy = {
  freeFailures: 4,
  baseDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  maxKeys: 50_000,
};

/** An address may try a few accounts (a shared office, a typo in the e-mail) before it waits. */
export const addressThrottlePolicy: ThrottlePolicy = { ...accountThrottlePolicy, freeFailures: 10 };

export interface SignInThrottle {
  /** Milliseconds to wait before the key may try again; 0 when it may try now. */
  waitMs(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  /** A success clears the key's failures. */
  recordSuccess(key: string): Promise<void>;
}

export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeFailures;
  if (over <= 0) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(over - 1, 30));
}

/**
 * Each failure counts and moves the key's window on to `forgetAfterMs`, so the time since the
 * last failure is `forgetAfterMs - ttl`: one counter holds all the throttle needs, and the same
 * two operations work in memory and in Redis.
 */
export function createSignInThrottle(
  policy: ThrottlePolicy,
  counters: CounterStore = createMemoryCounterStore({ maxKeys: policy.maxKeys }),
  /** Keeps the account and address counters apart in a shared store. */
  name = 'sign-in',
): SignInThrottle {
  // Hashed: a shared store (Redis) then holds no e-mail or IP address in its key names.
  const keyOf = (key: string) =>
    `${name}:${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;
  return {
    async waitMs(key) {
      const { count, ttlMs } = await counters.read(keyOf(key));
      if (count === 0) return 0;
      const sinceLastFailure = policy.forgetAfterMs - ttlMs;
      return Math.max(0, delayAfter(count, policy) - sinceLastFailure);
    },
    async recordFailure(key) {
      await counters.increment(keyOf(key), policy.forgetAfterMs);
    },
    async recordSuccess(key) {
      await counters.reset(keyOf(key));
    },
  };
}
