import type { Kysely } from 'kysely';

/**
 * Issue 34 (docs/decisions/0068-visits-exports-and-morning-summary.md): page views counted per
 * client, day and path, with no visitor in them (`site_visits`, increments added by every
 * instance's flush); and each owner's morning e-mail setting (`morning_summary_settings`, off
 * until the owner turns it on). The e-mail itself goes through the outbox, once per owner and
 * day by its idempotency key, so it needs no table of its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_visits')
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    // The client's local day, YYYY-MM-DD.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(120)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_visits_pk', ['client_code', 'day', 'path'])
    .execute();
  await db.schema
    .createTable('morning_summary_settings')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // Local hour (0–23) in the client's time zone from which the day's e-mail is sent.
    .addColumn('send_hour', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}
