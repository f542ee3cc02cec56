import { describe, expect, it } from 'vitest';
import { createDataChanges } from './data-changes.js';
import { asJsonText, createReferenceCache } from './reference-cache.js';

describe('createReferenceCache', () => {
  it('serves a value until it expires, then loads again', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createReferenceCache(1000, createDataChanges(), () => clock);
    const load = async () => ++loads;
    expect(await cache('SE', 'a', load)).toBe(1);
    clock = 999;
    expect(await cache('SE', 'a', load)).toBe(1);
    clock = 1000;
    expect(await cache('SE', 'a', load)).toBe(2);
    expect(await cache('SE', 'b', load)).toBe(3);
    expect(await cache('RRB', 'a', load)).toBe(4);
  });

  it("drops a client's entries, and only that client's, as soon as its data changes", async () => {
    const changes = createDataChanges();
    let loads = 0;
    const cache = createReferenceCache(60_000, changes, () => 0);
    const load = async () => ++loads;
    expect(await cache('SE', 'products', load)).toBe(1);
    expect(await cache('RRB', 'products', load)).toBe(2);
    changes.clientChanged('SE');
    expect(await cache('SE', 'products', load)).toBe(3);
    expect(await cache('RRB', 'products', load)).toBe(2);
  });

  it('shares one load between concurrent misses and forgets a failed load', async () => {
    let loads = 0;
    const cache = createReferenceCache(1000, createDataChanges(), () => 0);
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    expect(await Promise.all([cache('SE', 'k', slow), cache('SE', 'k', slow)])).toEqual([1, 1]);
    await expect(cache('SE', 'f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache('SE', 'f', async () => 'up')).toBe('up');
  });

  it('loads every time when the lifetime is zero', async () => {
    let loads = 0;
    const cache = createReferenceCache(0, createDataChanges());
    await cache('SE', 'a', async () => ++loads);
    await cache('SE', 'a', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('asJsonText', () => {
  it('serialises the loaded value once per load', async () => {
    let loads = 0;
    const cache = createReferenceCache(1000, createDataChanges(), () => 0);
    const load = asJsonText(async () => ({ loads: ++loads, name: 'Nails & "Brows"' }));
    expect(await cache('SE', 'k', load)).toBe('{"loads":1,"name":"Nails & \\"Brows\\""}');
    expect(await cache('SE', 'k', load)).toBe('{"loads":1,"name":"Nails & \\"Brows\\""}');
  });
});
