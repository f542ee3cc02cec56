import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addBusinessRequestSchema,
  businessActiveRequestSchema,
  operatorMessages,
  operatorSignInRequestSchema,
  type AddedBusiness,
  type OperatorBusiness,
} from '../../common/operator.js';
import { syncClientRegistry } from '../clients/client-registry-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { assertSameSiteRequest } from '../kernel/same-site-request.js';
import { findSessionOwner } from '../owners/owner-store.js';
import { sessionTokenFrom } from '../owners/session-cookie.js';
import { addBusiness } from './onboarding-service.js';
import { listClientRows, setClientDisabled } from './onboarding-store.js';
import {
  bearerOf,
  clearedOperatorCookieHeader,
  hasOperatorSession,
  isOperatorToken,
  operatorCookieHeader,
} from './operator-session.js';

/** Where the operator's API lives (decision 0080). */
export const operatorApiPrefix = '/api/operator';

const codeParamsSchema = z.object({
  code: z.string().regex(/^[A-Za-z][A-Za-z0-9]{1,7}$/, operatorMessages.noSuchClient),
});

/**
 * The operator's API (/api/operator…, docs/decisions/0080-the-operators-screen.md): the host adds
 * a business, lists them, switches one off and on, through the same service as `npm run client`.
 * Registered only when OPERATOR_TOKEN is set. The guard: an operator session (or the token as a
 * bearer) passes; a business owner's session is refused with 403; nothing at all is 401.
 */
export const operatorRoutes: FastifyPluginAsync<AppDeps & { token: string }> = async (
  app,
  { token, ...deps },
) => {
  const production = deps.config.env === 'production';

  app.post(
    '/session',
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
    async (request, reply) => {
      assertSameSiteRequest(request);
      const body = parseRequest(operatorSignInRequestSchema, request.body ?? {}, 'sign-in');
      if (!isOperatorToken(body.token, token)) {
        throw new AppError(401, operatorMessages.wrongToken, [
          { path: 'token', message: operatorMessages.wrongToken },
        ]);
      }
      reply.header('set-cookie', operatorCookieHeader(token, production)).code(204);
      return reply.send();
    },
  );

  app.delete('/session', async (request, reply) => {
    assertSameSiteRequest(request);
    reply.header('set-cookie', clearedOperatorCookieHeader(production)).code(204);
    return reply.send();
  });

  await app.register(async (guarded) => {
    guarded.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const bearer = bearerOf(request.headers.authorization);
      if (bearer !== '' && isOperatorToken(bearer, token)) return;
      if (hasOperatorSession(request.headers.cookie, token, production)) {
        assertSameSiteRequest(request);
        return;
      }
      const ownerToken = sessionTokenFrom(request.headers.cookie, production);
      const owner = ownerToken
        ? await findSessionOwner(deps.db, ownerToken, deps.config.ownerSession.idleMs)
        : undefined;
      throw owner
        ? new AppError(403, operatorMessages.ownerRefused)
        : new AppError(401, operatorMessages.signInNeeded);
    });

    /** This instance takes the change in at once; the others within CLIENT_RELOAD_SECONDS. */
    const takeIn = async () => {
      for (const code of await syncClientRegistry(deps.db, deps.registry))
        deps.changes.clientChanged(code);
    };

    guarded.get('/businesses', async (): Promise<OperatorBusiness[]> => listClientRows(deps.db));

    guarded.post('/businesses', async (request, reply): Promise<AddedBusiness> => {
      const body = parseRequest(addBusinessRequestSchema, request.body ?? {}, 'business');
      const outcome = await addBusiness(body, { db: deps.db, config: deps.config });
      if (!outcome.ok) {
        const summary = outcome.issues.map((issue) => issue.message).join(' ');
        throw new AppError(400, `Nothing was added: ${summary}`, outcome.issues);
      }
      await takeIn();
      request.log.info({ client: outcome.added.code }, 'business added by the operator');
      reply.code(201);
      return outcome.added;
    });

    guarded.put('/businesses/:code/active', async (request): Promise<OperatorBusiness[]> => {
      const { code } = parseRequest(codeParamsSchema, request.params, 'address');
      const { active } = parseRequest(businessActiveRequestSchema, request.body ?? {}, 'request');
      if (!(await setClientDisabled(deps.db, code.toUpperCase(), !active)))
        throw new AppError(404, operatorMessages.noSuchClient);
      await takeIn();
      return listClientRows(deps.db);
    });
  });
};
