import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientRegistry } from '../kernel/client-registry.js';
import { previewCookieHeader, resolveRequestClient } from '../kernel/resolve-client.js';
import type { ServerConfig } from '../config.js';
import { AppError } from '../kernel/errors.js';
import { escapeHtml } from '../kernel/escape-html.js';
import { errorAnswer } from './error-answer.js';
import { apiSecurityHeaders, externalConnectOrigins, securityHeaders } from './security-headers.js';

/** Whether a request is for our JSON API (its own headers, JSON errors) rather than a page. */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/');
}

function unknownClientPage(message: string, title = 'Unknown client'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

export interface RequestPreparation {
  /** The security headers a request's answer carries: the API set or the page set. */
  securityHeadersFor: (request: FastifyRequest) => Record<string, string>;
  /**
   * Puts the security headers on the reply and finds the request's client (`request.client`).
   * Returns false when it has answered the request itself (an unknown `?client=`: 400).
   */
  prepare: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

/**
 * What runs before every handler, worked out once at start-up. It is called from a wrapper
 * around each route's handler, not from an onRequest hook: Fastify's hook runner alone cost about
 * a fifth of a bare hello-world's throughput (docs/decisions/0015-security-headers.md).
 */
export function createRequestPreparation(
  config: ServerConfig,
  registry: ClientRegistry,
  /** Hashes of the inline scripts the pages carry (the boot script's), for their CSP. */
  { scriptHashes = [] }: { scriptHashes?: readonly string[] } = {},
): RequestPreparation {
  const production = config.env === 'production';
  const clientOptions = { preview: config.clientPreview, defaultCode: config.defaultClient };
  const pageHeaders = securityHeaders({
    connectOrigins: externalConnectOrigins(registry.all),
    production,
    scriptHashes,
  });
  const apiHeaders = apiSecurityHeaders({ production });
  const securityHeadersFor = (request: FastifyRequest) =>
    isApiRequest(request) ? apiHeaders : pageHeaders;

  const prepare = (request: FastifyRequest, reply: FastifyReply): boolean => {
    reply.headers(securityHeadersFor(request));
    // The request's id, as in its log lines (http/request-id.ts): quoted in a support request.
    reply.header('x-request-id', request.id);
    const resolution = resolveRequestClient(request, registry, clientOptions);
    if (!resolution.ok) {
      // A disabled client's host: 404, as for a site that is not there (never a 5xx).
      const status = resolution.notAvailable ? 404 : 400;
      if (isApiRequest(request)) {
        reply.code(status).send(errorAnswer(new AppError(status, resolution.message)));
      } else {
        reply
          .code(status)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            unknownClientPage(
              resolution.message,
              resolution.notAvailable ? 'Not available' : 'Unknown client',
            ),
          );
      }
      return false;
    }
    request.client = resolution.client;
    if (resolution.rememberCode && resolution.cookieCode !== resolution.rememberCode) {
      reply.header('set-cookie', previewCookieHeader(resolution.rememberCode, production));
    }
    return true;
  };

  return { securityHeadersFor, prepare };
}
