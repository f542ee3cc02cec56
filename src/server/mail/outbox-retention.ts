import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { claimScheduledRun } from '../shared-state/scheduled-runs-store.js';
import { removeExpiredSentMessages } from './outbox-store.js';

/** How often retention runs: hourly, on one instance whichever the number of instances. */
export const retentionPeriodMs = 60 * 60_000;

/**
 * Retention as the timer runs it: once a period across every instance (the period is claimed
 * in scheduled_runs first, src/server/shared-state/scheduled-runs-store.ts), so ten instances do not
 * run the same delete ten times an hour. A little under the timer's hour, so that an instance's
 * own next tick is not refused for being a few milliseconds early.
 */
export async function runOutboxRetention(
  db: Kysely<Database>,
  retentionDays: number,
  now: Date = new Date(),
): Promise<{ ran: boolean; removed: number }> {
  const claimed = await claimScheduledRun(db, 'outbox-retention', retentionPeriodMs - 60_000, now);
  if (!claimed) return { ran: false, removed: 0 };
  return { ran: true, removed: await removeExpiredSentMessages(db, retentionDays, now) };
}
