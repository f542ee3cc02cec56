import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * Delivery, VAT and discount codes (issue 35, docs/decisions/0070-delivery-vat-and-discount-codes.md):
 * a client's shop settings (one versioned JSON row, as booking_rules), its discount codes (the
 * code unique per client whatever its case, through `code_key`), each use of a code
 * (`discount_redemptions`; the code's `used_count` is raised by one conditional update inside the
 * order's transaction, so a limit holds under concurrency), and on each order its fulfilment,
 * discount and net/VAT/gross in pence; on each line its discount and VAT.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  const autoId = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('shop_settings')
    .addColumn('client_code', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('discount_codes')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    // Upper-cased: SPRING and spring are one code.
    .addColumn('code_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('min_spend_pence', 'integer', (c) => c.notNull())
    .addColumn('starts_on', 'varchar(10)')
    .addColumn('ends_on', 'varchar(10)')
    .addColumn('total_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('free_delivery', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('discount_codes_unique_per_client', ['client_code', 'code_key'])
    .execute();

  await db.schema
    .createTable('discount_redemptions')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('code_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    // Lower-cased: the per-customer limit counts by e-mail.
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('discount_redemptions_one_per_order', ['order_id'])
    .execute();
  await db.schema
    .createIndex('discount_redemptions_by_customer')
    .on('discount_redemptions')
    .columns(['code_id', 'customer_email'])
    .execute();

  const addToOrders = async (
    name: string,
    type: 'text' | 'integer' | 'varchar(16)',
    zero = false,
  ) =>
    db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => (zero ? c.notNull().defaultTo(0) : c))
      .execute();
  // Null for an order placed before issue 35 (or for a client that offers no choice).
  await addToOrders('fulfilment_method', 'varchar(16)');
  await addToOrders('delivery_postcode', 'text');
  await addToOrders('delivery_zone', 'text');
  await addToOrders('subtotal_pence', 'integer', true);
  await addToOrders('discount_code', 'text');
  await addToOrders('discount_pence', 'integer', true);
  await addToOrders('delivery_pence', 'integer', true);
  await addToOrders('net_pence', 'integer', true);
  await addToOrders('vat_pence', 'integer', true);
  await addToOrders('gross_pence', 'integer', true);
  await addToOrders('vat_rate_basis_points', 'integer', true);
  await addToOrders('vat_number', 'text');
  // 1 for orders priced in pence by issue 35's pricing (the columns above are filled).
  await addToOrders('priced_in_pence', 'integer', true);
  for (const name of ['discount_pence', 'vat_pence']) {
    await db.schema
      .alterTable('order_lines')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
