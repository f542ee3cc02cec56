import fastifyRateLimit from '@fastify/rate-limit';
import { capConnectionsPerAddress } from './connection-cap.js';
import { createServer } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import { AccessLog } from '../access-log.js';
import { lazyChildLogger } from '../lazy-child-logger.js';
import { availableTimesAddress, bookingRoutes } from '../booking/visitor/booking-routes.js';
import { catalogueRoutes } from '../catalogue/catalogue-routes.js';
import { listProductPictures } from '../catalogue/catalogue-store.js';
import { clientsRoutes } from '../clients/clients-routes.js';
import { diagnosticsRoutes } from '../diagnostics/diagnostics-routes.js';
import type { ServerConfig } from '../config.js';
import { formsRoutes } from '../forms/forms-routes.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { createDataChanges, type DataChanges } from '../kernel/data-changes.js';
import { createReferenceCache } from '../kernel/reference-cache.js';
import type { DatabaseTarget } from '../db/database.js';
import { connectSharedState } from '../shared-state/shared-state.js';
import { relayRoutes } from '../forms/relay-routes.js';
import { createPictureSetMaker } from '../media/picture-sets-on-demand.js';
import { listImageSpecs } from '../media/placeholder-images.js';
import { ordersRoutes } from '../orders/orders-routes.js';
import { paymentsRoutes } from '../payments/payments-routes.js';
import { orderPaymentStatusRoutes } from '../payments/order-payment-status-routes.js';
import { bookingDepositEvents } from '../booking/deposits/deposit-service.js';
import { depositRoutes } from '../booking/deposits/deposit-routes.js';
import { ownerRoutes } from '../owners/owner-routes.js';
import type { SignedInOwner } from '../kernel/signed-in-owner.js';
import { bootScriptHash, findBootScript } from '../pages/app-boot.js';
import { pagesRoutes, type DevPages } from '../pages/pages-routes.js';
import { reviewsRoutes } from '../reviews/reviews-routes.js';
import { createVisitCounter } from '../visits/visit-counter.js';
import { visitRoutes } from '../visits/visits-routes.js';
import { reviewRequestRoutes } from '../reviews/review-request-routes.js';
import { seoRoutes } from '../seo/seo-routes.js';
import { staffRoutes } from '../staff/staff-routes.js';
import { calendarFeedRoutes } from '../calendar-feeds/calendar-feed-routes.js';
import { createErrorAnswer, installErrorHandling } from './error-handler.js';
import { createErrorReporter, type ErrorReporter } from '../errors/error-reporter.js';
import { attachClientReload } from '../clients/client-reload.js';
import { operatorApiPrefix, operatorRoutes } from '../onboarding/operator-routes.js';
import { manageApi, manageApiPrefix } from './manage-api.js';
import { databaseCheck, healthRoutes } from './health-routes.js';
import { hasRepeatedHost, refuseRepeatedHost } from './host-header.js';
import { createRequestPreparation } from './prepare-request.js';
import { apiSecurityHeaders } from './security-headers.js';
import { createRememberedAnswers, rememberedAnswersBudget } from '../kernel/remembered-answers.js';
import { registerStaticFiles } from './static-files.js';
import { createRequestIds } from './request-id.js';
import { createMetrics } from '../metrics/metrics.js';
import { metricsRoutes } from '../metrics/metrics-routes.js';
import { openApiRoutes } from '../openapi/openapi-routes.js';
import type { ReadinessCheck } from '../kernel/readiness-check.js';

/**
 * What a caller provides; the app adds what it builds itself (the reference cache) and makes the
 * change signal when the caller has none (the caller keeps it to announce changes: owner tools,
 * tests, and with several instances the channel between them).
 */
export type BuildAppInput = Omit<
  AppDeps,
  'referenceCache' | 'changes' | 'counters' | 'rememberedAnswers' | 'visits'
> & {
  changes?: DataChanges | undefined;
  /**
   * The database the app runs on (default config.database): a PostgreSQL one carries changes
   * between instances when there is no REDIS_URL (shared-state/shared-state.ts).
   */
  databaseTarget?: DatabaseTarget | undefined;
  /** The page template; defaults to the built dist/web/index.html. */
  indexHtml?: string | undefined;
  /** The log (src/server/logger.ts); without it, Fastify's own at config.logLevel. */
  logger?: FastifyBaseLogger | undefined;
  /** `npm run dev`: pages from Vite (src/server/dev.ts). */
  devPages?: DevPages | undefined;
};

/**
 * TRUST_PROXY as Fastify takes it: off, the addresses of the proxies, or a hop count (trust the
 * nearest n hops, whoever they are: only for a server that cannot be reached but through its
 * proxies). Never `true` (config.ts refuses it).
 */
