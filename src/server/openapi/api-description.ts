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
import { paymentSettingsRequestSchema, refundOrderRequestSchema } from '../../common/payments.js';
import { depositSettingsRequestSchema, refundDepositRequestSchema } from '../../common/deposits.js';
import {
  changeOrderStatusSchema,
  orderStatusPreviewRequestSchema,
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
  reportExportKindSchema,
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
import {
  addBusinessRequestSchema,
  businessActiveRequestSchema,
  operatorSignInRequestSchema,
} from '../../common/operator.js';

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
  'GET /api/manage/audit': { summary: "The owner's activity log, newest first", tag: 'audit' },

  // src/server/booking/diary/manage-diary-routes.ts
  'GET /api/manage/diary': {
    summary: 'The diary: bookings, closings and time off for a day or a week',
    tag: 'booking',
    query: diaryQuerySchema,
  },
  'GET /api/manage/bookings/:id': { summary: 'One booking', tag: 'booking' },
  'POST /api/manage/bookings/:id/cancel': {
    summary: 'Cancel a booking (the customer is told by e-mail)',
    tag: 'booking',
    body: cancelBookingRequestSchema,
  },
  'POST /api/manage/bookings/:id/refund-deposit': {
    summary: 'Refund all or part of a booking’s paid deposit through Stripe (owner only)',
    tag: 'booking',
    body: refundDepositRequestSchema,
  },
  'POST /api/manage/bookings': {
    summary: 'Add a booking from the diary',
    tag: 'booking',
    status: 201,
    body: ownerBookingRequestSchema,
  },
  'GET /api/manage/bookings/search': {
    summary: 'Search bookings by customer name, e-mail or telephone',
    tag: 'booking',
    query: bookingSearchQuerySchema,
  },
  'POST /api/manage/bookings/:id/status': {
    summary: 'Mark a booking: arrived, completed, no-show',
    tag: 'booking',
    body: bookingStatusRequestSchema,
  },
  'GET /api/manage/booking-rules': {
    summary: 'The booking rules (notice, horizon, hours)',
    tag: 'booking',
  },
  'PUT /api/manage/booking-rules': {
    summary: 'Save the booking rules (with their version)',
    tag: 'booking',
    body: versionedBookingRulesSchema,
  },
  'GET /api/manage/menu': { summary: 'The treatments and categories, with prices', tag: 'booking' },
  'POST /api/manage/categories': {
    summary: 'Add a treatment category',
    tag: 'booking',
    status: 201,
    body: categoryInputSchema,
  },
  'PUT /api/manage/categories/order': {
    summary: 'Put the categories in a new order',
    tag: 'booking',
    body: reorderRequestSchema,
  },
  'PUT /api/manage/categories/:id': {
    summary: 'Edit a treatment category',
    tag: 'booking',
    body: categoryInputSchema,
  },
  'PUT /api/manage/categories/:id/active': {
    summary: 'Show or hide a treatment category',
    tag: 'booking',
    body: activeRequestSchema,
  },
  'PUT /api/manage/categories/:id/treatments/order': {
    summary: "Put a category's treatments in a new order",
    tag: 'booking',
    body: reorderRequestSchema,
  },
  'POST /api/manage/treatments': {
    summary: 'Add a treatment',
    tag: 'booking',
    status: 201,
    body: treatmentInputSchema,
  },
  'PUT /api/manage/treatments/:id': {
    summary: 'Edit a treatment',
    tag: 'booking',
    body: treatmentInputSchema,
  },
  'PUT /api/manage/treatments/:id/active': {
    summary: 'Show or hide a treatment',
    tag: 'booking',
    body: activeRequestSchema,
  },
  'GET /api/manage/bookings/:id/move-times': {
    summary: 'The free times a booking could move to on a day',
    tag: 'booking',
    query: moveTimesQuerySchema,
  },
  'POST /api/manage/bookings/:id/move': {
    summary: 'Move a booking to another time, day or therapist',
    tag: 'booking',
    body: moveBookingByOwnerSchema,
  },
  'POST /api/manage/bookings/:id/cancel-preview': {
    summary: "The cancellation e-mail's preview",
    tag: 'booking',
    body: cancelPreviewRequestSchema,
  },
  'POST /api/manage/closing/affected': {
    summary: 'The bookings a closing would cancel',
    tag: 'booking',
    body: closingRangeSchema,
  },
  'POST /api/manage/closing/cancel': {
    summary: 'Close days and cancel their bookings',
    tag: 'booking',
    body: closingCancelSchema,
  },
  'GET /api/categories/list': {
    summary: 'The treatment categories a visitor can book',
    tag: 'booking',
  },
  'GET /api/bookings/rules': {
    summary: "The visitor's share of the owner's rules (the calendar's horizon)",
    tag: 'booking',
  },
  'GET /api/treatments/list': { summary: 'The treatments a visitor can book', tag: 'booking' },
  'POST /api/bookings/time': {
    summary: 'The free times for the chosen treatments on one day',
    tag: 'booking',
    body: availableTimesRequestSchema,
  },
  'GET /api/bookings/free-days': {
    summary: 'The days of a month with a free time',
    tag: 'booking',
    query: freeDaysRequestSchema,
  },
  'POST /api/bookings/create': {
    summary: 'Book (a visitor)',
    tag: 'booking',
    body: createBookingRequestSchema,
  },
  'GET /api/bookings/manage/:token': {
    summary: "A visitor's booking, by its link",
    tag: 'booking',
  },
  'POST /api/bookings/manage/:token/cancel': {
    summary: 'A visitor cancels their booking',
    tag: 'booking',
  },
  'POST /api/bookings/confirm/:token': {
    summary: 'A new customer confirms a held booking (issue 17)',
    tag: 'booking',
  },
  'POST /api/bookings/manage/:token/move': {
    summary: 'A visitor moves their booking',
    tag: 'booking',
    body: moveBookingRequestSchema,
  },

  // src/server/calendar-feeds/calendar-feed-routes.ts
  'GET /calendar/:file': {
    summary: 'A private calendar feed (iCalendar)',
    tag: 'calendar-feeds',
    answer: 'calendar',
  },
  'GET /api/manage/calendar-feeds': {
    summary: 'The calendar feeds of this account',
    tag: 'calendar-feeds',
  },
  'POST /api/manage/calendar-feeds': {
    summary: 'Make a calendar feed link',
    tag: 'calendar-feeds',
    status: 201,
    body: newCalendarFeedSchema,
  },
  'POST /api/manage/calendar-feeds/:id/revoke': {
    summary: 'Revoke a calendar feed link',
    tag: 'calendar-feeds',
  },

  // src/server/catalogue/catalogue-routes.ts
  'GET /api/products': {
    summary: 'The shop catalogue (optionally one category)',
    tag: 'catalogue',
  },
  'GET /api/products/:id': { summary: 'One product', tag: 'catalogue' },
  'GET /api/manage/products': { summary: 'Every product, hidden ones too', tag: 'catalogue' },
  'POST /api/manage/products': {
    summary: 'Add a product (hidden, without pictures)',
    tag: 'catalogue',
    status: 201,
    body: productFieldsSchema,
  },
  'PUT /api/manage/products/:id': {
    summary: 'Edit a product (with its version)',
    tag: 'catalogue',
    body: productEditSchema,
  },
  'POST /api/manage/products/:id/visibility': {
    summary: 'Show or hide a product',
    tag: 'catalogue',
    body: 'json',
  },
  'POST /api/manage/products/order': {
    summary: 'Put the products in a new order',
    tag: 'catalogue',
    body: 'json',
  },
  'POST /api/manage/products/:id/picture': {
    summary: "Upload a product's cover picture",
    tag: 'catalogue',
    body: 'upload',
  },
  'POST /api/manage/products/:id/pictures': {
    summary: 'Upload another gallery picture',
    tag: 'catalogue',
    body: 'upload',
  },
  'POST /api/manage/products/:id/pictures/library': {
    summary: 'Add a picture from the library',
    tag: 'catalogue',
    body: libraryPictureChoiceSchema,
  },
  'PUT /api/manage/products/:id/pictures': {
    summary: "Reorder, describe or remove a product's pictures",
    tag: 'catalogue',
    body: productPicturesEditSchema,
  },
  'GET /api/manage/shop-categories': { summary: "The shop's categories", tag: 'catalogue' },
  'POST /api/manage/shop-categories': {
    summary: 'Add a shop category',
    tag: 'catalogue',
    status: 201,
    body: newShopCategorySchema,
  },
  'PUT /api/manage/shop-categories/:slug': {
    summary: 'Edit a shop category',
    tag: 'catalogue',
    body: shopCategoryEditSchema,
  },
  'POST /api/manage/shop-categories/order': {
    summary: 'Put the shop categories in a new order',
    tag: 'catalogue',
    body: shopCategoryOrderSchema,
  },

  // src/server/clients/clients-routes.ts
  'GET /api/client': { summary: "This site's client record (public part)", tag: 'clients' },
  'GET /api/manage/content': { summary: "The site's content: published and draft", tag: 'clients' },
  'PUT /api/manage/content/draft': {
    summary: 'Save the content draft (with its version)',
    tag: 'clients',
    body: saveDraftSchema,
  },
  'POST /api/manage/content/publish': {
    summary: 'Publish the content draft',
    tag: 'clients',
    body: publishSchema,
  },
  'DELETE /api/manage/content/draft': { summary: 'Discard the content draft', tag: 'clients' },

  // src/server/customers/customer-routes.ts
  'GET /api/manage/customers': {
    summary: 'Find customers',
    tag: 'customers',
    query: customerSearchQuerySchema,
  },
  'GET /api/manage/customers/:id': {
    summary: "A customer's record, bookings, orders and notes",
    tag: 'customers',
  },
  'POST /api/manage/customers/:id/notes': {
    summary: 'Add a note to a customer (an allergy, a patch test)',
    tag: 'customers',
    status: 201,
    body: addCustomerNoteSchema,
  },
  'POST /api/manage/customers/:id/merge': {
    summary: 'Merge another record into this customer',
    tag: 'customers',
    body: mergeCustomerSchema,
  },
  'GET /api/manage/customers/:id/export': {
    summary: "A customer's data (subject access), the choice of format",
    tag: 'customers',
  },
  'GET /api/manage/customers/:id/export.json': {
    summary: "A customer's data as JSON",
    tag: 'customers',
  },
  'GET /api/manage/customers/:id/export.csv': {
    summary: "A customer's data as CSV",
    tag: 'customers',
    answer: 'csv',
  },
  'POST /api/manage/customers/:id/erase': {
    summary: "Erase a customer's personal data",
    tag: 'customers',
  },

  // src/server/diagnostics/diagnostics-routes.ts
  'POST /api/diagnostics/failure-probe': {
    summary: 'A test probe of the failure pages (diagnostics)',
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
    summary: 'Every customer as CSV',
    tag: 'exports',
    answer: 'csv',
  },
  'GET /api/manage/export/report.csv': {
    summary:
      'A report’s table as CSV (report=bookings|orders with that report’s by, from and to; report=payments with from and to)',
    tag: 'exports',
    query: reportExportKindSchema,
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
  'GET /api/form-token': {
    summary: 'A form session token for the enquiry and booking forms',
    tag: 'forms',
  },

  // src/server/http/health-routes.ts
  'GET /api/health': { summary: 'The process answers (alias of live)', tag: 'http' },
  'GET /api/health/live': { summary: 'The process answers', tag: 'http' },
  'GET /api/health/ready': {
    summary: 'Every required dependency answers (503 naming the one that does not)',
    tag: 'http',
  },

  // src/server/mail/manage-outbox-routes.ts
  'GET /api/manage/outbox': { summary: "The client's outgoing e-mails, by status", tag: 'mail' },
  'POST /api/manage/outbox/:id/retry': { summary: 'Send a failed e-mail again', tag: 'mail' },

  // src/server/media/manage-media-routes.ts
  'GET /api/manage/media': { summary: "The owner's picture library", tag: 'media' },
  'POST /api/manage/media': {
    summary: 'Upload a picture to the library',
    tag: 'media',
    status: 201,
    body: 'upload',
  },
  'DELETE /api/manage/media/:name': { summary: 'Remove a picture from the library', tag: 'media' },

  // src/server/metrics/metrics-routes.ts
  'GET /metrics': {
    summary: 'Prometheus metrics (needs METRICS_TOKEN as a bearer token)',
    tag: 'metrics',
    answer: 'text',
  },

  // src/server/morning-summary/morning-summary-routes.ts
  'GET /api/manage/morning-summary': {
    summary: "The morning summary e-mail's settings",
    tag: 'morning-summary',
  },
  'PUT /api/manage/morning-summary': {
    summary: "Save the morning summary e-mail's settings",
    tag: 'morning-summary',
    body: morningSummaryEditSchema,
  },

  // src/server/orders/manage-orders-routes.ts
  'GET /api/manage/orders': { summary: 'The orders, by status, newest first', tag: 'orders' },
  'GET /api/manage/orders/:orderNumber': { summary: 'One order', tag: 'orders' },
  'POST /api/manage/orders/:orderNumber/status': {
    summary: "Change an order's status (with its version)",
    tag: 'orders',
    body: changeOrderStatusSchema,
  },
  'POST /api/manage/orders/:orderNumber/status-preview': {
    summary: 'The e-mail a status change would send the customer, with the suggested words',
    tag: 'orders',
    body: orderStatusPreviewRequestSchema,
  },
  'GET /api/manage/payment-settings': {
    summary: 'The Stripe keys, masked (the last four characters only)',
    tag: 'payments',
  },
  'PUT /api/manage/payment-settings': {
    summary: 'Save the Stripe keys (sealed at rest; with the version read)',
    tag: 'payments',
    body: paymentSettingsRequestSchema,
  },
  // ---- Issue 36, the owner's side: test the keys, refund an order ----
  'POST /api/manage/payment-settings/test': {
    summary: 'Ask Stripe whether the saved secret key works (nothing changes at Stripe)',
    tag: 'payments',
  },
  'POST /api/manage/orders/:orderNumber/refund': {
    summary:
      'Refund part or all of a card order through Stripe (at most paid minus refunded), optionally cancelling it',
    tag: 'payments',
    body: refundOrderRequestSchema,
  },
  // ── Booking deposits (issue 36, decision 0079) ──
  'GET /api/manage/deposit-settings': {
    summary: 'The deposits per treatment or booking, and the cancellation policy',
    tag: 'payments',
  },
  'PUT /api/manage/deposit-settings': {
    summary: 'Save the deposits and cancellation policy (with the version read)',
    tag: 'payments',
    body: depositSettingsRequestSchema,
  },
  'GET /api/bookings/deposit-terms': {
    summary: 'Whether a deposit is asked, and the policy, shown before booking',
    tag: 'booking',
  },
  'GET /api/bookings/deposit-hold/:token': {
    summary: 'A deposit hold after Stripe’s page: awaiting payment, confirmed or released',
    tag: 'booking',
  },
  // ── end booking deposits ──
  'POST /api/payments/webhook/:clientCode': {
    summary: 'Stripe’s events for one client, signed (Stripe-Signature checked on the raw body)',
    tag: 'payments',
    body: 'json',
  },
  // ---- Issue 36, the visitor's side of paying for an order (decision 0077) ----
  'GET /api/orders/:orderNumber/payment-status': {
    summary:
      'Whether a card order is paid yet (the buyer’s return pages; ?token= from Stripe’s return address)',
    tag: 'payments',
  },
  // ---- end of the visitor's side ----
  'GET /api/manage/shop-settings': { summary: 'Delivery, VAT and shop settings', tag: 'orders' },
  'PUT /api/manage/shop-settings': {
    summary: 'Save the shop settings',
    tag: 'orders',
    body: saveShopSettingsSchema,
  },
  'GET /api/manage/discount-codes': { summary: 'The discount codes', tag: 'orders' },
  'POST /api/manage/discount-codes': {
    summary: 'Add a discount code',
    tag: 'orders',
    status: 201,
    body: saveDiscountCodeSchema,
  },
  'PUT /api/manage/discount-codes/:id': {
    summary: 'Edit a discount code',
    tag: 'orders',
    body: saveDiscountCodeSchema,
  },
  'POST /api/orders/quote': {
    summary: "Checkout's totals before the order",
    tag: 'orders',
    body: quoteRequestSchema,
  },
  'POST /api/orders/create': {
    summary: 'Place an order',
    tag: 'orders',
    status: 201,
    body: placeOrderRequestSchema,
  },

  // src/server/owners/manage-routes.ts
  'GET /api/manage/me': { summary: 'The signed-in account', tag: 'owners' },
  'POST /api/manage/logout-everywhere': {
    summary: "End every one of this account's sessions",
    tag: 'owners',
  },
  'POST /api/owner/login': {
    summary: 'Sign in',
    tag: 'owners',
    body: signInRequestSchema,
  },
  'POST /api/owner/logout': { summary: 'Sign out', tag: 'owners' },
  'POST /api/owner/reset-request': {
    summary: 'Ask for a password reset e-mail',
    tag: 'owners',
    body: resetRequestSchema,
  },
  'POST /api/owner/set-password': {
    summary: 'Set a password from a one-time link',
    tag: 'owners',
    body: setPasswordRequestSchema,
  },
  'GET /api/manage/team': { summary: 'The owner and staff accounts', tag: 'owners' },
  'POST /api/manage/team/invitations': {
    summary: 'Invite someone to the team',
    tag: 'owners',
    status: 201,
    body: teamInviteRequestSchema,
  },
  'POST /api/manage/team/:id/invitation': { summary: 'Send an invitation again', tag: 'owners' },
  'PUT /api/manage/team/:id/role': {
    summary: "Change a team member's role",
    tag: 'owners',
    body: teamRoleRequestSchema,
  },
  'PUT /api/manage/team/:id/active': {
    summary: 'Turn a team account on or off',
    tag: 'owners',
    body: teamActiveRequestSchema,
  },

  // src/server/reports/manage-reports-routes.ts
  'GET /api/manage/dashboard': {
    summary: "The back office's front page figures for a day",
    tag: 'reports',
    query: dashboardQuerySchema,
  },
  'GET /api/manage/reports/summary': {
    summary: 'Takings and counts for a period, and its card money in pence (decision 0083)',
    tag: 'reports',
    query: reportRangeSchema,
  },
  'GET /api/manage/reports/bookings': {
    summary: 'The bookings report for a period',
    tag: 'reports',
    query: bookingReportQuerySchema,
  },
  'GET /api/manage/reports/orders': {
    summary: 'The orders report for a period',
    tag: 'reports',
    query: orderReportQuerySchema,
  },

  // src/server/retention/retention-routes.ts
  'GET /api/manage/retention': {
    summary: 'How long records are kept, and what is due to go',
    tag: 'retention',
  },

  // src/server/reviews/manage-reviews-routes.ts
  'GET /api/manage/reviews': { summary: 'Every review, pending ones too', tag: 'reviews' },
  'POST /api/manage/reviews': {
    summary: 'Add a review given on paper or by e-mail',
    tag: 'reviews',
    status: 201,
    body: reviewFieldsSchema,
  },
  'PUT /api/manage/reviews/:id': {
    summary: 'Edit a review (with its version)',
    tag: 'reviews',
    body: reviewEditSchema,
  },
  'POST /api/manage/reviews/:id/status': {
    summary: 'Publish or hide a review',
    tag: 'reviews',
    body: reviewStatusChangeSchema,
  },
  'POST /api/manage/reviews/:id/reply': {
    summary: 'Reply to a review (public)',
    tag: 'reviews',
    body: reviewReplySchema,
  },
  'POST /api/manage/reviews/order': {
    summary: 'Put the reviews in a new order',
    tag: 'reviews',
    body: reviewOrderSchema,
  },
  'GET /api/review-requests/:token': { summary: 'A review request, by its link', tag: 'reviews' },
  'POST /api/review-requests/:token': {
    summary: 'Leave a review from a review request',
    tag: 'reviews',
    status: 201,
    body: reviewFieldsSchema,
  },
  'GET /api/manage/reviews/settings': {
    summary: 'The settings for asking customers for reviews',
    tag: 'reviews',
  },
  'PUT /api/manage/reviews/settings': {
    summary: 'Save the settings for asking for reviews',
    tag: 'reviews',
    body: reviewAskingEditSchema,
  },
  'GET /api/reviews': { summary: 'The published reviews', tag: 'reviews' },

  // src/server/seo/seo-routes.ts
  'GET /robots.txt': { summary: 'robots.txt', tag: 'seo', answer: 'text' },
  'GET /sitemap.xml': { summary: 'The sitemap', tag: 'seo', answer: 'xml' },
  'GET /favicon.ico': { summary: "The client's icon", tag: 'seo', answer: 'image' },
  'GET /apple-touch-icon.png': {
    summary: "The client's home-screen icon",
    tag: 'seo',
    answer: 'image',
  },
  'GET /logo.png': { summary: "The client's logo", tag: 'seo', answer: 'image' },
  'GET /share-image.png': {
    summary: 'The image shown when a page is shared',
    tag: 'seo',
    answer: 'image',
  },

  // src/server/staff/manage-staff-routes.ts
  'GET /api/manage/staff': { summary: 'Every staff member', tag: 'staff' },
  'POST /api/manage/staff': {
    summary: 'Add a staff member',
    tag: 'staff',
    status: 201,
    body: staffFieldsSchema,
  },
  'PUT /api/manage/staff/order': {
    summary: 'Put the staff in a new order',
    tag: 'staff',
    body: reorderRequestSchema,
  },
  'PUT /api/manage/staff/:id': {
    summary: 'Edit a staff member (with their version)',
    tag: 'staff',
    body: staffEditSchema,
  },
  'PUT /api/manage/staff/:id/active': {
    summary: 'Turn a staff member on or off',
    tag: 'staff',
    body: activeRequestSchema,
  },
  'POST /api/manage/staff/:id/time-off': {
    summary: 'Add time off',
    tag: 'staff',
    status: 201,
    body: staffTimeOffSchema,
  },
  'DELETE /api/manage/staff/:id/time-off/:timeOffId': {
    summary: 'Remove time off',
    tag: 'staff',
  },
  'GET /api/staff/list': { summary: 'The staff a visitor can book', tag: 'staff' },

  // src/server/visits/visits-routes.ts
  'POST /api/visit': { summary: 'Count a page visit (no cookie)', tag: 'visits' },
  'GET /api/manage/reports/visits': {
    summary: 'Visits for a period',
    tag: 'visits',
    query: periodQuerySchema,
  },

  // src/server/onboarding/operator-routes.ts (only with OPERATOR_TOKEN set)
  'POST /api/operator/session': {
    summary: 'The operator signs in with OPERATOR_TOKEN (a cookie)',
    tag: 'onboarding',
    status: 204,
    body: operatorSignInRequestSchema,
  },
  'DELETE /api/operator/session': {
    summary: 'The operator signs out',
    tag: 'onboarding',
    status: 204,
  },
  'GET /api/operator/businesses': {
    summary: 'Every business: code, name, host names, owners, disabled or not',
    tag: 'onboarding',
  },
  'POST /api/operator/businesses': {
    summary: 'Add a business: record, theme from brand colours, first owner invitation',
    tag: 'onboarding',
    status: 201,
    body: addBusinessRequestSchema,
  },
  'PUT /api/operator/businesses/:code/active': {
    summary: 'Switch a business off (its hosts answer "not available") or on again',
    tag: 'onboarding',
    body: businessActiveRequestSchema,
  },

  // src/server/openapi/openapi-routes.ts
  'GET /api/openapi.json': { summary: 'This document (OpenAPI 3.1)', tag: 'openapi' },
  'GET /api/docs': {
    summary: 'This document as a page (outside production)',
    tag: 'openapi',
    answer: 'html',
  },
};
