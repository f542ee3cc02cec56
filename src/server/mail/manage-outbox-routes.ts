import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { OutboxEntry } from '../../common/outbox.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { recordAudit } from '../audit/audit-store.js';
import { listOutboxForClient, retryClientMessage } from './outbox-admin-store.js';

const listQuerySchema = z.object({
  sentDays: z.coerce.number().int().min(1).max(90).default(7),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
const idParamsSchema = z.object({ id: z.coerce.number().int().positive('a message id') });

/**
 * The owner's view of their outbox (/api/manage/outbox): pending and failed messages with the last
 * error, what was sent lately, and a retry for a failed one. Only the owner's client's rows.
 */
export const manageOutboxRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/outbox', async (request): Promise<{ messages: OutboxEntry[] }> => {
    const query = parseRequest(listQuerySchema, request.query, 'query');
    return { messages: await listOutboxForClient(deps.db, request.owner.clientCode, query) };
  });

  app.post('/outbox/:id/retry', async (request): Promise<{ retried: number }> => {
    const { id } = parseRequest(idParamsSchema, request.params, 'message');
    await retryClientMessage(deps.db, request.owner.clientCode, id);
    await recordAudit(deps, request.owner, 'outbox.retry', { id });
    return { retried: id };
  });
};
