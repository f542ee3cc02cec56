import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../kernel/counter-store.js';
import {
  createSignInThrottle,
  delayAfter,
  startsWaiting,
  type ThrottlePolicy,
} from './sign-in-throttle.js';

const policy: ThrottlePolicy = {
  freeFailures: 2,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  forgetAfterMs: 60_000,
  maxKeys: 3,
};

function throttleWithClock() {
  const clock = { now: 0 };
  const counters = createMemoryCounterStore({ maxKeys: policy.maxKeys, now: () => clock.now });
  return { clock, throttle: createSignInThrottle(policy, counters) };
}

describe('sign-in throttle', () => {
  it('lets the free failures through, then doubles the wait up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => delayAfter(n, policy))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000, 8_000,
    ]);
  });

  it('makes a key wait after its failures, and a success clears it', async () => {
    const { clock, throttle } = throttleWithClock();
    expect(await throttle.recordFailure('a')).toBe(1);
    expect(await throttle.recordFailure('a')).toBe(2);
    expect(await throttle.waitMs('a')).toBe(0);
    clock.now = 100;
    const failures = await throttle.recordFailure('a');
    expect(startsWaiting(failures, policy)).toBe(true);
    expect(await throttle.waitMs('a')).toBe(1_000);
    clock.now = 600;
    expect(await throttle.waitMs('a')).toBe(500);
    expect(await throttle.waitMs('b')).toBe(0);
    await throttle.recordSuccess('a');
    expect(await throttle.waitMs('a')).toBe(0);
  });

  it('says once, at the first failure that costs a wait, that the waiting starts', () => {
    expect([1, 2, 3, 4, 5].map((n) => startsWaiting(n, policy))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it('forgets old failures and keeps a bounded number of keys', async () => {
    const { clock, throttle } = throttleWithClock();
    for (let i = 0; i < 3; i++) await throttle.recordFailure('old');
    clock.now = 500;
    expect(await throttle.waitMs('old')).toBe(500);
    clock.now = 70_000;
    await throttle.recordFailure('old');
    expect(await throttle.waitMs('old')).toBe(0);
    for (let i = 0; i < 2; i++) await throttle.recordFailure('old');
    expect(await throttle.waitMs('old')).toBe(1_000);
    for (const key of ['k1', 'k2', 'k3']) await throttle.recordFailure(key);
    // Three newer keys pushed the oldest out.
    expect(await throttle.waitMs('old')).toBe(0);
  });
});
