import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ManagedProduct } from '../../common/manage-products.js';
import { productCategories } from '../../common/routes.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { DEFAULT_IMAGE_LIMITS, storeUpload } from '../media/image-pipeline.js';
import { mediaFolderOf } from '../media/placeholder-images.js';
import { recordAudit, requireOwner } from '../owners/require-owner.js';
import { coverOf } from './catalogue-store.js';

const idParams = z.object({
  id: z.coerce.number('a product id is a number').int().positive('a product id is a number'),
});
const editSchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(120, 'title is at most 120 characters'),
  /** In the client's price mode: whole pounds, or pence when pricesInPence is set. */
  price: z.number('price is a number').int('price is a whole number').min(0).max(10_000_000),
  category: z.enum(productCategories, 'category is not one of the shop’s categories'),
  blurb: z.string().max(20_000, 'the description is at most 20000 characters'),
  version: z.number('version is a number').int(),
});
const visibilitySchema = z.object({ hidden: z.boolean('hidden is true or false') });
const reorderSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'ids lists the products in their new order'),
});

/**
 * The owner's catalogue (/api/manage/products): list (hidden ones too), edit with a version
 * check, hide/show, reorder and upload a cover picture. Behind the owner guard; every id is
 * looked up with the session's client, so another client's product answers 404.
 */
export const manageProductsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.addHook('preHandler', requireOwner(deps));
  await app.register(fastifyMultipart, {
    limits: { fileSize: DEFAULT_IMAGE_LIMITS.maxBytes, files: 1, fields: 0, parts: 2 },
  });
  const db = deps.db;

  const rowOf = async (clientCode: string, id: number) => {
    const row = await db
      .selectFrom('products')
      .selectAll()
      .where('client_code', '=', clientCode)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError(404, `There is no product ${id} in your shop.`);
    return row;
  };
  const view = async (clientCode: string, id: number): Promise<ManagedProduct> => {
    const row = await rowOf(clientCode, id);
    const client = deps.registry.byCode(clientCode);
    const cover = coverOf(row);
    return {
      id: row.id,
      title: row.title,
      price: row.price,
      category: row.category,
      blurb: row.blurb,
      hidden: row.hidden === 1,
      sortOrder: row.sort_order,
      version: row.version,
      picture: cover
        ? `${cover.path}-${cover.width}.jpeg`
        : `${client?.pictureLocation ?? ''}/pics/${row.id}/cover.jpeg`,
    };
  };

  app.get('/api/manage/products', async (request): Promise<{ products: ManagedProduct[] }> => {
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('client_code', '=', request.owner.clientCode)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    const products: ManagedProduct[] = [];
    for (const { id } of rows) products.push(await view(request.owner.clientCode, id));
    return { products };
  });

  // A new product starts hidden: the owner shows it once it has its picture.
  app.post('/api/manage/products', async (request, reply): Promise<ManagedProduct> => {
    const add = parseRequest(editSchema.omit({ version: true }), request.body ?? {}, 'product');
    const { clientCode } = request.owner;
    const id = await db.transaction().execute(async (trx) => {
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
          title: add.title,
          price: add.price,
          category: add.category,
          blurb: add.blurb,
          picture_count: 0,
          hidden: 1,
          sort_order: Number(top?.sort ?? 0) + 1,
        })
        .execute();
      return next;
    });
    await recordAudit(deps, request.owner, 'product.add', { id, title: add.title });
    deps.changes.clientChanged(clientCode);
    reply.code(201);
    return view(clientCode, id);
  });

  app.put('/api/manage/products/:id', async (request): Promise<ManagedProduct> => {
    const { id } = parseRequest(idParams, request.params, 'product id');
    const edit = parseRequest(editSchema, request.body ?? {}, 'product');
    const { clientCode } = request.owner;
    await rowOf(clientCode, id);
    const result = await db
      .updateTable('products')
      .set((eb) => ({
        title: edit.title,
        price: edit.price,
        category: edit.category,
        blurb: edit.blurb,
        version: eb('version', '+', 1),
      }))
      .where('client_code', '=', clientCode)
      .where('id', '=', id)
      .where('version', '=', edit.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new AppError(
        409,
        'Someone else changed this product while you were editing it. Reload it to see their change, then edit again.',
      );
    }
    await recordAudit(deps, request.owner, 'product.edit', {
      id,
      title: edit.title,
      price: edit.price,
    });
    deps.changes.clientChanged(clientCode);
    return view(clientCode, id);
  });

  app.post('/api/manage/products/:id/visibility', async (request): Promise<ManagedProduct> => {
    const { id } = parseRequest(idParams, request.params, 'product id');
    const { hidden } = parseRequest(visibilitySchema, request.body ?? {}, 'visibility');
    const { clientCode } = request.owner;
    await rowOf(clientCode, id);
    await db
      .updateTable('products')
      .set((eb) => ({ hidden: hidden ? 1 : 0, version: eb('version', '+', 1) }))
      .where('client_code', '=', clientCode)
      .where('id', '=', id)
      .execute();
    await recordAudit(deps, request.owner, hidden ? 'product.hide' : 'product.show', { id });
    deps.changes.clientChanged(clientCode);
    return view(clientCode, id);
  });

  app.post('/api/manage/products/order', async (request): Promise<{ ids: number[] }> => {
    const { ids } = parseRequest(reorderSchema, request.body ?? {}, 'order');
    const { clientCode } = request.owner;
    const known = await db
      .selectFrom('products')
      .select('id')
      .where('client_code', '=', clientCode)
      .execute();
    const own = new Set(known.map((r) => r.id));
    const unknown = ids.filter((id) => !own.has(id));
    if (unknown.length > 0)
      throw new AppError(404, `There is no product ${unknown[0]} in your shop.`);
    if (new Set(ids).size !== ids.length)
      throw new AppError(400, 'Each product may be listed once.');
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
    await recordAudit(deps, request.owner, 'product.reorder', { ids });
    deps.changes.clientChanged(clientCode);
    return { ids };
  });

  app.post('/api/manage/products/:id/picture', async (request): Promise<ManagedProduct> => {
    const { id } = parseRequest(idParams, request.params, 'product id');
    const { clientCode } = request.owner;
    await rowOf(clientCode, id);
    if (!request.isMultipart()) {
      throw new AppError(415, 'Send the picture as a file upload (multipart/form-data).');
    }
    const file = await request.file();
    if (!file) throw new AppError(400, 'Choose a picture to upload.');
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch {
      throw new AppError(
        413,
        `The picture is larger than ${DEFAULT_IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB, the largest accepted.`,
      );
    }
    const client = deps.registry.byCode(clientCode);
    if (!client) throw new AppError(404, 'Unknown client.');
    const stored = await storeUpload(data, {
      mediaDir: deps.config.mediaDir,
      folder: `${mediaFolderOf(client)}/uploads`,
      name: `p${id}-${randomBytes(6).toString('hex')}`,
    });
    await db
      .updateTable('products')
      .set((eb) => ({ cover_picture: JSON.stringify(stored), version: eb('version', '+', 1) }))
      .where('client_code', '=', clientCode)
      .where('id', '=', id)
      .execute();
    await recordAudit(deps, request.owner, 'product.picture', { id, picture: stored.path });
    deps.changes.clientChanged(clientCode);
    return view(clientCode, id);
  });
};
