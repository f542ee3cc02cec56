import type { FastifyPluginAsync } from 'fastify';

/**
 * GET /api/client: the record of the client this request is for (resolved by the shell), without
 * the host names, which only the server needs (they would list every domain a client runs under).
 * Pages embed it without the site text too; the browser takes that from here when a page did not
 * carry it (src/web/lib/site-text-query.ts).
 */
export const clientsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/client', async (request) => ({ ...request.client, hostNames: [] }));
};
