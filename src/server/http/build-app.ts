import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import { bookingRoutes } from '../booking/booking-routes.js';
import { catalogueRoutes } from '../catalogue/catalogue-routes.js';
import { clientsRoutes } from '../clients/clients-routes.js';
import { diagnosticsRoutes } from '../diagnostics/diagnostics-routes.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { createDataChanges, type DataChanges } from '../kernel/data-changes.js';
import { createReferenceCache } from '../kernel/reference-cache.js';
import { relayRoutes } from '../mail/relay-routes.js';
import { pagesRoutes, type DevPages } from '../pages/pages-routes.js';
import { reviewsRoutes } from '../reviews/reviews-routes.js';
import { createErrorAnswer, installErrorHandling } from './error-handler.js';
import { healthRoutes } from './health-routes.js';
import { createRequestPreparation } from './prepare-request.js';
import { registerStaticFiles } from './static-files.js';

/**
 * What a caller provides; the app adds what it builds itself (the reference cache) and makes the
 * change signal when the caller has none (the caller keeps it to announce changes: owner tools,
 * tests, and with several instances the channel between them).
 */
export type BuildAppInput = Omit<AppDeps, 'referenceCache' | 'changes'> & {
  changes?: DataChanges | undefined;
  /** The page template; defaults to the built dist/web/index.html. */
  indexHtml?: string | undefined;
  /** The log (src/server/logger.ts); without it, Fastify's own at config.logLevel. */
  logger?: FastifyBaseLogger | undefined;
  /** `npm run dev`: pages from Vite (src/server/dev.ts). */
  devPages?: DevPages | undefined;
};

/**
 * The HTTP shell: the security headers and client of every request, the one error handler,
 * static files, and each resource's routes as a plugin (docs/architecture.md).
 */
export async function buildApp({
  indexHtml,
  logger,
  devPages,
  changes = createDataChanges(),
  ...input
}: BuildAppInput): Promise<FastifyInstance> {
  const deps: AppDeps = {
    ...input,
    changes,
    referenceCache: createReferenceCache(input.config.referenceCacheMs, changes),
  };
  const { config, registry } = deps;
  const preparation = createRequestPreparation(config, registry);
  const { prepare } = preparation;
  const answerError = createErrorAnswer(preparation.securityHeadersFor);

  const app = Fastify({
    ...(logger
      ? { loggerInstance: logger }
      : { logger: config.logLevel === 'silent' ? false : { level: config.logLevel } }),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // A URL that cannot be decoded is refused before routing: the same shape and headers.
    frameworkErrors: (error, request, reply) => void answerError(error, request, reply),
  });

  await app.register(fastifyRateLimit, { global: false });
  app.decorateRequest('client', null as unknown as ClientConfig);
  // Every route's handler starts with prepare(); the not-found and error handlers do the same.
  // Wrapping the handlers rather than adding an onRequest hook: Fastify's hook runner alone cost
  // about a fifth of a bare hello-world's throughput (docs/decisions/security-headers.md).
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => unknown;
    route.handler = function preparedHandler(this: FastifyInstance, request, reply) {
      if (!prepare(request, reply)) return reply;
      return handler.call(this, request, reply);
    };
  });
  // Before the resources, so that every plugin's routes inherit the one error handler.
  installErrorHandling(app, preparation);

  await registerStaticFiles(app, config);
  await app.register(healthRoutes);
  await app.register(clientsRoutes);
  await app.register(catalogueRoutes, deps);
  await app.register(reviewsRoutes, deps);
  await app.register(bookingRoutes, deps);
  await app.register(relayRoutes, deps);
  await app.register(diagnosticsRoutes);
  await app.register(pagesRoutes, { ...deps, indexHtml, devPages });

  return app;
}
