import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  bookingReportQuerySchema,
  dashboardQuerySchema,
  orderReportQuerySchema,
  reportRangeSchema,
  type Dashboard,
  type Report,
  type ReportSummaryWithVisits,
} from '../../common/reports.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { parseRequest } from '../kernel/errors.js';
import { totalVisits } from '../visits/visits-store.js';
import {
  bookingReport,
  dashboard,
  orderReport,
  reportSummary,
  type ReportsContext,
} from './reports-service.js';

/**
 * The owner's figures (issue 34) under /api/manage, behind the one owner guard: 401 without a
 * session, 403 for another client's owner, and 403 for a staff account (none of these routes is
 * on the staff allowlist: the business's takings are the owner's). Each reads only the
 * signed-in owner's client; they change nothing.
 */
export const manageReportsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const context = (request: FastifyRequest): ReportsContext => ({
    db: deps.db,
    // The guard has checked that the owner's client is the request's client.
    client: request.client,
    now: new Date(),
  });

  app.get('/dashboard', async (request): Promise<Dashboard> =>
    dashboard(
      context(request),
      parseRequest(dashboardQuerySchema, request.query ?? {}, 'query').date,
    ),
  );

  app.get('/reports/summary', async (request): Promise<ReportSummaryWithVisits> => {
    const range = parseRequest(reportRangeSchema, request.query ?? {}, 'query');
    // This instance's counts not yet written go in first, so the figure is current.
    await deps.visits.flush();
    const [figures, visits] = await Promise.all([
      reportSummary(context(request), range),
      totalVisits(deps.db, request.client.name, range),
    ]);
    return { ...figures, visits };
  });

  app.get('/reports/bookings', async (request): Promise<Report> =>
    bookingReport(
      context(request),
      parseRequest(bookingReportQuerySchema, request.query ?? {}, 'query'),
    ),
  );

  app.get('/reports/orders', async (request): Promise<Report> =>
    orderReport(
      context(request),
      parseRequest(orderReportQuerySchema, request.query ?? {}, 'query'),
    ),
  );
};
