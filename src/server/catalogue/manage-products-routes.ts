import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GalleryPicture } from '../../common/catalogue.js';
import {
  libraryPictureChoiceSchema,
  productPicturesEditSchema,
  maxProductPictures,
  productEditSchema,
  productFieldsSchema,
  type ManagedProduct,
  type ProductFields,
} from '../../common/manage-products.js';
import { saleModeOf, stockModes } from '../../common/product-availability.js';
import { hasShopCategory } from './shop-categories-store.js';
import { largestJpegOf } from '../../common/picture-set.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { sanitiseBlurb } from '../kernel/sanitise-html.js';
import { storeUpload } from '../media/image-pipeline.js';
import { readLibraryPicture } from '../media/library-pictures.js';
import { createLocalMediaStorage } from '../media/media-storage.js';
import { mediaFolderOf } from '../media/placeholder-images.js';
import { pictureUploadLimits, receivePicture } from '../media/upload-request.js';
import { recordAudit } from '../audit/audit-store.js';
import { picturesOf } from './catalogue-store.js';
import {
  findProductRow,
  insertHiddenProduct,
  listProductIds,
  setProductHidden,
  setProductOrder,
  updateProductFields,
  updateProductPictures,
} from './manage-products-store.js';

const idParams = z.object({
  id: z.coerce.number('a product id is a number').int().positive('a product id is a number'),
});

const visibilitySchema = z.object({ hidden: z.boolean('hidden is true or false') });
const reorderSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'ids lists the products in their new order'),
});
const changedMessage =
  'Someone else changed this product while you were editing it. Reload it to see their change, then edit again.';

/** A product keeps at most maxProductPictures: one more is refused with 409, however it comes. */
function refuseAnotherPicture(count: number): void {
  if (count >= maxProductPictures) {
    throw new AppError(
      409,
      `A product has at most ${maxProductPictures} pictures; remove one before adding another.`,
    );
  }
}

/**
 * The owner's catalogue (/api/manage/products): list (hidden ones too), add, edit with a version
 * check (the description sanitised as the site shows it), hide/show, reorder, and the pictures:
 * upload (through the image pipeline), order, alt texts, remove. Behind the owner guard; every id is
 * looked up with the session's client, so another client's product answers 404.
 */
