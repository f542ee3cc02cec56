import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { cachedJsonAnswer } from '../kernel/reference-cache.js';
import { findProduct, listProducts } from './catalogue-store.js';
import { productIdSchema } from './product-id.js';

// Any category slug: an owner's own categories have their own (an unknown one lists nothing).
const listQuerySchema = z.object({
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'a category is named by its slug')
    .optional(),
});
const idParamsSchema = z.object({ id: productIdSchema });

/** The shop's products, always scoped to the client resolved for the request. */
export const catalogueRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps;
  app.get('/api/products', async (request, reply) => {
    const { category } = parseRequest(listQuerySchema, request.query, 'query');
    const client = request.client;
    return cachedJsonAnswer(request, reply, deps, client.name, `products:${category ?? ''}`, () =>
      listProducts(db, client, category),
    );
  });

  app.get('/api/products/:id', async (request) => {
    const { id } = parseRequest(idParamsSchema, request.params, 'product id');
    const product = await findProduct(db, request.client, id);
    if (!product) throw new AppError(404, `There is no product ${id}.`);
    return product;
  });
};
