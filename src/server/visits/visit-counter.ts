import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { VisitCounting } from '../kernel/app-deps.js';
import { createVisitTally } from './visit-tally.js';
import { addVisitCounts } from './visits-store.js';

/**
 * This instance's visit counting: the tally in memory, flushed to `site_visits` by
 * `flush()` (every VISITS_FLUSH_SECONDS and at close, visits-routes.ts). Flushes never overlap;
 * a failed one gives its counts back to the tally for the next.
 */
export function createVisitCounter(db: Kysely<Database>, enabled: boolean): VisitCounting {
  const tally = createVisitTally();
  let flushing: Promise<void> = Promise.resolve();
  const writeOnce = async () => {
    const counts = tally.take();
    if (counts.length === 0) return;
    try {
      await addVisitCounts(db, counts);
    } catch (error) {
      tally.putBack(counts);
      throw error;
    }
  };
  return {
    count(clientCode, day, path) {
      if (enabled) tally.add(clientCode, day, path);
    },
    flush() {
      flushing = flushing.catch(() => undefined).then(writeOnce);
      return flushing;
    },
  };
}
