import type { FastifyPluginAsync } from 'fastify';
import type { OwnerView } from '../../common/owners.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { ownerView } from './owner-routes.js';

/** GET /api/manage/me: who is signed in (under http/manage-api.ts, behind the owner guard). */
export const manageRoutes: FastifyPluginAsync<AppDeps> = async (app) => {
  app.get('/me', async (request): Promise<OwnerView> => ownerView(request.owner, request.client));
};
