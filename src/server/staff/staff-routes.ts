import type { FastifyPluginAsync } from 'fastify';
import type { StaffList } from '../../common/staff.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { cachedJsonAnswer } from '../kernel/reference-cache.js';
import { listStaff } from './staff-store.js';

/**
 * GET /api/staff/list (issue 32): the client's active staff as visitors choose among them, in the
 * owner's display order, with their own prices and lengths where they differ from the treatments'
 * (the page shows what the booking will cost); an empty list for a client without staff. Cached
 * like the other lists.
 */
export const staffRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps;
  app.get('/api/staff/list', async (request, reply) =>
    cachedJsonAnswer(request, reply, deps, request.client.name, 'staff', async () => {
      const members = await listStaff(db, request.client.name, { activeOnly: true });
      const list: StaffList = members.map((m) => ({
        id: m.id,
        name: m.name,
        bio: m.bio,
        photo: m.photo,
        treatmentIds: m.treatments.map((t) => t.treatmentId),
        own: m.treatments
          .filter((t) => t.pricePence !== null || t.durationMinutes !== null)
          .map(({ treatmentId, pricePence, durationMinutes }) => ({
            treatmentId,
            pricePence,
            durationMinutes,
          })),
      }));
      return list;
    }),
  );
};
