import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import { ownerMessages } from '../../common/owners.js';
import { resolveRequestClient } from '../kernel/resolve-client.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError } from '../kernel/errors.js';
import { assertSameSiteRequest } from '../kernel/same-site-request.js';
import { findSessionOwner } from './owner-store.js';
import { sessionTokenFrom } from './session-cookie.js';
import { ownerOnlyMessage, staffMayUse } from './staff-permissions.js';

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
  if (!resolution.ok) throw new AppError(resolution.notAvailable ? 404 : 400, resolution.message);
  request.client = resolution.client;
  return resolution.client;
}

/**
 * THE guard of every owner API route (a Fastify preHandler): 401 "Please sign in." without a
 * valid session (unknown, expired, idle too long, account disabled); 403 when the session's
 * client is not the request's client (the host's, or the previewed one); 403 for a
 * state-changing request that fails the cross-site check; 403 for a staff account on a route
 * that staff-permissions.ts does not list (deny by default). On success `request.owner` is set.
 * http/manage-api.ts puts it on the whole owner API (/api/manage/*) once; a resource there looks
 * every id up with `request.owner.clientCode` in the WHERE clause.
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
    // Staff are denied by default: only the routes of the one reviewed list let them through.
    if (account.role !== 'owner' && !staffMayUse(request.method, request.routeOptions.url)) {
      throw new AppError(403, ownerOnlyMessage);
    }
    request.owner = {
      id: account.id,
      clientCode: account.clientCode,
      email: account.email,
      role: account.role,
      staffId: account.staffId,
    };
    // What an owner sees is theirs alone: no shared or browser cache keeps it.
    reply.header('cache-control', 'no-store');
  };
}
