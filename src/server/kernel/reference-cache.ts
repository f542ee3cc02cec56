import type { FastifyReply, FastifyRequest } from 'fastify';
import { rememberTextAnswer, type RememberedAnswers } from './remembered-answers.js';
import type { DataChanges } from './data-changes.js';

/**
 * A cache for reference data (categories, treatments, products, reviews), per client. A change
 * to a client's data (`DataChanges`) drops that client's entries at once; the lifetime is a safety
 * net for writes made outside the app (a person with psql). Concurrent misses share one load; a
 * failed load is not kept.
 */
export interface ReferenceCache {
  <T>(clientCode: string, key: string, load: () => Promise<T>): Promise<T>;
  /** The kept value (its promise) while it is fresh, without loading it; for remembered answers. */
  peek(clientCode: string, key: string): Promise<unknown> | undefined;
}

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
  const cache = <T>(clientCode: string, key: string, load: () => Promise<T>): Promise<T> => {
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
  const peek = (clientCode: string, key: string): Promise<unknown> | undefined => {
    const cached = entriesByClient.get(clientCode)?.get(key);
    return cached && cached.expires > now() ? cached.value : undefined;
  };
  return Object.assign(cache, { peek });
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
 * Fastify passes a string with a JSON content type through as it is. The answer is remembered
 * whole (kernel/remembered-answers.ts) while the cached text is the current one.
 */
export function cachedJsonAnswer<T>(
  request: Pick<FastifyRequest, 'raw' | 'routeOptions'>,
  reply: Pick<FastifyReply, 'type' | 'getHeaders' | 'statusCode'>,
  deps: { referenceCache: ReferenceCache; rememberedAnswers?: RememberedAnswers | undefined },
  clientCode: string,
  key: string,
  load: () => Promise<T>,
): Promise<string> {
  reply.type('application/json; charset=utf-8');
  const { referenceCache, rememberedAnswers } = deps;
  const text = referenceCache(clientCode, key, asJsonText(load));
  if (!rememberedAnswers) return text;
  return text.then((json) => {
    // Only an answer from the entry still kept (not a load a change has already replaced).
    const isCurrent = () => referenceCache.peek(clientCode, key) === text;
    if (isCurrent()) {
      rememberTextAnswer(rememberedAnswers, request.raw, reply, text, json, isCurrent, {
        route: request.routeOptions.url,
        client: clientCode,
      });
    }
    return json;
  });
}
