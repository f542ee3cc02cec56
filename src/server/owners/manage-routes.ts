import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AuditEntry, OwnerView } from '../../common/owners.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { ownerView } from './owner-routes.js';
import { listAudit } from './owner-store.js';
import { requireOwner } from './require-owner.js';

const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional(),
});

/**
 * The back office's own API under /api/manage: who is signed in, and the audit trail. Every
 * route of this plugin is behind the guard; other owner resources do the same in their plugins.
 */
export const manageRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.addHook('preHandler', requireOwner(deps));

  app.get('/api/manage/me', async (request): Promise<OwnerView> =>
    ownerView(request.owner, request.client),
  );

  app.get('/api/manage/audit', async (request): Promise<{ entries: AuditEntry[] }> => {
    const query = parseRequest(auditQuerySchema, request.query, 'query');
    const entries = await listAudit(deps.db, request.owner.clientCode, {
      limit: query.limit,
      beforeId: query.before,
    });
    return { entries };
  });
};
