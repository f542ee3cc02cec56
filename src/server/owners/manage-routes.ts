import type { FastifyPluginAsync } from 'fastify';
import type { OwnerView } from '../../common/owners.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { ownerView } from './owner-routes.js';
import { deleteOwnerSessions } from './owner-store.js';
import { clearedSessionCookieHeader } from './session-cookie.js';

/**
 * The owner's own account, under http/manage-api.ts and so behind the owner guard:
 * GET /api/manage/me (who is signed in) and POST /api/manage/logout-everywhere (ends every
 * session of this owner, this one included).
 */
export const manageRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const production = deps.config.env === 'production';

  app.get('/me', async (request): Promise<OwnerView> => ownerView(request.owner, request.client));

  app.post('/logout-everywhere', async (request, reply) => {
    const ended = await deleteOwnerSessions(deps.db, request.owner.id);
    await recordAudit(deps, request.owner, 'signed-out-everywhere', { endedSessions: ended });
    return reply.header('set-cookie', clearedSessionCookieHeader(production)).code(204).send();
  });
};
