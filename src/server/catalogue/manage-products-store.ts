import type { Kysely, Selectable } from 'kysely';
import type { GalleryPicture } from '../../common/catalogue.js';
import type { Database, ProductsTable } from '../db/schema.js';

/**
 * The owner's catalogue queries (manage-products-routes.ts): every one scoped by the owner's
 * client, every edit of a product's fields or pictures checked against the version the owner saw.
 */
type Db = Kysely<Database>;

export type ProductRow = Selectable<ProductsTable>;

/** The fields an owner edits, as columns; the description already sanitised. */
export interface ProductFields {
  title: string;
  price: number;
  /** One of the client's shop_categories slugs (the routes check it). */
  category: string;
  blurb: string;
  sale_mode: string;
  stock_mode: string;
  stock_count: number | null;
  lead_time_days: number | null;
}

export async function findProductRow(
  db: Db,
  clientCode: string,
  id: number,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The client's product ids in the shop's order (hidden ones too). */
export async function listProductIds(db: Db, clientCode: string): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('client_code', '=', clientCode)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Adds a product after the client's last one, hidden and without pictures (the owner uploads its
 * own; no drawn pictures for a product the seed does not know). Answers its id.
 */
export async function insertHiddenProduct(
  db: Db,
  clientCode: string,
  fields: ProductFields,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const top = await trx
      .selectFrom('products')
      .select((eb) => [eb.fn.max('id').as('id'), eb.fn.max('sort_order').as('sort')])
      .where('client_code', '=', clientCode)
      .executeTakeFirst();
    const next = Number(top?.id ?? 0) + 1;
    await trx
      .insertInto('products')
      .values({
        client_code: clientCode,
        id: next,
        ...fields,
        picture_count: 0,
        pictures: '[]',
        hidden: 1,
        sort_order: Number(top?.sort ?? 0) + 1,
      })
      .execute();
    return next;
  });
}

/** Stores the owner's edit if the product is still at `version`; false if someone was first. */
export async function updateProductFields(
  db: Db,
  clientCode: string,
  id: number,
  version: number,
  fields: ProductFields,
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ ...fields, version: eb('version', '+', 1) }))
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stores the product's pictures if it is still at `version`; false if someone was first. */
export async function updateProductPictures(
  db: Db,
  clientCode: string,
  id: number,
  version: number,
  pictures: GalleryPicture[],
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ pictures: JSON.stringify(pictures), version: eb('version', '+', 1) }))
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setProductHidden(
  db: Db,
  clientCode: string,
  id: number,
  hidden: boolean,
): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ hidden: hidden ? 1 : 0, version: eb('version', '+', 1) }))
    .where('client_code', '=', clientCode)
    .where('id', '=', id)
    .execute();
}

/** Puts the client's products in the order of `ids`, all at once. */
export async function setProductOrder(db: Db, clientCode: string, ids: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [i, id] of ids.entries()) {
      await trx
        .updateTable('products')
        .set({ sort_order: i + 1 })
        .where('client_code', '=', clientCode)
        .where('id', '=', id)
        .execute();
    }
  });
}
