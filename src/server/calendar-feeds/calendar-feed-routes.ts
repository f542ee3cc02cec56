import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError } from '../kernel/errors.js';
import { calendarFeedMessages } from '../../common/calendar-feeds.js';
import { renderFeed } from './calendar-feed-service.js';

/**
 * GET /calendar/<token>.ics (issue 32): a private calendar feed. Not under /api/manage: calendar
 * apps fetch it without a session, so the secret token in the address is the authority. Unknown,
 * revoked or another client's token: 404, with nothing about why. Never cached by anyone else.
 */
export const calendarFeedRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get<{ Params: { file: string } }>('/calendar/:file', async (request, reply) => {
    const { file } = request.params;
    const text = file.endsWith('.ics')
      ? await renderFeed(deps.db, request.client, file.slice(0, -'.ics'.length), new Date())
      : undefined;
    if (text === undefined) throw new AppError(404, calendarFeedMessages.notFound);
    return reply
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .type('text/calendar; charset=utf-8')
      .send(text);
  });
};
