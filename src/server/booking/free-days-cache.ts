import type { DataChanges } from '../kernel/data-changes.js';

/**
 * Month-view answers (JSON text) per client, month, treatment length and local "today", for a few
 * seconds. A month costs several times a day's times list (about 8× measured on SQLite), and a booking screen asks for the
 * same few months over and over; the month view only guides the choice (the times list and the
 * locked re-check at booking have the last word), so an answer a few seconds old is acceptable
 * where a stale times list would not be (docs/decisions/month-of-free-days.md).
 *
 * - Every change to the client's data (a booking made, moved or cancelled, an owner's edit, also
 *   from other instances) drops the client's entries at once (`DataChanges`).
 * - The lifetime bounds what the signal cannot see: the lead time passing today's last start, and
 *   writes made outside the app.
 * - Concurrent misses share one computation; a failed one is not kept. The number of entries is
 *   bounded, because month and length come from the request.
 */
export interface FreeDaysCache {
  answer(clientCode: string, key: string, compute: () => Promise<string>): Promise<string>;
  /** Stops listening for changes (the app is closing). */
  close(): void;
}

interface Entry {
  value: Promise<string>;
  expires: number;
}

export function createFreeDaysCache(
  changes: DataChanges,
  { ttlMs = 5_000, maxEntries = 5_000, now = Date.now } = {},
): FreeDaysCache {
  const entries = new Map<string, Entry>();
  const stop = changes.onChange((clientCode) => {
    for (const key of entries.keys()) {
      if (key.startsWith(`${clientCode}\n`)) entries.delete(key);
    }
  });
  return {
    answer(clientCode, key, compute) {
      if (ttlMs <= 0) return compute();
      const fullKey = `${clientCode}\n${key}`;
      const cached = entries.get(fullKey);
      if (cached && cached.expires > now()) return cached.value;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const value = compute();
      const entry = { value, expires: now() + ttlMs };
      entries.delete(fullKey);
      entries.set(fullKey, entry);
      value.catch(() => entries.get(fullKey) === entry && entries.delete(fullKey));
      return value;
    },
    close: stop,
  };
}
