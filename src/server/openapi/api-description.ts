import type * as z from 'zod/mini';
import { freeDaysRequestSchema } from '../../common/booking-free-days.js';
import { moveBookingRequestSchema } from '../../common/booking-manage.js';
import { versionedBookingRulesSchema } from '../../common/booking-rules.js';
import { availableTimesRequestSchema, createBookingRequestSchema } from '../../common/booking.js';
import { newCalendarFeedSchema } from '../../common/calendar-feeds.js';
import {
  addCustomerNoteSchema,
  customerSearchQuerySchema,
  mergeCustomerSchema,
} from '../../common/customers.js';
import {
  activeRequestSchema,
  bookingSearchQuerySchema,
  bookingStatusRequestSchema,
  cancelBookingRequestSchema,
  cancelPreviewRequestSchema,
  categoryInputSchema,
  closingCancelSchema,
  closingRangeSchema,
  diaryQuerySchema,
  moveBookingByOwnerSchema,
  moveTimesQuerySchema,
  ownerBookingRequestSchema,
  reorderRequestSchema,
  treatmentInputSchema,
} from '../../common/diary.js';
import { periodQuerySchema } from '../../common/exports.js';
import {
  libraryPictureChoiceSchema,
  productEditSchema,
  productFieldsSchema,
  productPicturesEditSchema,
} from '../../common/manage-products.js';
import {
  staffEditSchema,
  staffFieldsSchema,
  staffTimeOffSchema,
} from '../../common/manage-staff.js';
import { morningSummaryEditSchema } from '../../common/morning-summary.js';
import {
  changeOrderStatusSchema,
  placeOrderRequestSchema,
  quoteRequestSchema,
} from '../../common/orders.js';
import {
  resetRequestSchema,
  setPasswordRequestSchema,
  signInRequestSchema,
} from '../../common/owners.js';
import {
  bookingReportQuerySchema,
  dashboardQuerySchema,
  orderReportQuerySchema,
  reportRangeSchema,
} from '../../common/reports.js';
import {
  reviewAskingEditSchema,
  reviewEditSchema,
  reviewFieldsSchema,
  reviewOrderSchema,
  reviewReplySchema,
  reviewStatusChangeSchema,
} from '../../common/reviews.js';
import {
  newShopCategorySchema,
  shopCategoryEditSchema,
  shopCategoryOrderSchema,
} from '../../common/shop-categories.js';
import { saveDiscountCodeSchema, saveShopSettingsSchema } from '../../common/shop-settings.js';
import { publishSchema, saveDraftSchema } from '../../common/site-content.js';
import {
  teamActiveRequestSchema,
  teamInviteRequestSchema,
  teamRoleRequestSchema,
} from '../../common/team.js';

/**
 * What a request's body is: one of the shared zod schemas the handler parses (src/common), JSON
 * checked by a schema local to the route file ('json'), or a multipart picture upload ('upload').
 */
export type BodyDescription = z.ZodMiniType | 'json' | 'upload';

/** What a successful answer is, when it is not JSON. */
export type AnswerKind = 'csv' | 'image' | 'text' | 'xml' | 'calendar' | 'html';

export interface RouteDescription {
  /** One line: what the route does. */
  summary: string;
  /** The group it is listed under: the server folder the route lives in. */
  tag: string;
  /** The query the handler parses, as the handler parses it. */
  query?: z.ZodMiniType;
  body?: BodyDescription;
  /** Unset: a JSON object (its TypeScript type is named in the route file). */
  answer?: AnswerKind;
  /** The success status when it is not 200 (201 for a created record). */
  status?: number;
}

/**
 * THE list of the HTTP API, one entry per route Fastify registers, keyed `METHOD /path` with the
 * path as written in the route (`:id` for a parameter). The OpenAPI document (openapi-document.ts)
 * is made from it; who may call a route (public, owner, owner or staff) is read from the path and
 * owners/staff-permissions.ts rather than written here, so it cannot disagree with the guard.
 *
 * Adding a route? Add its line here, with the same zod schema its handler gives parseRequest:
 * tests/integration/api-description.test.ts fails, naming the route, until you do
 * (docs/decisions/0074-api-description.md).
 */
