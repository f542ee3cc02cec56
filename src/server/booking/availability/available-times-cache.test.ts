import { describe, expect, it } from 'vitest';
import { createAvailableTimesCache } from './available-times-cache';

const at = (iso: string) => new Date(iso);

describe('the available-times cache', () => {
  it('computes a day once while the version and the minute stay the same', async () => {
    const cache = createAvailableTimesCache<string[]>();
    let computed = 0;
    const compute = async () => [`answer ${++computed}`];
    expect(await cache.get('RRB', 1, at('2026-11-23T10:00:05Z'), 'd|60', compute)).toEqual([
      'answer 1',
    ]);
    expect(await cache.get('RRB', 1, at('2026-11-23T10:00:59Z'), 'd|60', compute)).toEqual([
      'answer 1',
    ]);
    expect(computed).toBe(1);
  });

  it('computes again after a change to the client data, or when the minute moves on', async () => {
    const cache = createAvailableTimesCache<number>();
    let computed = 0;
    const compute = async () => ++computed;
    await cache.get('RRB', 1, at('2026-11-23T10:00:00Z'), 'k', compute);
    expect(await cache.get('RRB', 2, at('2026-11-23T10:00:00Z'), 'k', compute)).toBe(2);
    expect(await cache.get('RRB', 2, at('2026-11-23T10:01:00Z'), 'k', compute)).toBe(3);
  });

  it('keeps clients and keys apart', async () => {
    const cache = createAvailableTimesCache<string>();
    const now = at('2026-11-23T10:00:00Z');
    await cache.get('RRB', 1, now, 'a', async () => 'rrb a');
    expect(await cache.get('PI', 1, now, 'a', async () => 'pi a')).toBe('pi a');
    expect(await cache.get('RRB', 1, now, 'b', async () => 'rrb b')).toBe('rrb b');
  });

  it('does not keep a failed answer', async () => {
    const cache = createAvailableTimesCache<string>();
    const now = at('2026-11-23T10:00:00Z');
    await expect(
      cache.get('RRB', 1, now, 'k', () => Promise.reject(new Error('bad day'))),
    ).rejects.toThrow('bad day');
    expect(await cache.get('RRB', 1, now, 'k', async () => 'good')).toBe('good');
  });

  it('stops keeping answers beyond its size, and still answers', async () => {
    const cache = createAvailableTimesCache<number>(2);
    const now = at('2026-11-23T10:00:00Z');
    let computed = 0;
    const compute = async () => ++computed;
    for (const key of ['a', 'b', 'c', 'c']) await cache.get('RRB', 1, now, key, compute);
    expect(computed).toBe(4);
  });

  it('peeks at a kept answer only while its version and minute are current', async () => {
    const cache = createAvailableTimesCache<string>();
    const kept = cache.get('RRB', 1, at('2026-11-23T10:00:05Z'), 'k', async () => 'times');
    expect(cache.peek('RRB', 1, at('2026-11-23T10:00:59Z'), 'k')).toBe(kept);
    expect(cache.peek('RRB', 1, at('2026-11-23T10:00:59Z'), 'other')).toBeUndefined();
    expect(cache.peek('SE', 1, at('2026-11-23T10:00:59Z'), 'k')).toBeUndefined();
    expect(cache.peek('RRB', 2, at('2026-11-23T10:00:59Z'), 'k')).toBeUndefined();
    expect(cache.peek('RRB', 1, at('2026-11-23T10:01:00Z'), 'k')).toBeUndefined();
  });
});