export function trustProxyOption(
  trust: ServerConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * The HTTP shell: the security headers and client of every request, the one error handler,
 * static files, and each resource's routes as a plugin (docs/architecture.md).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** ERROR_REPORT_URL's reporter, for scheduled jobs to report a failure; unset: none. */
    errorReporter: ErrorReporter | undefined;
  }
}

export async function buildApp({
  indexHtml,
  logger,
  devPages,
  changes = createDataChanges(),
  databaseTarget,
  ...input
}: BuildAppInput): Promise<FastifyInstance> {
  const { config, registry } = input;
  // The built pages carry the boot script inline, and their CSP names its hash: both from this one
  // read of the build. A page template given here (tests) or the development pages carry none.
  const boot = indexHtml === undefined && !devPages ? findBootScript(config.webDistDir) : undefined;
  const bootHash = bootScriptHash(boot);
  const preparation = createRequestPreparation(config, registry, {
    scriptHashes: bootHash ? [bootHash] : [],
  });
  const { prepare } = preparation;
  // ERROR_REPORT_URL: 5xx answers and failed jobs reported, personal data stripped.
  const errorReporter = config.errorReportUrl
    ? createErrorReporter({
        url: config.errorReportUrl,
        warn: (message) => app.log.warn(message),
      })
    : undefined;
  const answerError = createErrorAnswer(preparation.securityHeadersFor, errorReporter);
  // Cached pages, lists and day questions answered again from memory, before the framework
  // (remembered-answers.ts); not in development, where pages are not cached. Their access lines
  // come from the same access log as the framework's.
  // Counted only when someone can read them: METRICS_TOKEN set (docs/decisions/0061-operable.md).
  const readiness: ReadinessCheck[] = [];
  const metrics = config.metricsToken
    ? createMetrics({ db: input.db, registry, readiness })
    : undefined;
  const accessLog = new AccessLog(metrics?.answered);
  // The proxy's X-Request-Id when a trusted proxy sent one, else a new id (http/request-id.ts).
  const requestId = createRequestIds(config.trustProxy);
  const repeatedHostHeaders = apiSecurityHeaders({ production: config.env === 'production' });
  const rememberedAnswers = createRememberedAnswers({
    maxEntries: devPages ? 0 : 5000,
    maxBytes: rememberedAnswersBudget(config.pageCacheBytes),
    askedWithBodies: [availableTimesAddress],
    log: { answered: (line) => accessLog.answered(app.log, line) },
    requestId,
  });
  metrics?.watchRememberedAnswers(rememberedAnswers);

  const app = Fastify({
    // The HTTP server, with the remembered answers in front of Fastify's handler. Fastify sets no
    // time-outs on a server it is given, so they are set here. A request (headers and body) must
    // arrive within requestMs, its headers within headersMs, and a socket that sends nothing for
    // idleMs is closed: a body that never finishes cannot hold a connection open
    // (docs/fault-probes.md). Node checks the first two every connectionsCheckingInterval, so that
    // is kept well under them. The idle time-out stays above a load balancer's usual 60 s, so it
    // never closes a kept-alive connection the balancer is about to reuse; the keep-alive
    // time-out (72 s, Fastify's default) ends those first.
    serverFactory: (handler) => {
      const { headersMs, requestMs, idleMs } = config.httpTimeouts;
      const server = createServer(
        {
          headersTimeout: headersMs,
          connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(headersMs / 4))),
        },
        (request, response) => {
          // Before anything reads the Host (the remembered answers, the client's resolution).
          if (hasRepeatedHost(request.rawHeaders)) {
            refuseRepeatedHost(response, repeatedHostHeaders);
            return;
          }
          rememberedAnswers.handle(request, response, handler);
        },
      );
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = requestMs;
      server.setTimeout(idleMs);
      // Behind a trusted proxy every connection is the proxy's: it caps per visitor itself.
      if (config.trustProxy === false) {
        capConnectionsPerAddress(server, config.connectionsPerAddress);
      }
      return server;
    },
    ...(logger
      ? { loggerInstance: logger }
      : // Fastify tells the access log of an answer only when it has a logger: the metrics count
        // answers there, so with them on a silent logger rather than none.
        { logger: config.logLevel === 'silent' && !metrics ? false : { level: config.logLevel } }),
    // One access line per answer instead of Fastify's two (docs/decisions/0022-logging.md).
    logController: accessLog,
    // A request's own logger is made only when something logs through it: pino's child() per
    // request cost about a tenth of a list answer (docs/decisions/0022-logging.md).
    childLoggerFactory: (logger, bindings) => lazyChildLogger(logger, bindings),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestId,
    bodyLimit: 64 * 1024,
    // A URL that cannot be decoded is refused before routing: the same shape and headers.
    frameworkErrors: (error, request, reply) => void answerError(error, request, reply),
  });

  // Rate limits, counters and the change signal: in this process, or shared by every instance
  // through Redis / PostgreSQL (docs/decisions/0042-shared-state-across-instances.md).
  const target = databaseTarget ?? config.database;
  const shared = await connectSharedState({
    config,
    db: input.db,
    database: target.kind === input.dbKind ? target : undefined,
    allClientCodes: () => registry.all.map((client) => client.name),
    local: changes,
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
  });
  app.addHook('onClose', () => shared.close());
  if (shared.channel !== 'local') {
    app.log.info(
      `Changes reach other instances over ${shared.channel}; limits are counted ${shared.rateLimitStore ? 'in Redis' : 'per instance'}`,
    );
  }
  const deps: AppDeps = {
    ...input,
    changes: shared.changes,
    counters: shared.counters,
    sharedPages: shared.pages,
    referenceCache: createReferenceCache(config.referenceCacheMs, shared.changes),
    rememberedAnswers,
    metrics,
    visits: createVisitCounter(input.db, config.visitsFlushMs > 0),
  };

  await app.register(fastifyRateLimit, {
    global: false,
    // With Redis the counts are shared by every instance; when Redis does not answer a request
    // is let through (logged by shared-state/redis.ts) rather than refused or held.
    ...(shared.rateLimitStore ? { store: shared.rateLimitStore, skipOnError: true } : {}),
  });
  app.decorateRequest('client', null as unknown as ClientConfig);
  app.decorateRequest('owner', null as unknown as SignedInOwner);
  // Every route's handler starts with prepare(); the not-found and error handlers do the same.
  // Wrapping the handlers rather than adding an onRequest hook: Fastify's hook runner alone cost
  // about a fifth of a bare hello-world's throughput (docs/decisions/0015-security-headers.md).
  app.addHook('onRoute', (route) => {
    if (route.config?.withoutClient) return;
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
  installErrorHandling(app, preparation, errorReporter);
  app.decorate('errorReporter', errorReporter);
  app.addHook('onClose', async () => errorReporter?.settled());
  // Clients added or disabled by `npm run client` are taken in without a restart.
  attachClientReload(app, deps);

  // The drawn pictures' sets are made on first request (the start only draws the pictures).
  const pictureSets = createPictureSetMaker(config.mediaDir, async () =>
    listImageSpecs(deps.registry.all, await listProductPictures(deps.db)),
  );
  await registerStaticFiles(app, config, pictureSets);
  readiness.push(databaseCheck(deps.db), ...shared.readiness);
  await app.register(healthRoutes, { checks: readiness });
  if (metrics && config.metricsToken) {
    await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  }
  await app.register(formsRoutes, deps);
  // /robots.txt, /sitemap.xml and the icons: exact paths, so they win over the pages' /*.
  await app.register(seoRoutes, deps);
  await app.register(clientsRoutes);
  await app.register(catalogueRoutes, deps);
  await app.register(reviewsRoutes, deps);
  await app.register(reviewRequestRoutes, deps);
  await app.register(bookingRoutes, deps);
  await app.register(depositRoutes, deps);
  await app.register(staffRoutes, deps);
  // Private calendar feeds (/calendar/<token>.ics): exact prefix, so it wins over the pages' /*.
  await app.register(calendarFeedRoutes, deps);
  await app.register(relayRoutes, deps);
  await app.register(ordersRoutes, deps);
  // Issue 36: its own plugin, so its raw-bytes JSON parser applies to the webhook only.
  await app.register(paymentsRoutes, { ...deps, bookingEvents: bookingDepositEvents(deps) });
  // Issue 36, the buyer's return pages: is the order paid yet (with the order's return token).
  await app.register(orderPaymentStatusRoutes, deps);
  // Issue 36: the webhook hands booking deposits' events to booking/ (decision 0079).
  await app.register(diagnosticsRoutes);
  // The API's description (docs/decisions/0074-api-description.md); the page outside production.
  await app.register(openApiRoutes, { version: '1', withPage: config.env !== 'production' });
  if (config.env === 'test') {
    // Only under NODE_ENV=test: a route that fails, for the error report's tests.
    app.get('/api/test/fail', async () => {
      throw new Error('Forced failure for owner jane.doe@example.com, tel 07700 900123');
    });
  }
  await app.register(ownerRoutes, deps);
  await app.register(visitRoutes, deps);
  // The owner API (/api/manage/*): the owner guard once, every owner resource under it.
  await app.register(manageApi(deps), { prefix: manageApiPrefix });
  // The host's own screen's API (decision 0080): only with OPERATOR_TOKEN set.
  if (config.operatorToken) {
    await app.register(operatorRoutes, {
      ...deps,
      token: config.operatorToken,
      prefix: operatorApiPrefix,
    });
  }
  await app.register(pagesRoutes, { ...deps, indexHtml, devPages, boot });

  return app;
}
