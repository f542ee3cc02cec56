import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * Reviews the owner runs (issue 33, docs/decisions/0064-reviews-the-owner-runs.md): each review
 * gets a status (published | hidden | pending), the owner's order, a public reply, where it came
 * from (seed | owner | customer), the booking or order a customer's review answers, when it was
 * written and a version for edits. The seed's reviews already in the table stay published, in
 * the order they were, marked as the seed's. Asking customers for a review: the owner's setting
 * per client (`review_settings`, off until the owner turns it on) and each request sent
 * (`review_requests`: whom, for which booking or order, and when its link was used — once).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  const add = async (
    name: string,
    type: 'text' | 'integer' | 'varchar(16)' | 'varchar(32)',
    defaultValue?: string | number,
  ) =>
    db.schema
      .alterTable('reviews')
      .addColumn(name, type, (c) =>
        defaultValue === undefined ? c : c.notNull().defaultTo(defaultValue),
      )
      .execute();
  await add('status', 'varchar(16)', 'published');
  await add('display_order', 'integer', 0);
  await add('reply', 'text');
  await add('replied_at', 'varchar(32)');
  await add('source', 'varchar(16)', 'seed');
  await add('booking_id', 'integer');
  await add('order_id', 'integer');
  await add('created_at', 'varchar(32)', '');
  await add('version', 'integer', 1);
  await sql`UPDATE reviews SET display_order = id, created_at = ${new Date().toISOString()}`.execute(
    db,
  );
  await db.schema
    .createIndex('reviews_by_client_and_order')
    .on('reviews')
    .columns(['client_code', 'display_order'])
    .execute();

  await db.schema
    .createTable('review_settings')
    .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('delay_days', 'integer', (c) => c.notNull())
    .addColumn('once_per_days', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('review_requests')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    // Lower-cased: "at most once per customer e-mail per N days" compares it.
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('review_requests_by_customer')
    .on('review_requests')
    .columns(['client_code', 'customer_email', 'created_at'])
    .execute();
}
