import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * Card payment through Stripe (issue 36, docs/decisions/0075-stripe-payments.md): each client's
 * Stripe keys, encrypted (`payment_settings`); every webhook event once (`payment_events`, the
 * unique event id makes a replay or a second instance's copy a no-op); and on each order what was
 * paid and refunded in pence. `payment_status` is null for an order not paid by card.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('payment_settings')
    .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('secret_key_sealed', 'text', (c) => c.notNull())
    .addColumn('webhook_secret_sealed', 'text', (c) => c.notNull())
    // The last four characters, so the owner screen can show a masked key without opening it.
    .addColumn('secret_key_hint', 'varchar(8)', (c) => c.notNull())
    .addColumn('webhook_secret_hint', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('payment_events_once', ['client_code', 'event_id'])
    .execute();

  const add = (name: string, type: 'text' | 'integer' | 'varchar(16)' | 'varchar(32)') =>
    db.schema.alterTable('orders').addColumn(name, type).execute();
  await add('payment_status', 'varchar(16)');
  await add('payment_session_id', 'text');
  await add('payment_url', 'text');
  await add('payment_intent_id', 'text');
  await add('payment_started_at', 'varchar(32)');
  for (const name of ['paid_pence', 'refunded_pence']) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createIndex('orders_by_payment_status')
    .on('orders')
    .columns(['payment_status', 'payment_started_at'])
    .execute();
}
