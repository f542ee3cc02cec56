import type { Kysely, Selectable } from 'kysely';
import type { GalleryPicture, Product } from '../../common/catalogue.js';
import type { ClientConfig } from '../../common/client-config.js';
import { saleModeOf, stockOf } from '../../common/product-availability.js';
import { largestJpegOf, pictureSetBeside, type PictureSet } from '../../common/picture-set.js';
import type { Database, ProductsTable } from '../db/schema.js';
import { sanitiseBlurb } from '../kernel/sanitise-html.js';
import type { StoredPicture } from '../media/image-pipeline.js';
import type { ProductPictures } from '../media/placeholder-images.js';

/** The uploaded cover picture stored on the row, if any (before the owner's gallery existed). */
export function coverOf(row: Pick<ProductsTable, 'cover_picture'>): StoredPicture | undefined {
  return row.cover_picture ? (JSON.parse(row.cover_picture) as StoredPicture) : undefined;
}

/** Drawn product pictures are 800 × 600 (src/server/media/placeholder-images.ts). */
const drawnSize = { width: 800, height: 600 } as const;

/**
 * A product's pictures in order, the first being the cover: the owner's list once they have
 * changed it, else the seed's drawn cover (or an uploaded one) and its drawn listing pictures.
 */
export function picturesOf(
  row: Pick<ProductsTable, 'id' | 'picture_count' | 'cover_picture' | 'pictures'>,
  client: Pick<ClientConfig, 'pictureLocation'>,
): GalleryPicture[] {
  if (row.pictures) return JSON.parse(row.pictures) as GalleryPicture[];
  const base = `${client.pictureLocation}/pics/${row.id}`;
  const drawn = (file: string) =>
    pictureSetBeside(`${base}/${file}`, drawnSize.width, drawnSize.height);
  return [
    coverOf(row) ?? drawn('cover.jpeg'),
    ...Array.from({ length: row.picture_count }, (_, i) => drawn(`${i + 1}.jpeg`)),
  ].map((set) => ({ ...set, alt: '' }));
}

/** A product without pictures (shown only by mistake: it cannot be shown before it has one). */
const noPicture = pictureSetBeside('/media/common/under-construction.jpeg', 800, 500);

/** What the API and the prerendered page give out for a product; the blurb is sanitised HTML. */
export async function toProduct(
  row: Selectable<ProductsTable>,
  client: ClientConfig,
): Promise<Product> {
  const pictures = picturesOf(row, client);
  const [cover] = pictures;
  // The seed's drawn cover is for lists; its product page shows the listing pictures, if any.
  const gallery =
    !row.pictures && !row.cover_picture && row.picture_count > 0 ? pictures.slice(1) : pictures;
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    category: row.category,
    blurb: await sanitiseBlurb(row.blurb),
    picture: largestJpegOf(cover ?? noPicture),
    listingPictures: gallery.filter((p) => p !== cover).map(largestJpegOf),
    pictureSet: cover ? withoutAlt(cover) : noPicture,
    gallery,
    saleMode: saleModeOf(row.sale_mode),
    stock: stockOf(row.stock_mode, row.stock_count, row.lead_time_days),
  };
}

function withoutAlt({ alt: _alt, ...set }: GalleryPicture): PictureSet {
  return set;
}

/** The client's visible products, in one category or all, in the owner's order (then id). */
export async function listProducts(
  db: Kysely<Database>,
  client: ClientConfig,
  category: string | undefined,
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

/** Every product's drawn pictures (title and listing count), for the placeholder pictures. */
export async function listProductPictures(db: Kysely<Database>): Promise<ProductPictures[]> {
  const rows = await db
    .selectFrom('products')
    .select(['client_code', 'id', 'title', 'picture_count'])
    .execute();
  return rows.map((row) => ({
    clientCode: row.client_code,
    id: row.id,
    title: row.title,
    pictureCount: row.picture_count,
  }));
}

/** The client's counted products at or below `threshold` (the morning summary's low-stock line). */
export async function lowStockProducts(
  db: Kysely<Database>,
  clientCode: string,
  threshold = 3,
): Promise<{ id: number; title: string; left: number }[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'title', 'stock_count'])
    .where('client_code', '=', clientCode)
    .where('stock_mode', '=', 'count')
    .where('hidden', '=', 0)
    .where('stock_count', '<=', threshold)
    .orderBy('stock_count')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, left: row.stock_count ?? 0 }));
}
