import { describe, expect, it } from 'vitest';
import { createDataChanges } from '../kernel/data-changes.js';
import { createFreeDaysCache } from './free-days-cache.js';

describe('the month-view cache', () => {
  const setUp = (options: { ttlMs?: number; maxEntries?: number } = {}) => {
    let clock = 0;
    const changes = createDataChanges();
    const cache = createFreeDaysCache(changes, { ...options, now: () => clock });
    let computed = 0;
    const compute = (text: string) => async () => {
      computed++;
      return text;
    };
    return {
      cache,
      changes,
      compute,
      computed: () => computed,
      advance: (ms: number) => (clock += ms),
    };
  };

  it('computes once for concurrent and repeated asks, until the lifetime ends', async () => {
    const { cache, compute, computed, advance } = setUp({ ttlMs: 5_000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => cache.answer('RRB', '2026-12 60', compute('a'))),
    );
    expect(new Set(answers)).toEqual(new Set(['a']));
    expect(computed()).toBe(1);
    advance(4_999);
    expect(await cache.answer('RRB', '2026-12 60', compute('b'))).toBe('a');
    advance(1);
    expect(await cache.answer('RRB', '2026-12 60', compute('b'))).toBe('b');
    expect(computed()).toBe(2);
  });

  it("drops only the changed client's answers when its data changes", async () => {
    const { cache, changes, compute } = setUp();
    await cache.answer('RRB', 'k', compute('rrb-1'));
    await cache.answer('RRBX', 'k', compute('other-1'));
    changes.clientChanged('RRB');
    expect(await cache.answer('RRB', 'k', compute('rrb-2'))).toBe('rrb-2');
    // A client whose code starts with the changed one's keeps its answers.
    expect(await cache.answer('RRBX', 'k', compute('other-2'))).toBe('other-1');
  });

  it('keeps no failed computation and stays within its number of entries', async () => {
    const { cache, compute, computed } = setUp({ maxEntries: 2 });
    await expect(
      cache.answer('RRB', 'k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await cache.answer('RRB', 'k', compute('after'))).toBe('after');
    await cache.answer('RRB', 'k2', compute('x'));
    await cache.answer('RRB', 'k3', compute('y')); // pushes out the oldest, k
    const before = computed();
    await cache.answer('RRB', 'k', compute('again'));
    expect(computed()).toBe(before + 1);
  });

  it('computes every time with a lifetime of 0, and stops listening when closed', async () => {
    const { cache, compute, computed } = setUp({ ttlMs: 0 });
    await cache.answer('RRB', 'k', compute('a'));
    await cache.answer('RRB', 'k', compute('a'));
    expect(computed()).toBe(2);
    cache.close();
  });
});
