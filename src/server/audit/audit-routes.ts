import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AuditEntry } from '../../common/owners.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { listAudit } from './audit-store.js';

const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional(),
});

/** GET /api/manage/audit: the client's audit trail, newest first (under http/manage-api.ts). */
export const auditRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/audit', async (request): Promise<{ entries: AuditEntry[] }> => {
    const query = parseRequest(auditQuerySchema, request.query, 'query');
    const entries = await listAudit(deps.db, request.owner.clientCode, {
      limit: query.limit,
      beforeId: query.before,
    });
    return { entries };
  });
};
