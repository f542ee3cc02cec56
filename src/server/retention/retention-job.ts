import type { Kysely } from 'kysely';
import {
  noRetentionCounts,
  retentionCountsSchema,
  type RetentionCounts,
  type RetentionLastRun,
} from '../../common/retention.js';
import { insertAudit } from '../audit/audit-store.js';
import type { Database } from '../db/schema.js';
import { claimScheduledRun } from '../shared-state/scheduled-runs-store.js';
import { planRetention } from './retention-plan.js';
import {
  applyRetentionPlan,
  readLastRetentionAudit,
  readLastRetentionRun,
  recordForcedRun,
  type CountsByClient,
} from './retention-store.js';

/** The job's row in scheduled_runs and its line in each client's audit trail. */
export const retentionRunName = 'records-retention';
export const retentionAuditAction = 'old-records-tidied';

/** Daily, on one instance whichever the number of instances (as outbox retention, hourly). */
export const recordsRetentionPeriodMs = 24 * 60 * 60_000;

export interface RetentionRunResult {
  ran: boolean;
  byClient: CountsByClient;
  totals: RetentionCounts;
}

function total(byClient: CountsByClient): RetentionCounts {
  const sum = { ...noRetentionCounts };
  for (const counts of byClient.values())
    for (const key of Object.keys(sum) as (keyof RetentionCounts)[]) sum[key] += counts[key];
  return sum;
}

/**
 * One run of the retention job (decision 0063): claims today's run in scheduled_runs (a minute
 * under a day, so the timer's own next tick is not refused for being early), applies the plan,
 * and writes what it did into the audit trail of each client it touched. `force` (the CLI's
 * `run`) runs whatever the schedule says, and records the run as the latest.
 */
export async function runRecordsRetention(
  db: Kysely<Database>,
  options: { sessionIdleMs: number; now?: Date; force?: boolean },
): Promise<RetentionRunResult> {
  const now = options.now ?? new Date();
  if (options.force) await recordForcedRun(db, retentionRunName, now);
  else if (!(await claimScheduledRun(db, retentionRunName, recordsRetentionPeriodMs - 60_000, now)))
    return { ran: false, byClient: new Map(), totals: { ...noRetentionCounts } };
  const byClient = await applyRetentionPlan(
    db,
    planRetention(now, { sessionIdleMs: options.sessionIdleMs }),
  );
  for (const [clientCode, counts] of byClient)
    await insertAudit(
      db,
      { clientCode, ownerId: null, action: retentionAuditAction, detail: counts },
      now,
    );
  return { ran: true, byClient, totals: total(byClient) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What the owner sees: the last run (any instance), and what it did for their client. */
export async function readRetentionLastRun(
  db: Kysely<Database>,
  clientCode: string,
): Promise<RetentionLastRun> {
  const [lastRunAt, audit] = await Promise.all([
    readLastRetentionRun(db, retentionRunName),
    readLastRetentionAudit(db, clientCode, retentionAuditAction),
  ]);
  let counts = { ...noRetentionCounts };
  if (lastRunAt && audit?.at === lastRunAt) {
    const parsed = retentionCountsSchema.safeParse(parseJson(audit.detail));
    if (parsed.success) counts = parsed.data;
  }
  return { lastRunAt, counts };
}
