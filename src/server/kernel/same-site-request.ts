import type { FastifyRequest } from 'fastify';
import { csrfHeader } from '../../common/owners.js';
import { AppError } from './errors.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const crossSiteMessage =
  'This change did not come from this site’s back office, so it was refused. Please reload the page and try again.';

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The cross-site request check for anything that changes state: the browser's Origin (or, when
 * a browser sends none, the Referer) must name this very scheme and host (https://site is
 * another origin than http://site), where the scheme is the one the request came in with
 * (Fastify's request.protocol: the socket's, or X-Forwarded-Proto from a trusted proxy, see
 * TRUST_PROXY), and the request must carry
 * `X-Requested-With: highstreet`, which a form on another site cannot send and a script on
 * another site cannot send without a CORS preflight we never allow. Used by the owner guard and
 * by the visitor's own booking changes.
 */
export function assertSameSiteRequest(request: FastifyRequest): void {
  if (safeMethods.has(request.method)) return;
  const from = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  const header = request.headers[csrfHeader.name];
  const own = `${request.protocol}://${request.host}`.toLowerCase();
  if (from === undefined || from !== own || header !== csrfHeader.value) {
    throw new AppError(403, crossSiteMessage);
  }
}
