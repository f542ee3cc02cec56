import type { FastifyPluginAsync } from 'fastify';

/** GET /api/health: the process answers (load balancers and the benchmarks wait for it). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', async () => ({ ok: true }));
};
