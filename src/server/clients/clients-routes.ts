import type { FastifyPluginAsync } from 'fastify';

/**
 * GET /api/client: the record of the client this request is for (resolved by the shell), as the
 * page embeds it: without the host names, which only the server needs (they would list every
 * domain a client runs under).
 */
export const clientsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/client', async (request) => ({ ...request.client, hostNames: [] }));
};
