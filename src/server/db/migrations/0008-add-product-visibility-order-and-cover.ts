import type { Kysely } from 'kysely';

/**
 * Owners edit the catalogue: a product can be hidden, has an order and a version (the
 * edit check), and an uploaded cover picture (JSON of the image pipeline's StoredPicture).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('products').addColumn('cover_picture', 'text').execute();
}
