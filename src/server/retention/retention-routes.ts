import type { FastifyPluginAsync } from 'fastify';
import type { RetentionLastRun } from '../../common/retention.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { readRetentionLastRun } from './retention-job.js';

/** GET /api/manage/retention: when old records were last tidied (under http/manage-api.ts; owners only). */
export const manageRetentionRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/retention', async (request): Promise<RetentionLastRun> =>
    readRetentionLastRun(deps.db, request.owner.clientCode),
  );
};
