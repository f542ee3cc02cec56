import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseRequest } from '../kernel/errors.js';

const probeSchema = z.object({ message: z.string().max(2000) }).passthrough();

/** The failure screen's diagnostic POST (spec section 4): logged, answered, nothing stored. */
export const diagnosticsRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/diagnostics/failure-probe',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const body = parseRequest(probeSchema, request.body, 'diagnostic');
      request.log.warn(
        { client: request.client.name, message: body.message, referer: request.headers.referer },
        'failure screen shown',
      );
      return { received: true };
    },
  );
};
