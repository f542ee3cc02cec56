import { describe, expect, it } from 'vitest';
import { createSignInThrottle, delayAfter, type ThrottlePolicy } from './sign-in-throttle.js';

const policy: ThrottlePolicy = {
  freeFailures: 2,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  forgetAfterMs: 60_000,
  maxKeys: 3,
};

describe('sign-in throttle', () => {
  it('lets the free failures through, then doubles the wait up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => delayAfter(n, policy))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000, 8_000,
    ]);
  });

  it('makes a key wait after its failures, and a success clears it', () => {
    const throttle = createSignInThrottle(policy);
    throttle.recordFailure('a', 0);
    throttle.recordFailure('a', 0);
    expect(throttle.waitMs('a', 0)).toBe(0);
    throttle.recordFailure('a', 100);
    expect(throttle.waitMs('a', 100)).toBe(1_000);
    expect(throttle.waitMs('a', 600)).toBe(500);
    expect(throttle.waitMs('b', 600)).toBe(0);
    throttle.recordSuccess('a');
    expect(throttle.waitMs('a', 600)).toBe(0);
  });

  it('forgets old failures and keeps a bounded number of keys', () => {
    const throttle = createSignInThrottle(policy);
    for (let i = 0; i < 3; i++) throttle.recordFailure('old', 0);
    expect(throttle.waitMs('old', 500)).toBe(500);
    throttle.recordFailure('old', 70_000);
    expect(throttle.waitMs('old', 70_000)).toBe(0);
    for (let i = 0; i < 2; i++) throttle.recordFailure('old', 70_000);
    expect(throttle.waitMs('old', 70_000)).toBe(1_000);
    for (const key of ['k1', 'k2', 'k3']) throttle.recordFailure(key, 70_000);
    // Three newer keys pushed the oldest out.
    expect(throttle.waitMs('old', 70_000)).toBe(0);
  });
});