export const apiRoutes: Readonly<Record<string, RouteDescription>> = {
  // src/server/audit/audit-routes.ts
  'GET /api/manage/audit': { summary: 'Read audit', tag: 'audit' },

  // src/server/booking/diary/manage-diary-routes.ts
  'GET /api/manage/diary': { summary: 'Read diary', tag: 'booking', query: diaryQuerySchema },
  'GET /api/manage/bookings/:id': { summary: 'One of bookings', tag: 'booking' },
  'POST /api/manage/bookings/:id/cancel': {
    summary: 'Post bookings cancel',
    tag: 'booking',
    body: cancelBookingRequestSchema,
  },
  'POST /api/manage/bookings': {
    summary: 'Post bookings',
    tag: 'booking',
    body: ownerBookingRequestSchema,
  },
  'GET /api/manage/bookings/search': {
    summary: 'Searching bookings (a static path, so it wins over /bookings/:id) and marking one',
    tag: 'booking',
    query: bookingSearchQuerySchema,
  },
  'POST /api/manage/bookings/:id/status': {
    summary: 'Post bookings status',
    tag: 'booking',
    body: bookingStatusRequestSchema,
  },
  'GET /api/manage/booking-rules': { summary: 'Read booking rules', tag: 'booking' },
  'PUT /api/manage/booking-rules': {
    summary: 'Replace booking rules',
    tag: 'booking',
    body: versionedBookingRulesSchema,
  },
  'GET /api/manage/menu': { summary: 'Read menu', tag: 'booking' },
  'POST /api/manage/categories': {
    summary: 'Post categories',
    tag: 'booking',
    body: categoryInputSchema,
  },
  'PUT /api/manage/categories/order': {
    summary: 'Replace categories order',
    tag: 'booking',
    body: reorderRequestSchema,
  },
  'PUT /api/manage/categories/:id': {
    summary: 'Replace categories',
    tag: 'booking',
    body: categoryInputSchema,
  },
  'PUT /api/manage/categories/:id/active': {
    summary: 'Replace categories active',
    tag: 'booking',
    body: activeRequestSchema,
  },
  'PUT /api/manage/categories/:id/treatments/order': {
    summary: 'Replace categories treatments order',
    tag: 'booking',
    body: reorderRequestSchema,
  },
  'POST /api/manage/treatments': {
    summary: 'Post treatments',
    tag: 'booking',
    body: treatmentInputSchema,
  },
  'PUT /api/manage/treatments/:id': {
    summary: 'Replace treatments',
    tag: 'booking',
    body: treatmentInputSchema,
  },
  'PUT /api/manage/treatments/:id/active': {
    summary: 'Replace treatments active',
    tag: 'booking',
    body: activeRequestSchema,
  },
  'GET /api/manage/bookings/:id/move-times': {
    summary: "Moving a booking, the cancellation e-mail's preview, and closing over bookings",
    tag: 'booking',
    query: moveTimesQuerySchema,
  },
  'POST /api/manage/bookings/:id/move': {
    summary: 'Post bookings move',
    tag: 'booking',
    body: moveBookingByOwnerSchema,
  },
  'POST /api/manage/bookings/:id/cancel-preview': {
    summary: 'Post bookings cancel preview',
    tag: 'booking',
    body: cancelPreviewRequestSchema,
  },
  'POST /api/manage/closing/affected': {
    summary: 'Post closing affected',
    tag: 'booking',
    body: closingRangeSchema,
  },
  'POST /api/manage/closing/cancel': {
    summary: 'Post closing cancel',
    tag: 'booking',
    body: closingCancelSchema,
  },
  'GET /api/categories/list': { summary: 'Read categories list', tag: 'booking' },
  'GET /api/bookings/rules': {
    summary: "The visitor's share of the owner's rules (the calendar's horizon)",
    tag: 'booking',
  },
  'GET /api/treatments/list': { summary: 'Read treatments list', tag: 'booking' },
  'POST /api/bookings/time': {
    summary: 'The free times for the chosen treatments on one day',
    tag: 'booking',
    body: availableTimesRequestSchema,
  },
  'GET /api/bookings/free-days': {
    summary: 'Read bookings free days',
    tag: 'booking',
    query: freeDaysRequestSchema,
  },
  'POST /api/bookings/create': {
    summary: 'Post bookings create',
    tag: 'booking',
    body: createBookingRequestSchema,
  },
  'GET /api/bookings/manage/:token': { summary: 'One of bookings manage', tag: 'booking' },
  'POST /api/bookings/manage/:token/cancel': {
    summary: 'Post bookings manage cancel',
    tag: 'booking',
  },
  'POST /api/bookings/confirm/:token': {
    summary: 'A new customer confirms a held booking (issue 17)',
    tag: 'booking',
  },
  'POST /api/bookings/manage/:token/move': {
    summary: 'Post bookings manage move',
    tag: 'booking',
    body: moveBookingRequestSchema,
  },

  // src/server/calendar-feeds/calendar-feed-routes.ts
  'GET /calendar/:file': { summary: 'One of calendar', tag: 'calendar-feeds', answer: 'calendar' },
  'GET /api/manage/calendar-feeds': { summary: 'Read calendar feeds', tag: 'calendar-feeds' },
  'POST /api/manage/calendar-feeds': {
    summary: 'Post calendar feeds',
    tag: 'calendar-feeds',
    body: newCalendarFeedSchema,
  },
  'POST /api/manage/calendar-feeds/:id/revoke': {
    summary: 'Post calendar feeds revoke',
    tag: 'calendar-feeds',
  },

  // src/server/catalogue/catalogue-routes.ts
  'GET /api/products': { summary: 'Read products', tag: 'catalogue' },
  'GET /api/products/:id': { summary: 'One of products', tag: 'catalogue' },
  'GET /api/manage/products': { summary: 'Read products', tag: 'catalogue' },
  'POST /api/manage/products': {
    summary: 'A new product starts hidden and without pictures',
    tag: 'catalogue',
    body: productFieldsSchema,
  },
  'PUT /api/manage/products/:id': {
    summary: 'Replace products',
    tag: 'catalogue',
    body: productEditSchema,
  },
  'POST /api/manage/products/:id/visibility': {
    summary: 'Post products visibility',
    tag: 'catalogue',
    body: 'json',
  },
  'POST /api/manage/products/order': {
    summary: 'Post products order',
    tag: 'catalogue',
    body: 'json',
  },
  'POST /api/manage/products/:id/picture': {
    summary: 'Post products picture',
    tag: 'catalogue',
    body: 'upload',
  },
  'POST /api/manage/products/:id/pictures': {
    summary: 'Another picture for the gallery, after the others',
    tag: 'catalogue',
    body: 'upload',
  },
  'POST /api/manage/products/:id/pictures/library': {
    summary: 'Post products pictures library',
    tag: 'catalogue',
    body: libraryPictureChoiceSchema,
  },
  'PUT /api/manage/products/:id/pictures': {
    summary: 'The pictures in a new order, with their alt texts',
    tag: 'catalogue',
    body: productPicturesEditSchema,
  },
  'GET /api/manage/shop-categories': { summary: 'Read shop categories', tag: 'catalogue' },
  'POST /api/manage/shop-categories': {
    summary: 'Post shop categories',
    tag: 'catalogue',
    body: newShopCategorySchema,
  },
  'PUT /api/manage/shop-categories/:slug': {
    summary: 'Replace shop categories',
    tag: 'catalogue',
    body: shopCategoryEditSchema,
  },
  'POST /api/manage/shop-categories/order': {
    summary: 'Post shop categories order',
    tag: 'catalogue',
    body: shopCategoryOrderSchema,
  },

  // src/server/clients/clients-routes.ts
  'GET /api/client': { summary: 'Read client', tag: 'clients' },
  'GET /api/manage/content': { summary: 'Read content', tag: 'clients' },
  'PUT /api/manage/content/draft': {
    summary: 'Replace content draft',
    tag: 'clients',
    body: saveDraftSchema,
  },
  'POST /api/manage/content/publish': {
    summary: 'Post content publish',
    tag: 'clients',
    body: publishSchema,
  },
  'DELETE /api/manage/content/draft': { summary: 'Remove content draft', tag: 'clients' },

  // src/server/customers/customer-routes.ts
  'GET /api/manage/customers': {
    summary: 'Read customers',
    tag: 'customers',
    query: customerSearchQuerySchema,
  },
  'GET /api/manage/customers/:id': { summary: 'One of customers', tag: 'customers' },
  'POST /api/manage/customers/:id/notes': {
    summary: 'Post customers notes',
    tag: 'customers',
    body: addCustomerNoteSchema,
  },
  'POST /api/manage/customers/:id/merge': {
    summary: 'Post customers merge',
    tag: 'customers',
    body: mergeCustomerSchema,
  },
  'GET /api/manage/customers/:id/export': { summary: 'Read customers export', tag: 'customers' },
  'GET /api/manage/customers/:id/export.json': {
    summary: 'Read customers export json',
    tag: 'customers',
  },
  'GET /api/manage/customers/:id/export.csv': {
    summary: 'Read customers export csv',
    tag: 'customers',
    answer: 'csv',
  },
  'POST /api/manage/customers/:id/erase': { summary: 'Post customers erase', tag: 'customers' },

  // src/server/diagnostics/diagnostics-routes.ts
  'POST /api/diagnostics/failure-probe': {
    summary: 'Post diagnostics failure probe',
    tag: 'diagnostics',
    body: 'json',
  },

  // src/server/exports/export-routes.ts
  'GET /api/manage/export/bookings.csv': {
    summary: 'The bookings of a period as CSV',
    tag: 'exports',
    query: periodQuerySchema,
    answer: 'csv',
  },
  'GET /api/manage/export/orders.csv': {
    summary: 'The orders of a period as CSV',
    tag: 'exports',
    query: periodQuerySchema,
    answer: 'csv',
  },
  'GET /api/manage/export/customers.csv': {
    summary: 'Read export customers csv',
    tag: 'exports',
    answer: 'csv',
  },

  // src/server/forms/forms-routes.ts, relay-routes.ts
  'POST /api/v1.0/email/send': {
    summary: 'Send a form by e-mail (the EmailJS REST shape, JSON)',
    tag: 'forms',
    body: 'json',
  },
  'POST /api/v1.0/email/send-form': {
    summary: 'Send a form by e-mail (the EmailJS REST shape, multipart)',
    tag: 'forms',
    body: 'upload',
  },
  'GET /api/form-token': { summary: 'Read form token', tag: 'forms' },

  // src/server/http/health-routes.ts
  'GET /api/health': { summary: 'Read health', tag: 'http' },
  'GET /api/health/live': { summary: 'Read health live', tag: 'http' },
  'GET /api/health/ready': { summary: 'Read health ready', tag: 'http' },

  // src/server/mail/manage-outbox-routes.ts
  'GET /api/manage/outbox': { summary: 'Read outbox', tag: 'mail' },
  'POST /api/manage/outbox/:id/retry': { summary: 'Post outbox retry', tag: 'mail' },

  // src/server/media/manage-media-routes.ts
  'GET /api/manage/media': { summary: 'Read media', tag: 'media' },
  'POST /api/manage/media': { summary: 'Post media', tag: 'media', body: 'upload' },
  'DELETE /api/manage/media/:name': { summary: 'Remove media', tag: 'media' },

  // src/server/metrics/metrics-routes.ts
  'GET /metrics': { summary: 'Read metrics', tag: 'metrics', answer: 'text' },

  // src/server/morning-summary/morning-summary-routes.ts
  'GET /api/manage/morning-summary': { summary: 'Read morning summary', tag: 'morning-summary' },
  'PUT /api/manage/morning-summary': {
    summary: 'Replace morning summary',
    tag: 'morning-summary',
    body: morningSummaryEditSchema,
  },

  // src/server/orders/manage-orders-routes.ts
  'GET /api/manage/orders': { summary: 'Read orders', tag: 'orders' },
  'GET /api/manage/orders/:orderNumber': { summary: 'One of orders', tag: 'orders' },
  'POST /api/manage/orders/:orderNumber/status': {
    summary: 'Post orders status',
    tag: 'orders',
    body: changeOrderStatusSchema,
  },
  'GET /api/manage/shop-settings': { summary: 'Read shop settings', tag: 'orders' },
  'PUT /api/manage/shop-settings': {
    summary: 'Replace shop settings',
    tag: 'orders',
    body: saveShopSettingsSchema,
  },
  'GET /api/manage/discount-codes': { summary: 'Read discount codes', tag: 'orders' },
  'POST /api/manage/discount-codes': {
    summary: 'Post discount codes',
    tag: 'orders',
    body: saveDiscountCodeSchema,
  },
  'PUT /api/manage/discount-codes/:id': {
    summary: 'Replace discount codes',
    tag: 'orders',
    body: saveDiscountCodeSchema,
  },
  'POST /api/orders/quote': {
    summary: 'Post orders quote',
    tag: 'orders',
    body: quoteRequestSchema,
  },
  'POST /api/orders/create': {
    summary: 'Post orders create',
    tag: 'orders',
    body: placeOrderRequestSchema,
  },

  // src/server/owners/manage-routes.ts
  'GET /api/manage/me': { summary: 'Read me', tag: 'owners' },
  'POST /api/manage/logout-everywhere': { summary: 'Post logout everywhere', tag: 'owners' },
  'POST /api/owner/login': {
    summary: 'Post owner login',
    tag: 'owners',
    body: signInRequestSchema,
  },
  'POST /api/owner/logout': { summary: 'Post owner logout', tag: 'owners' },
  'POST /api/owner/reset-request': {
    summary: 'Post owner reset request',
    tag: 'owners',
    body: resetRequestSchema,
  },
  'POST /api/owner/set-password': {
    summary: 'Post owner set password',
    tag: 'owners',
    body: setPasswordRequestSchema,
  },
  'GET /api/manage/team': { summary: 'Read team', tag: 'owners' },
  'POST /api/manage/team/invitations': {
    summary: 'Post team invitations',
    tag: 'owners',
    body: teamInviteRequestSchema,
  },
  'POST /api/manage/team/:id/invitation': { summary: 'Post team invitation', tag: 'owners' },
  'PUT /api/manage/team/:id/role': {
    summary: 'Replace team role',
    tag: 'owners',
    body: teamRoleRequestSchema,
  },
  'PUT /api/manage/team/:id/active': {
    summary: 'Replace team active',
    tag: 'owners',
    body: teamActiveRequestSchema,
  },

  // src/server/reports/manage-reports-routes.ts
  'GET /api/manage/dashboard': {
    summary: 'Read dashboard',
    tag: 'reports',
    query: dashboardQuerySchema,
  },
  'GET /api/manage/reports/summary': {
    summary: 'Read reports summary',
    tag: 'reports',
    query: reportRangeSchema,
  },
  'GET /api/manage/reports/bookings': {
    summary: 'Read reports bookings',
    tag: 'reports',
    query: bookingReportQuerySchema,
  },
  'GET /api/manage/reports/orders': {
    summary: 'Read reports orders',
    tag: 'reports',
    query: orderReportQuerySchema,
  },

  // src/server/retention/retention-routes.ts
  'GET /api/manage/retention': { summary: 'Read retention', tag: 'retention' },

  // src/server/reviews/manage-reviews-routes.ts
  'GET /api/manage/reviews': { summary: 'Read reviews', tag: 'reviews' },
  'POST /api/manage/reviews': {
    summary: 'The owner adds a review they were given (a card, an e-mail)',
    tag: 'reviews',
    body: reviewFieldsSchema,
  },
  'PUT /api/manage/reviews/:id': {
    summary: 'Replace reviews',
    tag: 'reviews',
    body: reviewEditSchema,
  },
  'POST /api/manage/reviews/:id/status': {
    summary: 'Post reviews status',
    tag: 'reviews',
    body: reviewStatusChangeSchema,
  },
  'POST /api/manage/reviews/:id/reply': {
    summary: 'The reply is public',
    tag: 'reviews',
    body: reviewReplySchema,
  },
  'POST /api/manage/reviews/order': {
    summary: 'Post reviews order',
    tag: 'reviews',
    body: reviewOrderSchema,
  },
  'GET /api/review-requests/:token': { summary: 'One of api review requests', tag: 'reviews' },
  'POST /api/review-requests/:token': {
    summary: 'Act on api review requests',
    tag: 'reviews',
    body: reviewFieldsSchema,
  },
  'GET /api/manage/reviews/settings': { summary: 'Read reviews settings', tag: 'reviews' },
  'PUT /api/manage/reviews/settings': {
    summary: 'Replace reviews settings',
    tag: 'reviews',
    body: reviewAskingEditSchema,
  },
  'GET /api/reviews': { summary: 'Read reviews', tag: 'reviews' },

  // src/server/seo/seo-routes.ts
  'GET /robots.txt': { summary: 'Read robots txt', tag: 'seo', answer: 'text' },
  'GET /sitemap.xml': { summary: 'Read sitemap xml', tag: 'seo', answer: 'xml' },
  'GET /favicon.ico': { summary: 'Read favicon ico', tag: 'seo', answer: 'image' },
  'GET /apple-touch-icon.png': {
    summary: 'Read apple touch icon png',
    tag: 'seo',
    answer: 'image',
  },
  'GET /logo.png': { summary: 'Read logo png', tag: 'seo', answer: 'image' },
  'GET /share-image.png': { summary: 'Read share image png', tag: 'seo', answer: 'image' },

  // src/server/staff/manage-staff-routes.ts
  'GET /api/manage/staff': { summary: 'Read staff', tag: 'staff' },
  'POST /api/manage/staff': { summary: 'Post staff', tag: 'staff', body: staffFieldsSchema },
  'PUT /api/manage/staff/order': {
    summary: 'Replace staff order',
    tag: 'staff',
    body: reorderRequestSchema,
  },
  'PUT /api/manage/staff/:id': { summary: 'Replace staff', tag: 'staff', body: staffEditSchema },
  'PUT /api/manage/staff/:id/active': {
    summary: 'Replace staff active',
    tag: 'staff',
    body: activeRequestSchema,
  },
  'POST /api/manage/staff/:id/time-off': {
    summary: 'Post staff time off',
    tag: 'staff',
    body: staffTimeOffSchema,
  },
  'DELETE /api/manage/staff/:id/time-off/:timeOffId': {
    summary: 'Remove staff time off',
    tag: 'staff',
  },
  'GET /api/staff/list': { summary: 'Read staff list', tag: 'staff' },

  // src/server/visits/visits-routes.ts
  'POST /api/visit': { summary: 'Post api visit', tag: 'visits' },
  'GET /api/manage/reports/visits': {
    summary: 'Read reports visits',
    tag: 'visits',
    query: periodQuerySchema,
  },

  // src/server/openapi/openapi-routes.ts
  'GET /api/openapi.json': { summary: 'This document (OpenAPI 3.1)', tag: 'openapi' },
  'GET /api/docs': {
    summary: 'This document as a page (outside production)',
    tag: 'openapi',
    answer: 'html',
  },
};
