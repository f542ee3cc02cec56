/**
 * Answers of bookings/time, kept per client while neither the client's data version nor the
 * minute changes. A day's free times depend on the bookings (a booking, move or cancel bumps the
 * version: DataChanges), the rules (an owner's edit bumps it too) and "now" (lead time, times
 * already past today), which moves in whole minutes. Many visitors look at the same few days, so
 * this spares the query and the computation for all but the first of them
 * (docs/decisions/0039-available-times-cache.md). The create path re-checks the slot under its lock
 * whatever this answered, so the cache can never sell a slot twice.
 */
export interface AvailableTimesCache<T> {
  get(
    clientCode: string,
    version: number,
    now: Date,
    key: string,
    compute: () => Promise<T>,
  ): Promise<T>;
  /** The kept answer under this key while the version and the minute are still these; no compute. */
  peek(clientCode: string, version: number, now: Date, key: string): Promise<T> | undefined;
}

/** Enough for every day of a long horizon in a few durations; beyond it answers are computed. */
const defaultMaxEntriesPerClient = 1000;

interface ClientEntries<T> {
  version: number;
  minute: number;
  answers: Map<string, Promise<T>>;
}

export function createAvailableTimesCache<T>(
  maxEntriesPerClient = defaultMaxEntriesPerClient,
): AvailableTimesCache<T> {
  const byClient = new Map<string, ClientEntries<T>>();
  return {
    get(clientCode, version, now, key, compute) {
      const minute = Math.floor(now.getTime() / 60_000);
      let entries = byClient.get(clientCode);
      if (!entries || entries.version !== version || entries.minute !== minute) {
        entries = { version, minute, answers: new Map() };
        byClient.set(clientCode, entries);
      }
      const cached = entries.answers.get(key);
      if (cached) return cached;
      const answer = compute();
      if (entries.answers.size < maxEntriesPerClient) {
        const kept = entries;
        kept.answers.set(key, answer);
        // A failed answer (a 400 for a bad day, a database error) is not kept.
        answer.catch(() => kept.answers.get(key) === answer && kept.answers.delete(key));
      }
      return answer;
    },
    peek(clientCode, version, now, key) {
      const entries = byClient.get(clientCode);
      if (!entries || entries.version !== version) return undefined;
      if (entries.minute !== Math.floor(now.getTime() / 60_000)) return undefined;
      return entries.answers.get(key);
    },
  };
}
