import { sql, type Kysely } from 'kysely';

/**
 * Reviews the owner runs (issue 33, docs/decisions/0064-reviews-the-owner-runs.md): each review
 * gets a status (published | hidden | pending), the owner's order, a public reply, where it came
 * from (seed | owner | customer), the booking or order a customer's review answers, when it was
 * written and a version for edits. The seed's reviews already in the table stay published, in
 * the order they were, marked as the seed's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
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
}
