import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../kernel/errors.js';
import type { AppMetrics } from '../kernel/app-metrics.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route for the operator, not a client's site (/metrics): no client is looked up from the
     * host (Prometheus scrapes an instance by its address) and no site headers are set.
     */
    withoutClient?: boolean;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries this bearer token; the comparison takes the same time whatever it holds. */
export function bearerTokenMatches(authorization: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  // Digests of equal length, so neither the token's length nor its first wrong byte shows in the time.
  return timingSafeEqual(digest(given), expected) && given !== '';
}

/**
 * GET /metrics, Prometheus's text format (docs/decisions/0061-operable.md). Registered only when
 * METRICS_TOKEN is set (unset, /metrics is an unknown path like any other), and then only for a
 * request with `Authorization: Bearer <METRICS_TOKEN>`: the public hosts answer it too, so the
 * token is what keeps it to the operator.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: AppMetrics; token: string }> = async (
  app,
  { metrics, token },
) => {
  const expected = digest(token);
  app.get('/metrics', { config: { withoutClient: true } }, async (request, reply) => {
    reply.header('x-request-id', request.id).header('cache-control', 'no-store');
    if (!bearerTokenMatches(request.headers.authorization, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, 'The metrics need Authorization: Bearer <METRICS_TOKEN>.');
    }
    const text = await metrics.scrape();
    return reply.type(metrics.contentType).send(text);
  });
};
