import type { Kysely } from 'kysely';

/**
 * A product's gallery as the owner orders it, with alt texts (JSON of GalleryPicture[]);
 * null keeps the seed's drawn pictures, so existing rows need no change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('pictures', 'text').execute();
}
