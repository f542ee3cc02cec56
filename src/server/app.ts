import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ClientConfig } from '../common/client-config.js';
import { isKnownPath } from '../common/routes.js';
import type { ClientRegistry } from './clients/client-registry.js';
import { previewCookieFrom, previewCookieHeader, resolveClient } from './clients/resolve-client.js';
import type { ServerConfig } from './config.js';
import type { DatabaseKind } from './db/database.js';
import type { Database } from './db/schema.js';
import { deferAppScripts, findBootScript } from './app-boot.js';
import { compressPage } from './compress-page.js';
import { escapeHtml, inlineStylesheets, renderPage } from './html.js';
import { pageData } from './page-data.js';
import { loadPrerender } from './prerender.js';
import { createReferenceCache, type ReferenceCache } from './reference-cache.js';
import { apiSecurityHeaders, securityHeaders } from './security-headers.js';
import { registerCatalogueRoutes } from './routes/catalogue-routes.js';
import { registerDiagnosticsRoutes } from './routes/diagnostics-routes.js';
import { registerEmailRelayRoutes } from './mail/relay-routes.js';
import { registerBookingRoutes } from './booking/booking-routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client this request is for; set before any handler runs. */
    client: ClientConfig;
  }
}

export interface AppDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  registry: ClientRegistry;
  /** Short-lived cache for list endpoints (see reference-cache.ts). */
  referenceCache: ReferenceCache;
  /** The page template; defaults to the built dist/web/index.html. */
  indexHtml?: string;
}

/** Route groups; each registers its own paths under /api. */
const routeGroups: Array<(app: FastifyInstance, deps: AppDeps) => void> = [
  registerCatalogueRoutes,
  registerDiagnosticsRoutes,
  registerEmailRelayRoutes,
  registerBookingRoutes,
];

/** A text file's content, or undefined when it cannot be read. */
function readTextFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The built page template, with the app's stylesheet inlined and its scripts loaded after the
 * first paint by a boot script (docs/decisions/page-speed.md).
 */
function readIndexTemplate(config: ServerConfig): string {
  const file = join(config.webDistDir, 'index.html');
  if (!existsSync(file)) {
    throw new Error(`The web app is not built (${file} is missing). Run "npm run build" first.`);
  }
  const template = inlineStylesheets(readFileSync(file, 'utf8'), (assetPath) =>
    readTextFile(join(config.webDistDir, 'assets', assetPath)),
  );
  return deferAppScripts(template, findBootScript(config.webDistDir));
}

/** Origins the browser may call besides this site: other e-mail services and probe addresses. */
function externalConnectOrigins(registry: ClientRegistry): string[] {
  const origins = new Set<string>();
  for (const client of registry.all) {
    for (const url of [client.emailService.baseUrl, client.failureProbeUrl]) {
      if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
    }
  }
  return [...origins];
}

function friendlyErrorPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

/** What a caller provides; the app adds what it builds itself (the reference cache). */
export type AppInput = Omit<AppDeps, 'referenceCache'>;

export async function buildApp(input: AppInput): Promise<FastifyInstance> {
  const deps: AppDeps = {
    ...input,
    referenceCache: createReferenceCache(input.config.referenceCacheMs),
  };
  const { config, registry } = deps;
  const template = deps.indexHtml ?? readIndexTemplate(config);
  const isProduction = config.env === 'production';

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
  });

  await app.register(fastifyRateLimit, { global: false });

  app.decorateRequest('client', null as unknown as ClientConfig);
  const pageHeaders = securityHeaders({
    connectOrigins: externalConnectOrigins(registry),
    production: isProduction,
  });
  const apiHeaders = apiSecurityHeaders({ production: isProduction });
  const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');
  const securityHeadersFor = (request: FastifyRequest) =>
    isApi(request) ? apiHeaders : pageHeaders;
  /**
   * Puts the security headers on the reply and finds the request's client. Returns false when it
   * has answered the request itself (an unknown `?client=`: 400).
   */
  const prepare = (request: FastifyRequest, reply: FastifyReply): boolean => {
    reply.headers(securityHeadersFor(request));
    const query = request.query as Record<string, unknown>;
    // The preview cookie matters only with preview on; otherwise the header is not even read.
    const cookieCode = config.clientPreview ? previewCookieFrom(request.headers.cookie) : undefined;
    const resolution = resolveClient(
      {
        host: request.hostname,
        previewCode: typeof query.client === 'string' ? query.client : undefined,
        cookieCode,
      },
      registry,
      { preview: config.clientPreview, defaultCode: config.defaultClient },
    );
    if (!resolution.ok) {
      if (isApi(request)) {
        reply
          .code(400)
          .send({ statusCode: 400, error: 'Bad Request', message: resolution.message });
      } else {
        reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(friendlyErrorPage('Unknown client', resolution.message));
      }
      return false;
    }
    request.client = resolution.client;
    if (resolution.rememberCode && cookieCode !== resolution.rememberCode) {
      reply.header('set-cookie', previewCookieHeader(resolution.rememberCode, isProduction));
    }
    return true;
  };
  // Every route's handler starts with prepare(); the not-found and error handlers call it too.
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

  await app.register(fastifyStatic, {
    root: join(config.webDistDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    preCompressed: true,
  });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
    index: false,
  });
  await app.register(fastifyStatic, {
    root: config.themesDir,
    prefix: '/themes/',
    decorateReply: false,
    maxAge: '1h',
    index: false,
  });

  app.get('/api/client', async (request) => request.client);
  app.get('/api/health', async () => ({ ok: true }));
  for (const register of routeGroups) register(app, deps);

  const rootFiles = new Set(['robots.txt', 'favicon.ico']);
  // Without an injected template (tests) or a prerender bundle, pages go out with an empty #root.
  const prerender = deps.indexHtml ? undefined : await loadPrerender(config.webDistDir, app.log);
  // Each client's theme goes into its pages inline; read once in production, on every page in
  // development so that editing a theme shows on reload.
  const themes = new Map<string, string | undefined>();
  const themeCss = (client: ClientConfig) => {
    if (themes.has(client.name)) return themes.get(client.name);
    const css = readTextFile(join(config.themesDir, `${client.name}.css`));
    if (isProduction) themes.set(client.name, css);
    return css;
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const path = request.url.split('?')[0] ?? '/';
    const page = await pageData(deps.db, request.client, path);
    const appHtml = await prerender?.(request.url, request.client, page.queries);
    const html = renderPage(template, request.client, appHtml, page, themeCss(request.client));
    const { body, encoding } = compressPage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (!prepare(request, reply)) return reply;
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/')) {
      return reply.code(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `No API route ${request.method} ${path}.`,
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).send({
        statusCode: 405,
        error: 'Method Not Allowed',
        message: `${request.method} is not allowed here.`,
      });
    }
    if (rootFiles.has(path.slice(1))) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    if (path.startsWith('/assets/') || path.startsWith('/media/') || path.startsWith('/themes/')) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    // Known routes get 200; any other path still gets the app, which shows its not-found screen.
    return sendPage(request, reply, isKnownPath(path) ? 200 : 404);
  });

  app.setErrorHandler(
    async (error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 600
          ? error.statusCode
          : 500;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      // The request may have failed before its handler (body parsing, a limit): no headers yet.
      reply.headers(securityHeadersFor(request));
      const message =
        status >= 500
          ? 'Something went wrong on our side. Please try again in a moment.'
          : error.message;
      return reply
        .code(status)
        .send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
    },
  );

  return app;
}
