import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { addDays, todayInTimeZone } from '../../common/booking.js';
import { periodQuerySchema, topPagesShown, type VisitsReport } from '../../common/exports.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { isBotUserAgent, visitPathFrom } from './visit-rules.js';
import { topVisitedPages, visitsPerDay } from './visits-store.js';

const beaconQuery = z.object({ path: z.string().max(2000).optional() });

/**
 * POST /api/visit?path=/booking: the page's script says a person is looking at a page
 * (src/web/app/shell/count-visit.tsx). Counted in memory against the client and its local day;
 * always 204 with no body and no cookie, bot or not, so nothing can be learnt from the answer.
 * The counts go to the database every VISITS_FLUSH_SECONDS and when the server closes.
 */
export const visitRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.post('/api/visit', async (request, reply) => {
    const query = beaconQuery.safeParse(request.query ?? {});
    const path = query.success ? visitPathFrom(query.data.path) : undefined;
    if (path && !isBotUserAgent(request.headers['user-agent'])) {
      const { client } = request;
      deps.visits.count(client.name, todayInTimeZone(client.timeZone), path);
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  });

  const everyMs = deps.config.visitsFlushMs;
  if (everyMs === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const flush = () =>
    deps.visits.flush().catch((error: unknown) => {
      app.log.warn(`Site visits not written yet (kept for the next try): ${String(error)}`);
    });
  app.addHook('onReady', async () => {
    timer = setInterval(() => void flush(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
};

/**
 * GET /api/manage/reports/visits?from&to (owners only): views per day, every day of the period,
 * and the most viewed pages. This instance's counts are written first, so what the owner sees is
 * up to the moment here (other instances' within VISITS_FLUSH_SECONDS).
 */
export const manageVisitsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/reports/visits', async (request): Promise<VisitsReport> => {
    const period = parseRequest(periodQuerySchema, request.query ?? {}, 'period');
    await deps.visits.flush();
    const clientCode = request.owner.clientCode;
    const [perDay, topPages] = [
      await visitsPerDay(deps.db, clientCode, period),
      await topVisitedPages(deps.db, clientCode, period, topPagesShown),
    ];
    const byDay = new Map(perDay.map((d) => [d.day, d.views]));
    const days: VisitsReport['days'] = [];
    for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
      days.push({ day, views: byDay.get(day) ?? 0 });
    }
    const total = perDay.reduce((sum, d) => sum + d.views, 0);
    return { from: period.from, to: period.to, total, days, topPages };
  });
};
