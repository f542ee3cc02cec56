import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Pending and failed e-mails per client and status, and the earliest time one of them was due
 * (a scheduled reminder is due at not_before, not when it was written): one grouped query, the
 * same on SQLite and PostgreSQL (the times are ISO text on both).
 */
export function readOutboxSummary(db: Kysely<Database>) {
  return db
    .selectFrom('outbox')
    .select([
      'client_code',
      'status',
      (eb) => eb.fn.countAll<number | string | bigint>().as('count'),
      sql<string | null>`min(coalesce(not_before, created_at))`.as('oldest'),
    ])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy(['client_code', 'status'])
    .execute();
}

/** When each scheduled job last ran (shared-state/scheduled-runs-store.ts claims the runs). */
export function readScheduledRuns(db: Kysely<Database>) {
  return db.selectFrom('scheduled_runs').select(['name', 'last_run_at']).execute();
}
