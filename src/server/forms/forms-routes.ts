import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../kernel/app-deps.js';
import { formTokensFor } from './form-limits.js';

/**
 * GET /api/form-token: a form session for the request's client, fetched by the browser when a
 * form appears and sent back with it (X-Form-Token). Never cached; a few hundred per address per
 * hour is far more than a person needs.
 */
export const formsRoutes: FastifyPluginAsync<AppDeps> = async (app, { config }) => {
  const tokens = formTokensFor(config);
  app.get(
    '/api/form-token',
    { config: { rateLimit: { max: 300, timeWindow: 60 * 60_000 } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: tokens.issue(request.client.name) };
    },
  );
};
