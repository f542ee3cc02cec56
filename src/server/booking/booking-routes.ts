import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  availableTimesRequestSchema,
  createBookingRequestSchema,
  type AvailableTimes,
  type StoredBooking,
} from '../../common/booking.js';
import type { AppDeps } from '../app.js';
import { httpError, parseRequest } from '../http-errors.js';
import { cachedJsonAnswer } from '../reference-cache.js';
import { findAvailableStartTimes } from './availability.js';
import {
  BookingRefusal,
  createBooking,
  findBookedIntervals,
  listCategories,
  listTreatments,
  requireBookingRules,
} from './booking-store.js';

const treatmentsQuerySchema = z.object({
  activeOnly: z.enum(['0', '1', 'true', 'false'], 'activeOnly must be 1 or 0').optional(),
});

/** Maps a booking refusal to its status; anything else stays a server error. */
function asHttpError(error: unknown): unknown {
  return error instanceof BookingRefusal ? httpError(error.statusCode, error.message) : error;
}

/**
 * The booking API (spec section 7), always scoped to the client resolved for the request.
 * `now` is injectable only so a test can pin the clock; the server uses the real one.
 */
export function registerBookingRoutes(
  app: FastifyInstance,
  { db, dbKind, config, referenceCache }: AppDeps,
  now: () => Date = () => new Date(),
): void {
  app.get('/api/categories/list', async (request, reply) =>
    cachedJsonAnswer(reply, referenceCache, `categories:${request.client.name}`, () =>
      listCategories(db, request.client.name),
    ),
  );

  app.get('/api/treatments/list', async (request, reply) => {
    const { activeOnly } = parseRequest(treatmentsQuerySchema, request.query, 'query');
    const onlyActive = activeOnly === '1' || activeOnly === 'true';
    return cachedJsonAnswer(
      reply,
      referenceCache,
      `treatments:${request.client.name}:${onlyActive}`,
      () => listTreatments(db, request.client.name, onlyActive),
    );
  });

  app.post('/api/bookings/time', async (request): Promise<AvailableTimes> => {
    try {
      const client = request.client;
      const rules = requireBookingRules(client);
      const { bookingDate, estmatedDuration } = parseRequest(
        availableTimesRequestSchema,
        request.body ?? {},
        'request for available times',
      );
      const result = findAvailableStartTimes({
        date: bookingDate,
        durationMinutes: estmatedDuration,
        rules,
        timeZone: client.timeZone,
        now: now(),
        existing: await findBookedIntervals(db, client.name, bookingDate),
      });
      if (!result.ok) throw httpError(400, result.reason);
      return result.times;
    } catch (error) {
      throw asHttpError(error);
    }
  });

  // Each request may hold a slot, so one address may not send many: without a limit a script could
  // book out a whole day. Counted per address per hour, whatever the answer.
  const bookingLimit = {
    max: config.bookingLimitPerIpPerHour,
    timeWindow: 60 * 60_000,
    errorResponseBuilder: (_request: unknown, context: { after: string }) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many booking requests from your address. Please try again in ${context.after}, or call us to book.`,
    }),
  };
  app.post(
    '/api/bookings/create',
    { config: { rateLimit: bookingLimit } },
    async (request): Promise<{ data: StoredBooking }> => {
      try {
        requireBookingRules(request.client);
        const payload = parseRequest(createBookingRequestSchema, request.body ?? {}, 'booking');
        const data = await createBooking(
          { db, dbKind, client: request.client, mailFrom: config.mailFrom, now: now() },
          payload,
        );
        return { data };
      } catch (error) {
        throw asHttpError(error);
      }
    },
  );
}
