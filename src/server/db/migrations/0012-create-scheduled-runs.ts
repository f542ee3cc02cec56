import type { Kysely } from 'kysely';

/**
 * Work done once a period across instances (outbox retention): the row's last_run_at is
 * moved on by whichever instance claims the period first (shared-state/scheduled-runs.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('last_run_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
