import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * Orders are records (issue 18): numbered per client by a counter row that the insert
 * increments atomically, lines keep the price at the time, and an idempotency key per client
 * makes a double submit one order.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  // Written out here, not shared: a shipped migration must not change with a helper.
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('order_counters')
    .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('orders')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('order_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(128)')
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_note', 'text')
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_telephone', 'text', (c) => c.notNull())
    .addColumn('customer_address', 'text', (c) => c.notNull())
    .addColumn('customer_message', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('prices_in_pence', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('orders_number_per_client', ['client_code', 'sequence'])
    .addUniqueConstraint('orders_key_per_client', ['client_code', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('orders_by_client_and_time')
    .on('orders')
    .columns(['client_code', 'created_at'])
    .execute();
  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
    .execute();
  // Retention removes sent messages by age; this keeps that a range scan.
  await db.schema
    .createIndex('outbox_sent_by_age')
    .on('outbox')
    .columns(['status', 'sent_at'])
    .execute();
}
