import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../kernel/app-deps.js';
import { cachedJsonAnswer } from '../kernel/reference-cache.js';
import { listReviews } from './reviews-store.js';

/** The client's reviews (spec: the reviews screen), cached like the other lists. */
export const reviewsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps;
  app.get('/api/reviews', async (request, reply) =>
    cachedJsonAnswer(request, reply, deps, request.client.name, 'reviews', () =>
      listReviews(db, request.client.name),
    ),
  );
};
