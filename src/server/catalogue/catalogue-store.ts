import type { Kysely, Selectable } from 'kysely';
import type { Product } from '../../common/catalogue.js';
import type { ClientConfig } from '../../common/client-config.js';
import type { ProductCategory } from '../../common/routes.js';
import type { Database, ProductsTable } from '../db/schema.js';
import { sanitiseBlurb } from '../kernel/sanitise-html.js';
import type { StoredPicture } from '../media/image-pipeline.js';

/** The uploaded cover picture stored on the row, if any. */
export function coverOf(row: Pick<ProductsTable, 'cover_picture'>): StoredPicture | undefined {
  return row.cover_picture ? (JSON.parse(row.cover_picture) as StoredPicture) : undefined;
}

/** What the API and the prerendered page give out for a product; the blurb is sanitised HTML. */
export async function toProduct(
  row: Selectable<ProductsTable>,
  client: ClientConfig,
): Promise<Product> {
  const base = `${client.pictureLocation}/pics/${row.id}`;
  const cover = coverOf(row);
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    category: row.category,
    blurb: await sanitiseBlurb(row.blurb),
    picture: cover ? `${cover.path}-${cover.width}.jpeg` : `${base}/cover.jpeg`,
    ...(cover ? { pictureSet: cover } : {}),
    listingPictures: Array.from({ length: row.picture_count }, (_, i) => `${base}/${i + 1}.jpeg`),
  };
}

/** The client's visible products, in one category or all, in the owner's order (then id). */
export async function listProducts(
  db: Kysely<Database>,
  client: ClientConfig,
  category: ProductCategory | undefined,
): Promise<Product[]> {
  let query = db
    .selectFrom('products')
    .selectAll()
    .where('client_code', '=', client.name)
    .where('hidden', '=', 0);
  if (category) query = query.where('category', '=', category);
  const rows = await query.orderBy('sort_order').orderBy('id').execute();
  return Promise.all(rows.map((row) => toProduct(row, client)));
}

/** The client's product with this id, as GET /api/products/:id answers it; undefined if none. */
export async function findProduct(
  db: Kysely<Database>,
  client: ClientConfig,
  id: number,
): Promise<Product | undefined> {
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('client_code', '=', client.name)
    .where('id', '=', id)
    .where('hidden', '=', 0)
    .executeTakeFirst();
  return row && (await toProduct(row, client));
}

/**
 * Sets a product's price (as the client stores it: pounds, or pence with pricesInPence); false
 * when the client has no such product. The caller announces the change (DataChanges).
 */
export async function updateProductPrice(
  db: Kysely<Database>,
  clientCode: string,
  id: number,
  price: number,
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ price })
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
