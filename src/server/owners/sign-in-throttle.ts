import { createHash } from 'node:crypto';
import { createMemoryCounterStore, type CounterStore } from '../kernel/counter-store.js';

/**
 * Sign-in throttling with growing delays: after a few free failures each further failure doubles
 * the wait before the next attempt is looked at. Three keys count (owner-service.ts): the visitor
 * address with the account (what one attacker meets), the address alone (one attacker trying
 * many accounts), and the account alone for devices that never signed in to it (many addresses
 * guessing one password); a known device meets only the first, so nobody else can lock the owner
 * out (docs/decisions/0049-sign-in-throttle.md). The
 * failures are counters in a CounterStore: this process's memory for one instance, Redis with
 * REDIS_URL, so that several instances count together instead of each allowing its own share
 * (docs/decisions/0042-shared-state-across-instances.md).
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

/** One address on one account: a person who mistypes a few times, then waits. */
export const addressAccountThrottlePolicy: ThrottlePolicy = {
  freeFailures: 4,
  baseDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  maxKeys: 50_000,
};

/** An address may try a few accounts (a shared office, a typo in the e-mail) before it waits. */
export const addressThrottlePolicy: ThrottlePolicy = {
  ...addressAccountThrottlePolicy,
  freeFailures: 10,
};

/**
 * One account from every device it does not know: more failures are free than for one address,
 * since this wait falls on the owner's new devices too; it slows guessing spread over many
 * addresses. The owner is e-mailed when it starts.
 */
export const accountThrottlePolicy: ThrottlePolicy = {
  ...addressAccountThrottlePolicy,
  freeFailures: 10,
};

export interface SignInThrottle {
  readonly policy: ThrottlePolicy;
  /** Milliseconds to wait before the key may try again; 0 when it may try now. */
  waitMs(key: string): Promise<number>;
  /** Counts a failure; gives the key's failures so far. */
  recordFailure(key: string): Promise<number>;
  /** A success clears the key's failures. */
  recordSuccess(key: string): Promise<void>;
}

export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeFailures;
  if (over <= 0) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(over - 1, 30));
}

/** Whether this failure is the one that starts the waiting (the moment to tell the owner). */
export function startsWaiting(failures: number, policy: ThrottlePolicy): boolean {
  return failures === policy.freeFailures + 1;
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
    policy,
    async waitMs(key) {
      const { count, ttlMs } = await counters.read(keyOf(key));
      if (count === 0) return 0;
      const sinceLastFailure = policy.forgetAfterMs - ttlMs;
      return Math.max(0, delayAfter(count, policy) - sinceLastFailure);
    },
    async recordFailure(key) {
      return (await counters.increment(keyOf(key), policy.forgetAfterMs)).count;
    },
    async recordSuccess(key) {
      await counters.reset(keyOf(key));
    },
  };
}
