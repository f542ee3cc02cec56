import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.js';
import { failedRoundPauseMs } from './outbox-worker.js';

describe('retryDelayMs', () => {
  const policy = { baseDelayMs: 1000, maxDelayMs: 60_000 };

  it('doubles with each failure up to the ceiling', () => {
    const full = () => 1;
    expect([1, 2, 3, 4, 7, 8, 50].map((n) => retryDelayMs(n, policy, full))).toEqual([
      1000, 2000, 4000, 8000, 60_000, 60_000, 60_000,
    ]);
  });

  it('spreads retries between half and all of the delay', () => {
    expect(retryDelayMs(3, policy, () => 0)).toBe(2000);
    expect(retryDelayMs(3, policy, () => 0.5)).toBe(3000);
  });
});

describe('the outbox worker after failed rounds', () => {
  it('waits twice as long after each failed round in a row, at most a minute', () => {
    expect([1, 2, 3, 6, 7, 30].map((n) => failedRoundPauseMs(n, 1000))).toEqual([
      2000, 4000, 8000, 60_000, 60_000, 60_000,
    ]);
  });
});
