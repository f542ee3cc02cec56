import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../database.js';

/**
 * A shop that sells (issue 35, docs/decisions/0069-buyable-stock-and-shop-categories.md):
 * - products get `sale_mode` (buy | enquire: "buy online" or "Starting from… contact us"), which
 *   replaces the spec's "ids above 1000 are swim spas" rule: the rows that rule made spas are set
 *   to enquire here, everything else stays buyable;
 * - stock: `stock_mode` (untracked | count | made_to_order), `stock_count` (for count) and
 *   `lead_time_days` (for made to order);
 * - `shop_categories`: each client's own product categories (the booking menu already has a
 *   `categories` table), filled from the categories its products use, in the spec's order.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('sale_mode', 'varchar(16)', (c) => c.notNull().defaultTo('buy'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('stock_mode', 'varchar(16)', (c) => c.notNull().defaultTo('untracked'))
    .execute();
  await db.schema.alterTable('products').addColumn('stock_count', 'integer').execute();
  await db.schema.alterTable('products').addColumn('lead_time_days', 'integer').execute();
  await sql`UPDATE products SET sale_mode = 'enquire' WHERE id > 1000 OR category = 'spas'`.execute(
    db,
  );

  await db.schema
    .createTable('shop_categories')
    .addColumn('client_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('slug', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('shop_categories_pk', ['client_code', 'slug'])
    .execute();
  const used = await db
    .selectFrom('products')
    .select(['client_code', 'category'])
    .distinct()
    .execute();
  for (const row of used as { client_code: string; category: string }[]) {
    const position = builtInOrder.indexOf(row.category);
    await db
      .insertInto('shop_categories')
      .values({
        client_code: row.client_code,
        slug: row.category,
        name: builtInNames[row.category] ?? row.category,
        position: position === -1 ? builtInOrder.length + 1 : position + 1,
        hidden: 0,
        version: 1,
      })
      .execute();
  }
}

// A migration keeps its own copy of the names it writes: it must not change when the code does.
const builtInOrder = ['oasis', 'sunbeach', 'spas', 'haircare', 'body', 'extensions', 'groceries'];
const builtInNames: Record<string, string> = {
  oasis: 'Oasis hot tubs',
  sunbeach: 'Sunbeach hot tubs',
  spas: 'Swim spas',
  haircare: 'Hair care',
  body: 'Body care',
  extensions: 'Hair extensions',
  groceries: 'Groceries',
};
