import type { FastifyReply } from 'fastify';

/**
 * A short-lived cache for reference data (categories, treatments, products, reviews). They change
 * only when the seed runs or an owner edits them, so a few seconds of staleness takes a database
 * round trip off most list requests. Concurrent misses share one load; a failed load is not kept.
 */
export type ReferenceCache = <T>(key: string, load: () => Promise<T>) => Promise<T>;

export function createReferenceCache(ttlMs: number, now: () => number = Date.now): ReferenceCache {
  const entries = new Map<string, { value: Promise<unknown>; expires: number }>();
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (ttlMs <= 0) return load();
    const cached = entries.get(key);
    if (cached && cached.expires > now()) return cached.value as Promise<T>;
    const value = load();
    entries.set(key, { value, expires: now() + ttlMs });
    value.catch(() => entries.delete(key));
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
  key: string,
  load: () => Promise<T>,
): Promise<string> {
  reply.type('application/json; charset=utf-8');
  return cache(key, asJsonText(load));
}
