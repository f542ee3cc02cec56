import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import {
  ownerMessages,
  resetRequestSchema,
  setPasswordRequestSchema,
  signInRequestSchema,
  type OwnerView,
} from '../../common/owners.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import {
  requestPasswordReset,
  setPasswordWithToken,
  signIn,
  SignInThrottled,
  type SignInThrottles,
} from './owner-service.js';
import { deleteOwnerSessions, deleteSession, findSessionOwner } from './owner-store.js';
import { loadCommonPasswords } from './password-rules.js';
import { assertSameSiteRequest, recordAudit, requireOwner } from './require-owner.js';
import {
  clearedSessionCookieHeader,
  sessionCookieHeader,
  sessionTokenFrom,
} from './session-cookie.js';
import {
  accountThrottlePolicy,
  addressThrottlePolicy,
  createSignInThrottle,
} from './sign-in-throttle.js';
import { siteOrigin } from './site-origin.js';

export interface OwnerRoutesOptions extends AppDeps {
  /** Only so a test can use short delays; the server uses the policies in sign-in-throttle.ts. */
  throttles?: SignInThrottles;
}

export function ownerView(
  owner: { id: number; clientCode: string; email: string },
  client: ClientConfig,
): OwnerView {
  return {
    id: owner.id,
    clientCode: owner.clientCode,
    email: owner.email,
    businessName: client.title,
  };
}

/**
 * Signing in and out (spec: /login). Every POST here passes the cross-site check first; the
 * session is a cookie (session-cookie.ts) naming a row in owner_sessions.
 */
export const ownerRoutes: FastifyPluginAsync<OwnerRoutesOptions> = async (app, deps) => {
  const { db, config, registry } = deps;
  const production = config.env === 'production';
  loadCommonPasswords();
  const throttles = deps.throttles ?? {
    account: createSignInThrottle(accountThrottlePolicy, deps.counters, 'sign-in-account'),
    address: createSignInThrottle(addressThrottlePolicy, deps.counters, 'sign-in-address'),
  };
  const sessionMaxMs = config.ownerSession.maxMs;
  const startSession = (reply: FastifyReply, token: string) =>
    reply.header('set-cookie', sessionCookieHeader(token, production, sessionMaxMs));
  const endSession = (reply: FastifyReply) =>
    reply.header('set-cookie', clearedSessionCookieHeader(production)).code(204).send();

  app.post('/api/owner/login', async (request, reply) => {
    assertSameSiteRequest(request);
    const body = parseRequest(signInRequestSchema, request.body ?? {}, 'sign-in');
    const { owner, token } = await signIn(
      { db, client: request.client, throttles, sessionMaxMs, address: request.ip },
      body,
    ).catch((error: unknown) => {
      if (error instanceof SignInThrottled) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      throw error;
    });
    startSession(reply, token);
    reply.header('cache-control', 'no-store');
    return { owner: ownerView(owner, request.client) };
  });

  app.post('/api/owner/logout', async (request, reply) => {
    assertSameSiteRequest(request);
    const token = sessionTokenFrom(request.headers.cookie, production);
    if (token) {
      const owner = await findSessionOwner(db, token, config.ownerSession.idleMs);
      await deleteSession(db, token);
      if (owner) await recordAudit(deps, owner, 'signed-out');
    }
    return endSession(reply);
  });

  app.post(
    '/api/owner/logout-everywhere',
    { preHandler: requireOwner(deps) },
    async (request, reply) => {
      const ended = await deleteOwnerSessions(db, request.owner.id);
      await recordAudit(deps, request.owner, 'signed-out-everywhere', { endedSessions: ended });
      return endSession(reply);
    },
  );

  // Each request may send an e-mail: a few per address per quarter-hour is plenty for a person.
  const resetLimit = {
    max: 5,
    timeWindow: 15 * 60_000,
    errorResponseBuilder: (_request: unknown, context: { after: string }) =>
      new AppError(429, `Too many reset requests. Please try again in ${context.after}.`),
  };
  app.post('/api/owner/reset-request', { config: { rateLimit: resetLimit } }, async (request) => {
    assertSameSiteRequest(request);
    const { email } = parseRequest(resetRequestSchema, request.body ?? {}, 'reset request');
    const origin = siteOrigin(request.client, {
      production,
      port: config.port,
      registry,
      requestHost: request.host,
    });
    await requestPasswordReset(
      { db, client: request.client, mailFrom: config.mailFrom, origin },
      email,
    );
    return { message: ownerMessages.resetRequested };
  });

  app.post('/api/owner/set-password', async (request, reply) => {
    assertSameSiteRequest(request);
    const body = parseRequest(setPasswordRequestSchema, request.body ?? {}, 'new password');
    const { owner, token } = await setPasswordWithToken(
      { db, client: request.client, sessionMaxMs },
      body,
    );
    startSession(reply, token);
    reply.header('cache-control', 'no-store');
    return { owner: ownerView(owner, request.client) };
  });
};
