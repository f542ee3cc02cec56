import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * The first schema: client records, the catalogue (products, categories, treatments),
 * reviews, bookings with the treatments booked, and the outbox of e-mails.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  // Written out here, not shared: a shipped migration must not change with a helper.
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('clients')
    .addColumn('code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('host_names', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('blurb', 'text', (c) => c.notNull())
    .addColumn('picture_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('products_pk', ['client_code', 'id'])
    .execute();
  await db.schema
    .createIndex('products_by_category')
    .on('products')
    .columns(['client_code', 'category'])
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('reviewer', 'text', (c) => c.notNull())
    .addColumn('stars', 'integer')
    .execute();
  await db.schema.createIndex('reviews_by_client').on('reviews').column('client_code').execute();

  await db.schema
    .createTable('categories')
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('categories_pk', ['client_code', 'id'])
    .execute();

  await db.schema
    .createTable('treatments')
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_pence', 'integer', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('treatments_pk', ['client_code', 'id'])
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('booking_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_minute', 'integer', (c) => c.notNull())
    .addColumn('end_minute', 'integer', (c) => c.notNull())
    .addColumn('total_price_pence', 'integer', (c) => c.notNull())
    .addColumn('total_duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_telephone', 'text', (c) => c.notNull())
    .addColumn('customer_door_no', 'text', (c) => c.notNull())
    .addColumn('customer_post_code', 'text', (c) => c.notNull())
    .addColumn('marketing', 'integer', (c) => c.notNull())
    .addColumn('consent_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('consent_version', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bookings_by_day')
    .on('bookings')
    .columns(['client_code', 'booking_date'])
    .execute();

  await db.schema
    .createTable('booking_treatments')
    .addColumn('booking_id', 'integer', (c) =>
      c.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('treatment_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_pence', 'integer', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_treatments_by_booking')
    .on('booking_treatments')
    .column('booking_id')
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(128)')
    .addColumn('template_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('mail_from', 'text', (c) => c.notNull())
    .addColumn('mail_to', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  // NULL keys never collide, so messages without a key are all accepted.
  await db.schema
    .createIndex('outbox_idempotency')
    .unique()
    .on('outbox')
    .columns(['client_code', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('outbox_due')
    .on('outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
