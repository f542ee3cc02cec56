import { describe, expect, it } from 'vitest';
import { asJsonText, createReferenceCache } from './reference-cache.js';

describe('createReferenceCache', () => {
  it('serves a value until it expires, then loads again', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createReferenceCache(1000, () => clock);
    const load = async () => ++loads;
    expect(await cache('a', load)).toBe(1);
    clock = 999;
    expect(await cache('a', load)).toBe(1);
    clock = 1000;
    expect(await cache('a', load)).toBe(2);
    expect(await cache('b', load)).toBe(3);
  });

  it('shares one load between concurrent misses and forgets a failed load', async () => {
    let loads = 0;
    const cache = createReferenceCache(1000, () => 0);
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    expect(await Promise.all([cache('k', slow), cache('k', slow)])).toEqual([1, 1]);
    await expect(cache('f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache('f', async () => 'up')).toBe('up');
  });

  it('loads every time when the lifetime is zero', async () => {
    let loads = 0;
    const cache = createReferenceCache(0);
    await cache('a', async () => ++loads);
    await cache('a', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('asJsonText', () => {
  it('serialises the loaded value once per load', async () => {
    let loads = 0;
    const cache = createReferenceCache(1000, () => 0);
    const load = asJsonText(async () => ({ loads: ++loads, name: 'Nails & "Brows"' }));
    expect(await cache('k', load)).toBe('{"loads":1,"name":"Nails & \\"Brows\\""}');
    expect(await cache('k', load)).toBe('{"loads":1,"name":"Nails & \\"Brows\\""}');
  });
});
