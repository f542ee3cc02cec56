import type { Kysely, Selectable } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import type { Database, ShopCategoriesTable } from '../db/schema.js';
import type { ReferenceCache } from '../kernel/reference-cache.js';

/**
 * Each client's own product categories (issue 35): every query scoped by the client, every rename
 * or hide checked against the version the owner saw.
 */
type Db = Kysely<Database>;
export type ShopCategoryRow = Selectable<ShopCategoriesTable> & { product_count: number };

export async function listShopCategories(db: Db, clientCode: string): Promise<ShopCategoryRow[]> {
  const rows = await db
    .selectFrom('shop_categories')
    .leftJoin('products', (join) =>
      join
        .onRef('products.client_code', '=', 'shop_categories.client_code')
        .onRef('products.category', '=', 'shop_categories.slug'),
    )
    .select([
      'shop_categories.client_code',
      'shop_categories.slug',
      'shop_categories.name',
      'shop_categories.position',
      'shop_categories.hidden',
      'shop_categories.version',
    ])
    .select((eb) => eb.fn.count<number | string>('products.id').as('product_count'))
    .where('shop_categories.client_code', '=', clientCode)
    .groupBy([
      'shop_categories.client_code',
      'shop_categories.slug',
      'shop_categories.name',
      'shop_categories.position',
      'shop_categories.hidden',
      'shop_categories.version',
    ])
    .orderBy('shop_categories.position')
    .orderBy('shop_categories.slug')
    .execute();
  return rows.map((row) => ({ ...row, product_count: Number(row.product_count) }));
}

/** The client's shown categories' slugs and names, in the owner's order (the site's menu). */
export async function listVisibleShopCategories(
  db: Db,
  clientCode: string,
): Promise<{ slug: string; name: string }[]> {
  return db
    .selectFrom('shop_categories')
    .select(['slug', 'name'])
    .where('client_code', '=', clientCode)
    .where('hidden', '=', 0)
    .orderBy('position')
    .orderBy('slug')
    .execute();
}

export async function hasShopCategory(db: Db, clientCode: string, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom('shop_categories')
    .select('slug')
    .where('client_code', '=', clientCode)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a shown category after the client's others. */
export async function insertShopCategory(
  db: Db,
  clientCode: string,
  slug: string,
  name: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const top = await trx
      .selectFrom('shop_categories')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('client_code', '=', clientCode)
      .executeTakeFirst();
    await trx
      .insertInto('shop_categories')
      .values({ client_code: clientCode, slug, name, position: Number(top?.position ?? 0) + 1 })
      .execute();
  });
}

/** Renames or hides a category if it is still at `version`; false if someone was first. */
export async function updateShopCategory(
  db: Db,
  clientCode: string,
  slug: string,
  version: number,
  change: { name: string; hidden: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('shop_categories')
    .set((eb) => ({
      name: change.name,
      hidden: change.hidden ? 1 : 0,
      version: eb('version', '+', 1),
    }))
    .where('client_code', '=', clientCode)
    .where('slug', '=', slug)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts the client's categories in the order of `slugs`, all at once. */
export async function setShopCategoryOrder(
  db: Db,
  clientCode: string,
  slugs: string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [i, slug] of slugs.entries()) {
      await trx
        .updateTable('shop_categories')
        .set({ position: i + 1 })
        .where('client_code', '=', clientCode)
        .where('slug', '=', slug)
        .execute();
    }
  });
}

/**
 * The client's record with its shown categories (ClientConfig.shopCategories), as its pages,
 * page heads and sitemap use it; cached until the client's data changes (an owner's edit). A
 * client without a shop gets none.
 */
export async function withShownCategories(
  db: Db,
  referenceCache: ReferenceCache,
  client: ClientConfig,
): Promise<ClientConfig> {
  if (!client.usesCart) return client;
  const shopCategories = await referenceCache(client.name, 'shop-categories:shown', () =>
    listVisibleShopCategories(db, client.name),
  );
  // The same record while the record and its categories are the same: what is made once per
  // record (its public part, its JSON, its rendered header and footer) is then made once.
  const made = recordsWithCategories.get(client);
  if (made?.shopCategories === shopCategories) return made;
  const record = { ...client, shopCategories };
  recordsWithCategories.set(client, record);
  return record;
}

const recordsWithCategories = new WeakMap<ClientConfig, ClientConfig>();
