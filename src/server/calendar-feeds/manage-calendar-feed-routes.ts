import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  newCalendarFeedSchema,
  type CalendarFeedEntry,
  type CalendarFeedList,
  type CreatedCalendarFeed,
} from '../../common/calendar-feeds.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { siteOriginOfRequest } from '../kernel/site-origin.js';
import {
  createFeed,
  listFeeds,
  revokeFeed,
  type FeedOwnerContext,
} from './calendar-feed-service.js';

const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'the id must be a number' })
    .int('the id must be a whole number')
    .positive('the id must be a positive number')
    .max(2_147_483_647, 'there is no such id'),
});

/**
 * The owner's calendar feeds (/api/manage/calendar-feeds, issue 32), behind the one owner guard:
 * list, make one for the salon or a therapist (the link is answered this once), revoke. Every id
 * is looked up with the signed-in owner's client; another client's feed answers 404. A staff
 * account sees and makes only its own therapist's feed (staff-permissions.ts lets it in).
 */
export const manageCalendarFeedRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const context = (request: FastifyRequest): FeedOwnerContext => ({
    db: deps.db,
    client: request.client,
    now: new Date(),
    audit: (action, detail) => recordAudit(deps, request.owner, action, detail),
    ...(request.owner.role === 'staff' ? { ownStaffId: request.owner.staffId } : {}),
  });

  app.get('/calendar-feeds', async (request): Promise<CalendarFeedList> =>
    listFeeds(context(request)),
  );

  app.post('/calendar-feeds', async (request, reply): Promise<CreatedCalendarFeed> => {
    const body = parseRequest(newCalendarFeedSchema, request.body ?? {}, 'calendar feed');
    const origin = siteOriginOfRequest(request, {
      production: deps.config.env === 'production',
      port: deps.config.port,
      registry: deps.registry,
    });
    const created = await createFeed(context(request), body.staffId ?? null, origin);
    reply.code(201);
    return created;
  });

  app.post('/calendar-feeds/:id/revoke', async (request): Promise<CalendarFeedEntry> => {
    const { id } = parseRequest(idParamsSchema, request.params, 'address');
    return revokeFeed(context(request), id);
  });
};
