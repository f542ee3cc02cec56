import type { FastifyPluginAsync } from 'fastify';

/** GET /api/client: the record of the client this request is for (resolved by the shell). */
export const clientsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/client', async (request) => request.client);
};
