import type { FreeDays, FreeDaysRequest } from '../../../common/booking-free-days.js';
import { AppError } from '../../kernel/errors.js';
import {
  findBookedIntervalsBetween,
  findStaffBookedIntervalsBetween,
  findTreatments,
} from '../booking-store.js';
import {
  rulesFor,
  staffDaysOf,
  staffPlanFor,
  type AvailableTimesContext,
} from '../booking-service.js';
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
  // Issue 32: with staff, a day is free when a therapist who performs the treatments is.
  const ids = request.treatmentIds ?? [];
  const treatments = ids.length > 0 ? await findTreatments(db, client.name, ids) : [];
  const unknown = ids.filter((id) => !treatments.some((t) => t.id === id));
  if (unknown.length > 0) {
    const message = `${client.title} does not offer treatment ${unknown.join(', ')}. Please choose from the treatments listed.`;
    throw new AppError(400, `Invalid request for free days: ${message}`, [
      { path: 'treatmentIds', message },
    ]);
  }
  const plan = await staffPlanFor(db, client, {
    from: range.from,
    to: range.to,
    staffId: request.staffId,
    treatments,
  });
  const byStaff =
    plan && (await findStaffBookedIntervalsBetween(db, client.name, range.from, range.to, now));
  const result = findFreeDays({
    month: request.month,
    durationMinutes: request.estmatedDuration,
    rules,
    timeZone: client.timeZone,
    now,
    bookedByDate: await findBookedIntervalsBetween(db, client.name, range.from, range.to, now),
    staffOn: plan && ((date) => staffDaysOf(plan, date, byStaff?.get(date))),
  });
  if (!result.ok) throw new AppError(400, result.reason);
  return { month: result.month, days: result.days };
}

/** Where a month's answer is kept in the free-days cache. */
export const freeDaysKey = (request: FreeDaysRequest): string =>
  `free-days|${request.month}|${request.estmatedDuration}|${request.staffId ?? ''}|${request.treatmentIds?.join(',') ?? ''}`;

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
