import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import { csrfHeader, ownerMessages } from '../../common/owners.js';
import { resolveRequestClient } from '../clients/resolve-client.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError } from '../kernel/errors.js';
import { findSessionOwner, insertAudit } from './owner-store.js';
import { sessionTokenFrom } from './session-cookie.js';

/** The owner a request is made by; set by `requireOwner`. */
export interface SignedInOwner {
  id: number;
  clientCode: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in owner. Set by `requireOwner` (src/server/owners/require-owner.ts): read it
     * only in routes behind that guard; elsewhere it is null.
     */
    owner: SignedInOwner;
  }
}

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
 * another site cannot send without a CORS preflight we never allow.
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

/**
 * The request's client. The HTTP shell sets `request.client` as the handler starts, which is
 * after preHandlers, so the guard works it out the same way the shell does.
 */
function clientOf(request: FastifyRequest, deps: AppDeps): ClientConfig {
  if ((request.client as ClientConfig | null) !== null) return request.client;
  const resolution = resolveRequestClient(request, deps.registry, {
    preview: deps.config.clientPreview,
    defaultCode: deps.config.defaultClient,
  });
  if (!resolution.ok) throw new AppError(400, resolution.message);
  request.client = resolution.client;
  return resolution.client;
}

/**
 * THE guard of every owner API route (a Fastify preHandler): 401 "Please sign in." without a
 * valid session (unknown, expired, idle too long, account disabled); 403 when the session's
 * client is not the request's client (the host's, or the previewed one); 403 for a
 * state-changing request that fails the cross-site check. On success `request.owner` is set.
 * Use it on a whole plugin: `app.addHook('preHandler', requireOwner(deps))`, and look every id
 * up with `request.owner.clientCode` in the WHERE clause.
 */
export function requireOwner(deps: AppDeps): preHandlerAsyncHookHandler {
  const production = deps.config.env === 'production';
  return async function requireOwnerHandler(request, reply) {
    const client = clientOf(request, deps);
    const token = sessionTokenFrom(request.headers.cookie, production);
    const account = token
      ? await findSessionOwner(deps.db, token, deps.config.ownerSession.idleMs)
      : undefined;
    if (!account) throw new AppError(401, ownerMessages.signInNeeded);
    if (account.clientCode !== client.name) {
      throw new AppError(403, 'This account manages another business, not this one.');
    }
    assertSameSiteRequest(request);
    request.owner = { id: account.id, clientCode: account.clientCode, email: account.email };
    // What an owner sees is theirs alone: no shared or browser cache keeps it.
    reply.header('cache-control', 'no-store');
  };
}

/**
 * Writes one line of the owner's audit trail (who, what, when). Pass a transaction as `db` to
 * record the action together with the change it describes.
 */
export async function recordAudit(
  deps: Pick<AppDeps, 'db'>,
  owner: SignedInOwner,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertAudit(deps.db, { clientCode: owner.clientCode, ownerId: owner.id, action, detail });
}
