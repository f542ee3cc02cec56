import type { FreeDays, FreeDaysRequest } from '../../../common/booking-free-days.js';
import { AppError } from '../../kernel/errors.js';
import { findBookedIntervalsBetween } from '../booking-store.js';
import { rulesFor, type AvailableTimesContext } from '../booking-service.js';
import type { AvailableTimesCache } from '../availability/available-times-cache.js';
import { checkMonth, findFreeDays } from '../availability/free-days.js';

/** GET bookings/free-days: what each day of a month offers for treatments of this length. */
export async function findFreeDaysOfMonth(
  { db, client, now, rules: given }: AvailableTimesContext,
  request: FreeDaysRequest,
): Promise<FreeDays> {
  const rules = await rulesFor(db, client, given);
  const range = checkMonth(request.month, rules, client.timeZone, now);
  if (!range.ok) throw new AppError(400, range.reason);
  const result = findFreeDays({
    month: request.month,
    durationMinutes: request.estmatedDuration,
    rules,
    timeZone: client.timeZone,
    now,
    bookedByDate: await findBookedIntervalsBetween(db, client.name, range.from, range.to, now),
  });
  if (!result.ok) throw new AppError(400, result.reason);
  return { month: result.month, days: result.days };
}

/** Where a month's answer is kept in the free-days cache. */
export const freeDaysKey = (request: FreeDaysRequest): string =>
  `free-days|${request.month}|${request.estmatedDuration}`;

/**
 * The month-view answer as JSON text, from the cache while the client's data version and the
 * minute are those it was computed at (available-times-cache.ts); a refused month is refused
 * before the cache is asked.
 */
export async function freeDaysAnswer(
  cache: AvailableTimesCache<string>,
  version: number,
  context: AvailableTimesContext,
  request: FreeDaysRequest,
): Promise<string> {
  const { db, client, now } = context;
  const rules = await rulesFor(db, client, context.rules);
  const range = checkMonth(request.month, rules, client.timeZone, now);
  if (!range.ok) throw new AppError(400, range.reason);
  return cache.get(client.name, version, now, freeDaysKey(request), async () =>
    JSON.stringify(await findFreeDaysOfMonth({ ...context, rules }, request)),
  );
}