export const manageProductsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(fastifyMultipart, { limits: pictureUploadLimits });
  const db = deps.db;
  const storage = createLocalMediaStorage(deps.config.mediaDir);

  const rowOf = async (clientCode: string, id: number) => {
    const row = await findProductRow(db, clientCode, id);
    if (!row) throw new AppError(404, `There is no product ${id} in your shop.`);
    return row;
  };
  const clientOf = (clientCode: string) => {
    const client = deps.registry.byCode(clientCode);
    if (!client) throw new AppError(404, 'Unknown client.');
    return client;
  };
  const view = async (clientCode: string, id: number): Promise<ManagedProduct> => {
    const row = await rowOf(clientCode, id);
    const pictures = picturesOf(row, clientOf(clientCode));
    return {
      id: row.id,
      title: row.title,
      price: row.price,
      category: row.category,
      blurb: row.blurb,
      hidden: row.hidden === 1,
      sortOrder: row.sort_order,
      version: row.version,
      picture: pictures[0] ? largestJpegOf(pictures[0]) : '',
      pictures,
      saleMode: saleModeOf(row.sale_mode),
      stockMode: stockModes.find((mode) => mode === row.stock_mode) ?? 'untracked',
      stockCount: row.stock_count,
      leadTimeDays: row.lead_time_days,
    };
  };

  /** The edited fields as columns, the category checked to be one of the client's own. */
  const columnsOf = async (clientCode: string, fields: ProductFields) => {
    if (!(await hasShopCategory(db, clientCode, fields.category))) {
      throw new AppError(400, 'Please choose one of your shop’s categories.', [
        { path: 'category', message: 'Please choose one of your shop’s categories' },
      ]);
    }
    return {
      title: fields.title,
      price: fields.price,
      category: fields.category,
      // Stored as the site will show it: the same sanitiser as every product answer.
      blurb: await sanitiseBlurb(fields.blurb),
      sale_mode: fields.saleMode,
      stock_mode: fields.stockMode,
      stock_count: fields.stockMode === 'count' ? (fields.stockCount ?? 0) : null,
      lead_time_days: fields.stockMode === 'made_to_order' ? (fields.leadTimeDays ?? 0) : null,
    };
  };

  /** Stores the owner's list of pictures if the product is still at `version`; 409 if not. */
  const savePictures = async (
    clientCode: string,
    id: number,
    version: number,
    pictures: GalleryPicture[],
  ) => {
    const saved = await updateProductPictures(db, clientCode, id, version, pictures);
    if (!saved) throw new AppError(409, changedMessage);
  };

  /** An upload through the pipeline, put first (the new cover) or last in the product's pictures. */
  const addPicture = async (request: FastifyRequest, place: 'first' | 'last') => {
    const { id } = parseRequest(idParams, request.params, 'product id');
    const { clientCode } = request.owner;
    const row = await rowOf(clientCode, id);
    const client = clientOf(clientCode);
    const pictures = picturesOf(row, client);
    refuseAnotherPicture(pictures.length);
    const data = await receivePicture(request);
    const stored = await storeUpload(data, {
      mediaDir: deps.config.mediaDir,
      folder: `${mediaFolderOf(client)}/uploads`,
      name: `p${id}-${randomBytes(6).toString('hex')}`,
    });
    const added: GalleryPicture = { ...stored, alt: '' };
    await savePictures(
      clientCode,
      id,
      row.version,
      place === 'first' ? [added, ...pictures] : [...pictures, added],
    );
    await recordAudit(deps, request.owner, 'product.picture', { id, picture: stored.path, place });
    deps.changes.clientChanged(clientCode);
    return view(clientCode, id);
  };

  app.get('/products', async (request): Promise<{ products: ManagedProduct[] }> => {
    const ids = await listProductIds(db, request.owner.clientCode);
    const products: ManagedProduct[] = [];
    for (const id of ids) products.push(await view(request.owner.clientCode, id));
    return { products };
  });

  // A new product starts hidden and without pictures: the owner shows it once it has one.
  app.post('/products', async (request, reply): Promise<ManagedProduct> => {
    const add = parseRequest(productFieldsSchema, request.body ?? {}, 'product');
    const { clientCode } = request.owner;
    const id = await insertHiddenProduct(db, clientCode, await columnsOf(clientCode, add));
    await recordAudit(deps, request.owner, 'product.add', { id, title: add.title });
    deps.changes.clientChanged(clientCode);
    reply.code(201);
    return view(clientCode, id);
  });

  app.put('/products/:id', async (request): Promise<ManagedProduct> => {
    const { id } = parseRequest(idParams, request.params, 'product id');
    const edit = parseRequest(productEditSchema, request.body ?? {}, 'product');
    const { clientCode } = request.owner;
    await rowOf(clientCode, id);
    const fields = await columnsOf(clientCode, edit);
    const saved = await updateProductFields(db, clientCode, id, edit.version, fields);
    if (!saved) throw new AppError(409, changedMessage);
    await recordAudit(deps, request.owner, 'product.edit', {
      id,
      title: edit.title,
      price: edit.price,
      saleMode: edit.saleMode,
      stockMode: edit.stockMode,
      stockCount: fields.stock_count,
    });
    deps.changes.clientChanged(clientCode);
    return view(clientCode, id);
  });

  app.post('/products/:id/visibility', async (request): Promise<ManagedProduct> => {
    const { id } = parseRequest(idParams, request.params, 'product id');
    const { hidden } = parseRequest(visibilitySchema, request.body ?? {}, 'visibility');
    const { clientCode } = request.owner;
    const row = await rowOf(clientCode, id);
    if (!hidden && picturesOf(row, clientOf(clientCode)).length === 0) {
      throw new AppError(409, 'Add a picture of this product before showing it on the site.');
    }
    await setProductHidden(db, clientCode, id, hidden);
    await recordAudit(deps, request.owner, hidden ? 'product.hide' : 'product.show', { id });
    deps.changes.clientChanged(clientCode);
    return view(clientCode, id);
  });

  app.post('/products/order', async (request): Promise<{ ids: number[] }> => {
    const { ids } = parseRequest(reorderSchema, request.body ?? {}, 'order');
    const { clientCode } = request.owner;
    const own = new Set(await listProductIds(db, clientCode));
    const unknown = ids.filter((id) => !own.has(id));
    if (unknown.length > 0)
      throw new AppError(404, `There is no product ${unknown[0]} in your shop.`);
    if (new Set(ids).size !== ids.length)
      throw new AppError(400, 'Each product may be listed once.');
    // The whole list, as the owner saw it: a product added meanwhile would otherwise be misplaced.
    if (ids.length !== own.size) {
      throw new AppError(
        409,
        'The product list changed while you were ordering it (a product was added). Reload it and order again.',
      );
    }
    await setProductOrder(db, clientCode, ids);
    await recordAudit(deps, request.owner, 'product.reorder', { ids });
    deps.changes.clientChanged(clientCode);
    return { ids };
  });

  // A new cover: the upload goes first; the earlier pictures stay in the gallery after it.
  app.post('/products/:id/picture', async (request) => addPicture(request, 'first'));

  // Another picture for the gallery, after the others.
  app.post('/products/:id/pictures', async (request) => addPicture(request, 'last'));

  // A picture already in the owner's library (uploaded once, perhaps used elsewhere), added after
  // the product's others; the first becomes the cover. Version-checked like every edit.
  app.post('/products/:id/pictures/library', async (request): Promise<ManagedProduct> => {
    const { id } = parseRequest(idParams, request.params, 'product id');
    const choice = parseRequest(libraryPictureChoiceSchema, request.body ?? {}, 'picture');
    const { clientCode } = request.owner;
    const row = await rowOf(clientCode, id);
    if (row.version !== choice.version) throw new AppError(409, changedMessage);
    const client = clientOf(clientCode);
    const pictures = picturesOf(row, client);
    refuseAnotherPicture(pictures.length);
    const set = await readLibraryPicture(storage, mediaFolderOf(client), choice.name);
    if (!set) {
      throw new AppError(
        404,
        'That picture is not in your library any more (it may have been deleted). Choose another.',
      );
    }
    if (pictures.some((picture) => picture.path === set.path)) {
      throw new AppError(409, 'This picture is already one of this product’s pictures.');
    }
    await savePictures(clientCode, id, choice.version, [...pictures, { ...set, alt: choice.alt }]);
    await recordAudit(deps, request.owner, 'product.picture', {
      id,
      picture: set.path,
      place: 'last',
      from: 'library',
    });
    deps.changes.clientChanged(clientCode);
    return view(clientCode, id);
  });

  // The pictures in a new order, with their alt texts; one left out is removed from the product.
  app.put('/products/:id/pictures', async (request): Promise<ManagedProduct> => {
    const { id } = parseRequest(idParams, request.params, 'product id');
    const edit = parseRequest(productPicturesEditSchema, request.body ?? {}, 'pictures');
    const { clientCode } = request.owner;
    const row = await rowOf(clientCode, id);
    if (row.version !== edit.version) throw new AppError(409, changedMessage);
    const current = new Map(picturesOf(row, clientOf(clientCode)).map((p) => [p.path, p]));
    const pictures = edit.pictures.map(({ path, alt }) => {
      const known = current.get(path);
      if (!known) throw new AppError(400, `${path} is not one of this product’s pictures.`);
      return { ...known, alt };
    });
    if (new Set(pictures.map((p) => p.path)).size !== pictures.length) {
      throw new AppError(400, 'Each picture may be listed once.');
    }
    await savePictures(clientCode, id, edit.version, pictures);
    const removed = [...current.keys()].filter((path) => !pictures.some((p) => p.path === path));
    await recordAudit(deps, request.owner, 'product.pictures', {
      id,
      order: pictures.map((p) => p.path),
      removed,
    });
    deps.changes.clientChanged(clientCode);
    return view(clientCode, id);
  });
};
