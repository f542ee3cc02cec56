/**
 * Counters that expire, for limits counted by hand (the sign-in throttle). One interface, two
 * homes chosen in one place (src/server/shared-state/shared-state.ts): this process's memory for
 * one instance, Redis when REDIS_URL is set so every instance counts together
 * (docs/decisions/0042-shared-state-across-instances.md). Limits made with @fastify/rate-limit use
 * that plugin's own store, which is moved to the same Redis.
 */
export interface CounterState {
  /** How many times the key was counted within its window; 0 when it has none. */
  count: number;
  /** Milliseconds until the key is forgotten; 0 when it has none. */
  ttlMs: number;
}

export interface CounterStore {
  /**
   * Adds one to `key`. Its window is `windowMs` from now: every count moves it on (a key is
   * forgotten `windowMs` after it was last counted).
   */
  increment(key: string, windowMs: number): Promise<CounterState>;
  read(key: string): Promise<CounterState>;
  reset(key: string): Promise<void>;
}

export const noCount: CounterState = { count: 0, ttlMs: 0 };

/**
 * The counters in this process's memory: at most `maxKeys` keys, the least recently counted go
 * first, so a flood of addresses cannot grow memory without bound. `fixedWindow` keeps a key's
 * window where its first count started it (as @fastify/rate-limit counts) instead of moving it on.
 */
export function createMemoryCounterStore(
  options: { maxKeys?: number; now?: () => number; fixedWindow?: boolean } = {},
): CounterStore {
  const maxKeys = options.maxKeys ?? 100_000;
  const now = options.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on each count keeps the least recent first.
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const current = (key: string, at: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    increment(key, windowMs) {
      const at = now();
      const entry = current(key, at);
      const count = (entry?.count ?? 0) + 1;
      const expiresAt = options.fixedWindow && entry ? entry.expiresAt : at + windowMs;
      entries.delete(key);
      entries.set(key, { count, expiresAt });
      while (entries.size > maxKeys) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return Promise.resolve({ count, ttlMs: expiresAt - at });
    },
    read(key) {
      const at = now();
      const entry = current(key, at);
      return Promise.resolve(entry ? { count: entry.count, ttlMs: entry.expiresAt - at } : noCount);
    },
    reset(key) {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}
