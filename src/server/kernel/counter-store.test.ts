import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from './counter-store.js';

describe('memory counter store', () => {
  it('counts, moves the window on with each count, forgets after it, and resets', async () => {
    const clock = { now: 0 };
    const counters = createMemoryCounterStore({ now: () => clock.now });
    expect(await counters.read('a')).toEqual({ count: 0, ttlMs: 0 });
    expect(await counters.increment('a', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    clock.now = 600;
    expect(await counters.increment('a', 1000)).toEqual({ count: 2, ttlMs: 1000 });
    clock.now = 1500;
    expect(await counters.read('a')).toEqual({ count: 2, ttlMs: 100 });
    clock.now = 1600;
    expect(await counters.read('a')).toEqual({ count: 0, ttlMs: 0 });
    await counters.increment('b', 1000);
    await counters.reset('b');
    expect((await counters.read('b')).count).toBe(0);
  });

  it('with fixedWindow, keeps the window its first count started', async () => {
    const clock = { now: 0 };
    const counters = createMemoryCounterStore({ now: () => clock.now, fixedWindow: true });
    expect(await counters.increment('a', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    clock.now = 600;
    expect(await counters.increment('a', 1000)).toEqual({ count: 2, ttlMs: 400 });
    clock.now = 1000;
    expect(await counters.increment('a', 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it('keeps at most maxKeys keys, dropping the least recently counted', async () => {
    const counters = createMemoryCounterStore({ maxKeys: 2, now: () => 0 });
    await counters.increment('first', 1000);
    await counters.increment('second', 1000);
    await counters.increment('first', 1000);
    await counters.increment('third', 1000);
    expect((await counters.read('second')).count).toBe(0);
    expect((await counters.read('first')).count).toBe(2);
    expect((await counters.read('third')).count).toBe(1);
  });
});
