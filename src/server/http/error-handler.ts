import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import type { ErrorReporter } from '../errors/error-reporter.js';
import { AppError } from '../kernel/errors.js';
import { escapeHtml } from '../kernel/escape-html.js';
import { errorAnswer, retryAfterOf } from './error-answer.js';
import { isApiRequest, type RequestPreparation } from './prepare-request.js';

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

function noApiRoute(request: FastifyRequest): AppError {
  return new AppError(404, `No API route ${request.method} ${pathOf(request)}.`);
}

/** A page a browser asked for (not the API): its errors are answered as HTML, never JSON. */
function isPageRequest(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request);
}

/**
 * The page a visitor sees when the database cannot answer a page (issue 30, item 18): plain,
 * self-contained HTML in the client's name and theme, with no app scripts (they would only ask
 * the same database again).
 */
export function unavailablePage(client: ClientConfig | undefined, retryAfter: number): string {
  const name = client ? escapeHtml(client.title) : 'This site';
  const theme = client
    ? `<link rel="stylesheet" href="/themes/${encodeURIComponent(client.name)}.css">`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${name}: back in a moment</title>${theme}</head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1>${name}</h1><p>We cannot show this page for a moment. Please try again in ${retryAfter} seconds.</p><p><a href="">Try again</a></p></main></body></html>`;
}

/**
 * Answers a failed request: a thrown AppError or a Fastify refusal as `{ statusCode, error,
 * message }`, anything else as a 500 with no details (logged), always with the security headers.
 */
export function createErrorAnswer(
  securityHeadersFor: RequestPreparation['securityHeadersFor'],
  errorReporter?: ErrorReporter,
): (error: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  return (error, request, reply) => {
    const answer = errorAnswer(error);
    const retryAfter = retryAfterOf(error);
    if (answer.statusCode >= 500) {
      // ERROR_REPORT_URL: the route's pattern and the client, never the address, query or body.
      errorReporter?.request({
        requestId: request.id,
        method: request.method,
        route: request.routeOptions.url,
        client: (request.client as ClientConfig | null)?.name,
        status: answer.statusCode,
        error,
      });
    }
    if (retryAfter !== undefined) {
      // The database could not answer now: the visitor may try again, nothing was stored.
      request.log.warn({ err: error }, 'database unavailable, answered 503');
      reply.header('retry-after', String(retryAfter));
    } else if (answer.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // The request may have failed before its handler (body parsing, a limit): no headers yet.
    reply.headers(securityHeadersFor(request));
    reply.header('x-request-id', request.id);
    reply.code(answer.statusCode);
    if (retryAfter !== undefined && isPageRequest(request)) {
      // The visitor asked for a page: a page that says so, not the API's JSON.
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(unavailablePage(request.client as ClientConfig | undefined, retryAfter));
    }
    const plainText = request.routeOptions.config?.plainTextErrors;
    if (plainText) {
      // The EmailJS-compatible relay answers its errors as EmailJS does: the reason as text.
      const text = answer.statusCode >= 500 ? plainText.serverError : answer.message;
      return reply.type('text/plain; charset=utf-8').send(text);
    }
    return reply.send(answer);
  };
}

/**
 * Every answer that is not a route's own: the one error handler (above), an unknown API path, and the not-found handler for what no route serves (a missing static file,
 * a method pages do not take). Pages are a route of their own (src/server/pages/).
 */
export function installErrorHandling(
  app: FastifyInstance,
  { prepare, securityHeadersFor }: RequestPreparation,
  errorReporter?: ErrorReporter,
): void {
  app.setErrorHandler(createErrorAnswer(securityHeadersFor, errorReporter));

  // The pages route takes every other GET path; an unknown API path is an error, not a page.
  app.get('/api/*', async (request) => {
    throw noApiRoute(request);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (!prepare(request, reply)) return reply;
    if (isApiRequest(request)) throw noApiRoute(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError(405, `${request.method} is not allowed here.`);
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
