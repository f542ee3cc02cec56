import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from '../audit/audit-routes.js';
import { manageDiaryRoutes } from '../booking/diary/manage-diary-routes.js';
import { manageCalendarFeedRoutes } from '../calendar-feeds/manage-calendar-feed-routes.js';
import { manageProductsRoutes } from '../catalogue/manage-products-routes.js';
import { manageShopCategoriesRoutes } from '../catalogue/manage-shop-categories-routes.js';
import { manageReviewsRoutes } from '../reviews/manage-reviews-routes.js';
import { manageReviewAskingRoutes } from '../reviews/review-request-routes.js';
import { manageContentRoutes } from '../clients/manage-content-routes.js';
import { customerRoutes } from '../customers/customer-routes.js';
import { manageExportRoutes } from '../exports/export-routes.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { manageOutboxRoutes } from '../mail/manage-outbox-routes.js';
import { manageMediaRoutes } from '../media/manage-media-routes.js';
import { manageMorningSummaryRoutes } from '../morning-summary/morning-summary-routes.js';
import { manageOrdersRoutes } from '../orders/manage-orders-routes.js';
import { manageShopRoutes } from '../orders/manage-shop-routes.js';
import { managePaymentsRoutes } from '../payments/manage-payments-routes.js';
import { manageDepositRoutes } from '../booking/deposits/deposit-routes.js';
import { manageRoutes } from '../owners/manage-routes.js';
import { requireOwner } from '../owners/require-owner.js';
import { manageReportsRoutes } from '../reports/manage-reports-routes.js';
import { teamRoutes } from '../owners/team-routes.js';
import { manageRetentionRoutes } from '../retention/retention-routes.js';
import { manageStaffRoutes } from '../staff/manage-staff-routes.js';
import { manageVisitsRoutes } from '../visits/visits-routes.js';

/** Where the owner API lives; every owner resource is registered under it. */
export const manageApiPrefix = '/api/manage';

/**
 * The owner API: the owner guard (owners/require-owner.ts: 401 without a session, 403 for another
 * client's owner or a cross-site change) on every route, once, then each owner resource's plugin
 * with paths relative to /api/manage. Fastify's encapsulation keeps the guard inside this plugin,
 * so a resource registered here cannot forget it and nothing outside gets it. Register with
 * `{ prefix: manageApiPrefix }`.
 */
export function manageApi(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', requireOwner(deps));
    await app.register(manageRoutes, deps);
    await app.register(auditRoutes, deps);
    await app.register(manageDiaryRoutes, deps);
    await app.register(manageProductsRoutes, deps);
    await app.register(manageShopCategoriesRoutes, deps);
    await app.register(manageOrdersRoutes, deps);
    await app.register(manageOutboxRoutes, deps);
    await app.register(manageContentRoutes, deps);
    await app.register(manageMediaRoutes, deps);
    await app.register(teamRoutes, deps);
    await app.register(manageStaffRoutes, deps);
    await app.register(manageCalendarFeedRoutes, deps);
    await app.register(manageRetentionRoutes, deps);
    await app.register(manageReviewsRoutes, deps);
    await app.register(manageReviewAskingRoutes, deps);
    await app.register(customerRoutes, deps);
    await app.register(manageExportRoutes, deps);
    await app.register(manageVisitsRoutes, deps);
    await app.register(manageMorningSummaryRoutes, deps);
    await app.register(manageReportsRoutes, deps);
    await app.register(manageShopRoutes, deps);
    await app.register(managePaymentsRoutes, deps);
    await app.register(manageDepositRoutes, deps);
  };
}
