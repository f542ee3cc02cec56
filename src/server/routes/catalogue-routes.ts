import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { productCategories } from '../../common/routes.js';
import type { AppDeps } from '../app.js';
import { httpError, parseRequest } from '../http-errors.js';
import { cachedJsonAnswer } from '../reference-cache.js';
import { sanitiseBlurb } from '../sanitise-html.js';
import type { Database, ProductsTable } from '../db/schema.js';
import type { ClientConfig } from '../../common/client-config.js';

export interface ProductDto {
  id: number;
  title: string;
  price: number;
  category: string;
  blurb: string;
  /** Computed cover picture: {pictureLocation}/pics/{id}/cover.jpeg */
  picture: string;
  listingPictures: string[];
}

/** What the API and the prerendered page give out for a product; the blurb is sanitised HTML. */
export async function toProductDto(row: ProductsTable, client: ClientConfig): Promise<ProductDto> {
  const base = `${client.pictureLocation}/pics/${row.id}`;
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    category: row.category,
    blurb: await sanitiseBlurb(row.blurb),
    picture: `${base}/cover.jpeg`,
    listingPictures: Array.from({ length: row.picture_count }, (_, i) => `${base}/${i + 1}.jpeg`),
  };
}

const listQuerySchema = z.object({ category: z.enum(productCategories).optional() });
const productIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
const idParamsSchema = z.object({ id: productIdSchema });

/** The client's product with this id, as GET /api/products/:id answers it; undefined if none. */
export async function findProduct(
  db: Kysely<Database>,
  client: ClientConfig,
  id: number,
): Promise<ProductDto | undefined> {
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('client_code', '=', client.name)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && (await toProductDto(row, client));
}

/** The product id in a path parameter, or undefined where the API would answer 400. */
export function parseProductId(id: string): number | undefined {
  const parsed = productIdSchema.safeParse(id);
  return parsed.success ? parsed.data : undefined;
}

/** Products are always scoped to the client resolved for the request, never to a body or query. */
export function registerCatalogueRoutes(
  app: FastifyInstance,
  { db, referenceCache }: AppDeps,
): void {
  app.get('/api/products', async (request, reply) => {
    const { category } = parseRequest(listQuerySchema, request.query, 'query');
    const client = request.client;
    return cachedJsonAnswer(
      reply,
      referenceCache,
      `products:${client.name}:${category ?? ''}`,
      async () => {
        let query = db.selectFrom('products').selectAll().where('client_code', '=', client.name);
        if (category) query = query.where('category', '=', category);
        const rows = await query.orderBy('id').execute();
        return Promise.all(rows.map((row) => toProductDto(row, client)));
      },
    );
  });

  app.get('/api/products/:id', async (request) => {
    const { id } = parseRequest(idParamsSchema, request.params, 'product id');
    const product = await findProduct(db, request.client, id);
    if (!product) throw httpError(404, `There is no product ${id}.`);
    return product;
  });

  app.get('/api/reviews', async (request, reply) =>
    cachedJsonAnswer(reply, referenceCache, `reviews:${request.client.name}`, async () => {
      const rows = await db
        .selectFrom('reviews')
        .select(['id', 'review', 'reviewer', 'stars'])
        .where('client_code', '=', request.client.name)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, stars: r.stars ?? undefined }));
    }),
  );
}
