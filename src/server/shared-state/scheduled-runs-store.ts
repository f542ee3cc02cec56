import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Claims this period of a piece of scheduled work (outbox retention) for this instance: true for
 * exactly one of the instances that ask within `periodMs` of the last run, whichever asks first.
 * The claim is one conditional UPDATE of the work's row: on PostgreSQL a second instance's UPDATE
 * waits for the first's row lock, then sees the new time and changes nothing; SQLite runs one
 * writer at a time. A run that fails after its claim waits for the next period, as a timer would.
 */
export async function claimScheduledRun(
  db: Kysely<Database>,
  name: string,
  periodMs: number,
  now: Date = new Date(),
): Promise<boolean> {
  await db
    .insertInto('scheduled_runs')
    .values({ name, last_run_at: new Date(0).toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('scheduled_runs')
    .set({ last_run_at: now.toISOString() })
    .where('name', '=', name)
    .where('last_run_at', '<=', new Date(now.getTime() - periodMs).toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
