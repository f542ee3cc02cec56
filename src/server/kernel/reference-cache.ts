import type { FastifyReply } from 'fastify';
import type { DataChanges } from './data-changes.js';

/**
 * A cache for reference data (categories, treatments, products, reviews), per client. A change
 * to a client's data (`DataChanges`) drops that client's entries at once; the lifetime is a safety
 * net for writes made outside the app (a person with psql). Concurrent misses share one load; a
 * failed load is not kept.
 */
export type ReferenceCache = <T>(
  clientCode: string,
  key: string,
  load: () => Promise<T>,
) => Promise<T>;

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

export function createReferenceCache(
  ttlMs: number,
  changes: DataChanges,
  now: () => number = Date.now,
): ReferenceCache {
  const entriesByClient = new Map<string, Map<string, Entry>>();
  changes.onChange((clientCode) => entriesByClient.delete(clientCode));
  return <T>(clientCode: string, key: string, load: () => Promise<T>): Promise<T> => {
    if (ttlMs <= 0) return load();
    let entries = entriesByClient.get(clientCode);
    const cached = entries?.get(key);
    if (cached && cached.expires > now()) return cached.value as Promise<T>;
    if (!entries) {
      entries = new Map();
      entriesByClient.set(clientCode, entries);
    }
    const value = load();
    const entry = { value, expires: now() + ttlMs };
    entries.set(key, entry);
    // Forget a failed load, unless a change has already replaced the entry.
    const current = entries;
    value.catch(() => current.get(key) === entry && current.delete(key));
    return value;
  };
}

/**
 * A loader whose result is cached as JSON text, so a cached list is serialised once per load
 * instead of once per request.
 */
export function asJsonText<T>(load: () => Promise<T>): () => Promise<string> {
  return async () => JSON.stringify(await load());
}

/**
 * Answers with `load`'s result from the cache as JSON text. The content type goes with it:
 * Fastify passes a string with a JSON content type through as it is.
 */
export function cachedJsonAnswer<T>(
  reply: Pick<FastifyReply, 'type'>,
  cache: ReferenceCache,
  clientCode: string,
  key: string,
  load: () => Promise<T>,
): Promise<string> {
  reply.type('application/json; charset=utf-8');
  return cache(clientCode, key, asJsonText(load));
}
