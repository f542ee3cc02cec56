/**
 * THE list of what a staff account may do in the owner API (issue 32,
 * docs/decisions/0056-team-roles.md). Staff are DENIED BY DEFAULT: the owner guard
 * (require-owner.ts) lets a staff session through only to a route named here, by its method and
 * its Fastify route pattern (`request.routeOptions.url`, path parameters as written in the route).
 * A new owner route is therefore owner-only until someone adds it here on purpose; the tenant
 * isolation test checks every owner route against this list for a staff session.
 *
 * Review every addition: staff see and run the diary (add, move, mark and cancel bookings, their
 * own calendar); they never change prices, content, hours, other people's settings or the team.
 */
export const staffAllowedRoutes: readonly string[] = [
  // Their own session.
  'GET /api/manage/me',
  'POST /api/manage/logout-everywhere',
  // The diary: reading it, one booking, adding and cancelling.
  'GET /api/manage/diary',
  'GET /api/manage/bookings/:id',
  'GET /api/manage/bookings/search',
  'POST /api/manage/bookings/:id/status',
  'POST /api/manage/bookings',
  'POST /api/manage/bookings/:id/cancel',
  'POST /api/manage/bookings/:id/cancel-preview',
  // Moving a booking to another time, day or therapist (closing days stays with the owner).
  'GET /api/manage/bookings/:id/move-times',
  'POST /api/manage/bookings/:id/move',
  // Their own calendar feed: the service shows and makes only their own therapist's.
  'GET /api/manage/calendar-feeds',
  'POST /api/manage/calendar-feeds',
  'POST /api/manage/calendar-feeds/:id/revoke',
  // Reading the treatments and prices, which the diary's "add a booking" form offers (changing
  // them stays with the owner: PUT/POST on /treatments and /categories are not listed).
  'GET /api/manage/menu',
  // Customer records (issue 33): finding a customer, their page and adding a note (an allergy,
  // a patch test) are part of seeing them; merging two records stays with the owner.
  'GET /api/manage/customers',
  'GET /api/manage/customers/:id',
  'POST /api/manage/customers/:id/notes',
];

const allowed = new Set(staffAllowedRoutes);

/**
 * Whether a staff account may call this route. HEAD is GET's twin (Fastify answers it with the
 * GET handler), so it follows GET's entry.
 */
export function staffMayUse(method: string, routeUrl: string | undefined): boolean {
  if (routeUrl === undefined) return false;
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return allowed.has(`${verb} ${routeUrl}`);
}

/** The one answer to a staff account calling an owner-only route (403). */
export const ownerOnlyMessage =
  'Only the business owner can do this. Your account is a staff account: it can use the diary.';
