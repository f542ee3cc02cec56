import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
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
import { deviceCookieHeader } from './known-device.js';
import { deleteSession, findSessionOwner } from './owner-store.js';
import { loadCommonPasswords } from './password-rules.js';
import { recordAudit } from '../audit/audit-store.js';
import { assertSameSiteRequest } from '../kernel/same-site-request.js';
import {
  clearedSessionCookieHeader,
  sessionCookieHeader,
  sessionTokenFrom,
} from './session-cookie.js';
import {
  accountThrottlePolicy,
  addressAccountThrottlePolicy,
  addressThrottlePolicy,
  createSignInThrottle,
} from './sign-in-throttle.js';
import { siteOriginOfRequest } from '../kernel/site-origin.js';

export interface OwnerRoutesOptions extends AppDeps {
  /** Only so a test can use short delays; the server uses the policies in sign-in-throttle.ts. */
  throttles?: SignInThrottles;
}

export function ownerView(
  owner: {
    id: number;
    clientCode: string;
    email: string;
    role: OwnerView['role'];
    staffId: number | null;
  },
  client: ClientConfig,
): OwnerView {
  return {
    id: owner.id,
    clientCode: owner.clientCode,
    email: owner.email,
    businessName: client.title,
    role: owner.role,
    staffId: owner.staffId,
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
    addressAccount: createSignInThrottle(
      addressAccountThrottlePolicy,
      deps.counters,
      'sign-in-address-account',
    ),
    address: createSignInThrottle(addressThrottlePolicy, deps.counters, 'sign-in-address'),
    account: createSignInThrottle(accountThrottlePolicy, deps.counters, 'sign-in-account'),
  };
  const sessionMaxMs = config.ownerSession.maxMs;
  const passwordCost = config.ownerPasswordCost;
  // The session, and the proof that this browser knows the password (known-device.ts).
  const startSession = (reply: FastifyReply, signedIn: { token: string; deviceProof: string }) =>
    reply.header('set-cookie', [
      sessionCookieHeader(signedIn.token, production, sessionMaxMs),
      deviceCookieHeader(signedIn.deviceProof, production),
    ]);
  const originOf = (request: FastifyRequest) =>
    siteOriginOfRequest(request, { production, port: config.port, registry });
  const endSession = (reply: FastifyReply) =>
    reply.header('set-cookie', clearedSessionCookieHeader(production)).code(204).send();

  app.post('/api/owner/login', async (request, reply) => {
    assertSameSiteRequest(request);
    const body = parseRequest(signInRequestSchema, request.body ?? {}, 'sign-in');
    const signedIn = await signIn(
      {
        db,
        client: request.client,
        throttles,
        sessionMaxMs,
        address: request.ip,
        cookieHeader: request.headers.cookie,
        production,
        passwordCost,
        mailFrom: config.mailFrom,
        origin: originOf(request),
      },
      body,
    ).catch((error: unknown) => {
      if (error instanceof SignInThrottled) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      throw error;
    });
    const { owner } = signedIn;
    startSession(reply, signedIn);
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
    await requestPasswordReset(
      { db, client: request.client, mailFrom: config.mailFrom, origin: originOf(request) },
      email,
    );
    return { message: ownerMessages.resetRequested };
  });

  app.post('/api/owner/set-password', async (request, reply) => {
    assertSameSiteRequest(request);
    const body = parseRequest(setPasswordRequestSchema, request.body ?? {}, 'new password');
    const signedIn = await setPasswordWithToken(
      {
        db,
        client: request.client,
        sessionMaxMs,
        throttles,
        address: request.ip,
        passwordCost,
      },
      body,
    );
    const { owner } = signedIn;
    startSession(reply, signedIn);
    reply.header('cache-control', 'no-store');
    return { owner: ownerView(owner, request.client) };
  });
};
