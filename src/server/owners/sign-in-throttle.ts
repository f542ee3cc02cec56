/**
 * Sign-in throttling with growing delays, per account and per address: after a few free
 * failures each further failure doubles the wait before the next attempt is looked at. Kept in
 * this process's memory: with several instances (issue 20) each counts on its own, so the
 * effective limit is multiplied by the number of instances until it moves to Redis or the
 * database (docs/decisions/owner-sessions.md).
 */
export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long is forgotten. */
  forgetAfterMs: number;
  /** At most this many keys are kept; the oldest go first. */
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

interface Entry {
  failures: number;
  lastFailureAt: number;
  /** No attempt is looked at before this time. */
  blockedUntil: number;
}

export interface SignInThrottle {
  /** Milliseconds to wait before the key may try again; 0 when it may try now. */
  waitMs(key: string, now: number): number;
  recordFailure(key: string, now: number): void;
  /** A success clears the key's failures. */
  recordSuccess(key: string): void;
}

export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.freeFailures;
  if (over <= 0) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(over - 1, 30));
}

export function createSignInThrottle(policy: ThrottlePolicy): SignInThrottle {
  // A Map keeps insertion order: re-inserting on each failure keeps the oldest first.
  const entries = new Map<string, Entry>();
  const current = (key: string, now: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && now - entry.lastFailureAt > policy.forgetAfterMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    waitMs(key, now) {
      const entry = current(key, now);
      return entry ? Math.max(0, entry.blockedUntil - now) : 0;
    },
    recordFailure(key, now) {
      const failures = (current(key, now)?.failures ?? 0) + 1;
      entries.delete(key);
      entries.set(key, {
        failures,
        lastFailureAt: now,
        blockedUntil: now + delayAfter(failures, policy),
      });
      while (entries.size > policy.maxKeys) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    recordSuccess(key) {
      entries.delete(key);
    },
  };
}
