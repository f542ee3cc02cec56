import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  newShopCategorySchema,
  shopCategoryEditSchema,
  shopCategoryOrderSchema,
  slugForName,
  type ShopCategory,
  type ShopCategoryList,
} from '../../common/shop-categories.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import {
  insertShopCategory,
  listShopCategories,
  setShopCategoryOrder,
  updateShopCategory,
  type ShopCategoryRow,
} from './shop-categories-store.js';

const slugParams = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,40}$/, 'a category is named by its slug'),
});

function toShopCategory(row: ShopCategoryRow): ShopCategory {
  return {
    slug: row.slug,
    name: row.name,
    position: row.position,
    hidden: row.hidden === 1,
    version: row.version,
    productCount: row.product_count,
  };
}

/**
 * The owner's own shop categories (/api/manage/shop-categories, issue 35): list, add, rename or
 * hide (version-checked), reorder. Only the session's client's categories are ever read or
 * changed; another client's slug answers 404. Behind the owner guard (http/manage-api.ts).
 */
export const manageShopCategoriesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const listOf = async (clientCode: string): Promise<ShopCategoryList> => ({
    categories: (await listShopCategories(db, clientCode)).map(toShopCategory),
  });

  app.get('/shop-categories', async (request) => listOf(request.owner.clientCode));

  app.post('/shop-categories', async (request, reply): Promise<ShopCategoryList> => {
    const { name } = parseRequest(newShopCategorySchema, request.body ?? {}, 'category');
    const { clientCode } = request.owner;
    const existing = await listShopCategories(db, clientCode);
    if (existing.some((c) => c.name.toLowerCase() === name.toLowerCase())) {
      throw new AppError(409, `You already have a category called ${name}.`, [
        { path: 'name', message: `You already have a category called ${name}` },
      ]);
    }
    const slug = slugForName(name, new Set(existing.map((c) => c.slug)));
    await insertShopCategory(db, clientCode, slug, name);
    await recordAudit(deps, request.owner, 'shop-category.add', { slug, name });
    deps.changes.clientChanged(clientCode);
    reply.code(201);
    return listOf(clientCode);
  });

  app.put('/shop-categories/:slug', async (request): Promise<ShopCategoryList> => {
    const { slug } = parseRequest(slugParams, request.params, 'category');
    const edit = parseRequest(shopCategoryEditSchema, request.body ?? {}, 'category');
    const { clientCode } = request.owner;
    const existing = await listShopCategories(db, clientCode);
    if (!existing.some((c) => c.slug === slug)) {
      throw new AppError(404, `There is no category ${slug} in your shop.`);
    }
    const saved = await updateShopCategory(db, clientCode, slug, edit.version, edit);
    if (!saved) {
      throw new AppError(
        409,
        'Someone else changed this category while you were editing it. Reload to see their change, then edit again.',
      );
    }
    await recordAudit(deps, request.owner, 'shop-category.edit', {
      slug,
      name: edit.name,
      hidden: edit.hidden,
    });
    deps.changes.clientChanged(clientCode);
    return listOf(clientCode);
  });

  app.post('/shop-categories/order', async (request): Promise<ShopCategoryList> => {
    const { slugs } = parseRequest(shopCategoryOrderSchema, request.body ?? {}, 'order');
    const { clientCode } = request.owner;
    const own = new Set((await listShopCategories(db, clientCode)).map((c) => c.slug));
    const unknown = slugs.find((slug) => !own.has(slug));
    if (unknown !== undefined)
      throw new AppError(404, `There is no category ${unknown} in your shop.`);
    if (new Set(slugs).size !== slugs.length) {
      throw new AppError(400, 'Each category may be listed once.');
    }
    if (slugs.length !== own.size) {
      throw new AppError(
        409,
        'The categories changed while you were ordering them (one was added). Reload them and order again.',
      );
    }
    await setShopCategoryOrder(db, clientCode, slugs);
    await recordAudit(deps, request.owner, 'shop-category.reorder', { slugs });
    deps.changes.clientChanged(clientCode);
    return listOf(clientCode);
  });
};
