import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Loaded() {
  return null;
}

describe('preloadable', () => {
  it('loads once when the load succeeds', async () => {
    let loads = 0;
    const screen = preloadable(async () => {
      loads += 1;
      return Loaded;
    });
    expect(await screen.preload()).toBe(Loaded);
    expect(await screen.preload()).toBe(Loaded);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load (a chunk lost with the connection)', async () => {
    let loads = 0;
    const screen = preloadable(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return Loaded;
    });
    await expect(screen.preload()).rejects.toThrow('Failed to fetch');
    expect(await screen.preload()).toBe(Loaded);
    expect(loads).toBe(2);
  });
});
