import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * Enquiries on the customer's record (issue 33, docs/decisions/0066-customer-data-requests.md):
 * an enquiry sent through the site's forms makes or brings up to date a customer record, and this
 * row says when, by which form and under which subject, so the owner sees "enquiry on DATE" in
 * their history. The enquiry e-mail itself stays the outbox's. Deleted by the retention job after
 * the enquiry limit, and with the customer when they are erased.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('customer_enquiries')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    // The form's template kind: contact | travel.
    .addColumn('form', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_enquiries_by_customer')
    .on('customer_enquiries')
    .columns(['client_code', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('customer_enquiries_by_age')
    .on('customer_enquiries')
    .column('created_at')
    .execute();
}
