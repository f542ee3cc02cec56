import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  createAvailableTimesCache,
  type AvailableTimesCache,
} from '../availability/available-times-cache.js';
import { manageTokenPattern, moveBookingRequestSchema } from '../../../common/booking-manage.js';
import { assertSameSiteRequest } from '../../kernel/same-site-request.js';
import {
  cancelManagedBooking,
  getManagedBooking,
  moveManagedBooking,
} from './visitor-manage-service.js';
import { z } from 'zod';
import {
  availableTimesRequestSchema,
  createBookingRequestSchema,
  type StoredBooking,
} from '../../../common/booking.js';
import { createFormLimits } from '../../forms/form-limits.js';
import type { AppDeps } from '../../kernel/app-deps.js';
import { AppError, parseRequest } from '../../kernel/errors.js';
import { cachedJsonAnswer } from '../../kernel/reference-cache.js';
import type { BookingRules } from '../../../common/booking-rules.js';
import type { ClientConfig } from '../../../common/client-config.js';
import { siteOriginOfRequest } from '../../kernel/site-origin.js';
import { attachHoldSweep, confirmHeldBooking } from './booking-holds.js';
import { cachedBookingRules } from '../booking-rules-store.js';
import {
  findAvailableTimes,
  placeBookingWithHold,
  visitorPlaceRequest,
  requireBookingEnabled,
  type AddressCaps,
} from '../booking-service.js';
import { bookingAddressHash } from './address-hash.js';
import { hashManageToken } from '../booking-reference.js';
import { freeDaysRequestSchema } from '../../../common/booking-free-days.js';
import { visitorBookingRules } from '../../../common/visitor-booking-rules.js';
import { freeDaysAnswer, freeDaysKey } from './free-days-service.js';
import { collectedBody, rememberTextAnswer } from '../../kernel/remembered-answers.js';
import { Readable } from 'node:stream';
import { listCategories, listTreatments } from '../booking-store.js';
import { activeDepositSettings, startDepositOrRelease } from '../deposits/deposit-service.js';

const manageParamsSchema = z.object({
  token: z
    .string()
    .regex(
      manageTokenPattern,
      'This booking link is not complete. Please copy the whole link from your booking e-mail.',
    ),
});

const confirmParamsSchema = z.object({
  token: z
    .string()
    .regex(
      manageTokenPattern,
      'This confirmation link is not complete. Please copy the whole link from your booking e-mail.',
    ),
});

/** As for orders (orders-routes.ts): a replayed move with the same key sends nothing again. */
const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;
/** A person moves or cancels one booking a few times at most; more is a script. */
const changesPerLinkPerHour = 10;

const treatmentsQuerySchema = z.object({
  activeOnly: z.enum(['0', '1', 'true', 'false'], 'activeOnly must be 1 or 0').optional(),
});

export interface BookingRoutesOptions extends AppDeps {
  /** Only so a test can pin the clock; the server uses the real one. */
  now?: () => Date;
}

/** POST bookings/time: a question asked with a body, answered from memory by it (build-app.ts). */
export const availableTimesAddress = '/api/bookings/time';

/**
 * The booking API (spec section 7), always scoped to the client resolved for the request. A
 * client without booking rules answers 404 before its input is looked at: for that client the
 * resource does not exist.
 */
export const bookingRoutes: FastifyPluginAsync<BookingRoutesOptions> = async (
  app,
  {
    db,
    dbKind,
    config,
    referenceCache,
    rememberedAnswers,
    registry,
    changes,
    now = () => new Date(),
  },
) => {
  const production = config.env === 'production';
  const originOf = (request: FastifyRequest) =>
    siteOriginOfRequest(request, { production, port: config.port, registry });
  /** The visitor's booking link (issue 17): the token is checked before anything is read. */
  const addressCaps: AddressCaps = {
    visitorsPerAddress: config.bookingVisitorsPerAddress,
    per24h: config.bookingsPerAddressPer24h,
  };
  const manageContext = async (request: FastifyRequest) => {
    const { token } = parseRequest(manageParamsSchema, request.params, 'booking link');
    return {
      token,
      context: {
        db,
        dbKind,
        client: request.client,
        mailFrom: config.mailFrom,
        now: now(),
        rules: await cachedRules(request.client),
        origin: originOf(request),
        changes,
        addressCaps,
        config,
      },
    };
  };
  /** The owner's rules, cached per client and dropped when the client's data changes. */
  const cachedRules = async (client: ClientConfig): Promise<BookingRules> => {
    requireBookingEnabled(client);
    const loaded = await cachedBookingRules(referenceCache, db, client);
    return loaded!.rules;
  };

  const listDeps = { referenceCache, rememberedAnswers };
  app.get('/api/categories/list', async (request, reply) =>
    cachedJsonAnswer(request, reply, listDeps, request.client.name, 'categories', () =>
      listCategories(db, request.client.name),
    ),
  );

  // The visitor's share of the owner's rules (the calendar's horizon): the page carries it too,
  // this answers a screen reached without a page load (page-data.ts).
  app.get('/api/bookings/rules', async (request, reply) => {
    const client = request.client;
    requireBookingEnabled(client);
    return cachedJsonAnswer(
      request,
      reply,
      listDeps,
      client.name,
      'visitor-booking-rules',
      async () => visitorBookingRules(await cachedRules(client)),
    );
  });

  app.get('/api/treatments/list', async (request, reply) => {
    const { activeOnly } = parseRequest(treatmentsQuerySchema, request.query, 'query');
    const onlyActive = activeOnly === '1' || activeOnly === 'true';
    return cachedJsonAnswer(
      request,
      reply,
      listDeps,
      request.client.name,
      `treatments:${onlyActive}`,
      () => listTreatments(db, request.client.name, onlyActive),
    );
  });

  /**
   * Remembers a day cache's answer (remembered-answers.ts) for as long as that cache keeps it: the
   * same client data version and the same minute.
   */
  const rememberWhileKept = (
    cache: AvailableTimesCache<string>,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    kept: Promise<string>,
    text: string,
  ): void => {
    const clientCode = request.client.name;
    rememberTextAnswer(
      rememberedAnswers,
      request.raw,
      reply,
      kept,
      text,
      () => cache.peek(clientCode, changes.version(clientCode), now(), key) === kept,
      { route: request.routeOptions.url, client: clientCode },
    );
  };

  // Kept as JSON text, so a cached answer is not serialised again for every request; and the
  // answer remembered whole under the question's body (remembered-answers.ts): many visitors
  // ask for the same few days.
  const timesCache = createAvailableTimesCache<string>();
  app.post(
    availableTimesAddress,
    {
      // The body the remembered answers read before the framework: parsed from there.
      preParsing: (request, _reply, payload, done) => {
        const read = collectedBody(request.raw);
        done(null, read ? Readable.from([read], { objectMode: false }) : payload);
      },
    },
    async (request, reply): Promise<string> => {
      const rules = await cachedRules(request.client);
      const body = parseRequest(
        availableTimesRequestSchema,
        request.body ?? {},
        'request for available times',
      );
      const at = now();
      const client = request.client;
      reply.type('application/json; charset=utf-8');
      const key = `${body.bookingDate}|${body.estmatedDuration}|${body.staffId ?? ''}|${body.treatmentIds?.join(',') ?? ''}`;
      const answer = timesCache.get(
        client.name,
        changes.version(client.name),
        at,
        key,
        async (): Promise<string> =>
          JSON.stringify(await findAvailableTimes({ db, client, now: at, rules }, body)),
      );
      const text = await answer;
      rememberWhileKept(timesCache, request, reply, key, answer, text);
      return text;
    },
  );

  // Issue 17: the month view, cached like the times (per client data version and minute): a
  // month costs several days' times (docs/decisions/0038-month-of-free-days.md).
  const freeDaysCache = createAvailableTimesCache<string>();
  app.get('/api/bookings/free-days', async (request, reply): Promise<string> => {
    const rules = await cachedRules(request.client);
    const query = parseRequest(freeDaysRequestSchema, request.query, 'request for free days');
    // JSON text from the cache; a GET the browser could otherwise keep, but days fill up.
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    const client = request.client;
    const version = changes.version(client.name);
    const at = now();
    const text = await freeDaysAnswer(
      freeDaysCache,
      version,
      { db, client, now: at, rules },
      query,
    );
    const key = freeDaysKey(query);
    const answer = freeDaysCache.peek(client.name, version, at, key);
    if (answer) rememberWhileKept(freeDaysCache, request, reply, key, answer, text);
    return text;
  });

  // Each request may hold a slot, so one address may not send many: without a limit a script could
  // book out a whole day. Counted per address per hour, whatever the answer.
  const bookingLimit = {
    max: config.bookingLimitPerIpPerHour,
    timeWindow: 60 * 60_000,
    errorResponseBuilder: (_request: unknown, context: { after: string }) =>
      new AppError(
        429,
        `Too many booking requests from your address. Please try again in ${context.after}, or call us to book.`,
      ),
  };
  // Then per form session, or per client for requests without one (forms/form-limits.ts).
  const formLimits = createFormLimits(app, {
    scope: 'booking',
    perSessionPerHour: config.formSessionLimitPerHour,
    suspiciousPerClientPerHour: config.bookingSuspiciousPerClientPerHour,
    config,
    db,
  });
  app.post(
    '/api/bookings/create',
    { config: { rateLimit: bookingLimit } },
    async (request, reply): Promise<{ data: StoredBooking }> => {
      const rules = await cachedRules(request.client);
      const session = await formLimits(request, reply, request.client);
      const body = parseRequest(createBookingRequestSchema, request.body ?? {}, 'booking');
      const origin = originOf(request);
      const placed = await placeBookingWithHold(
        {
          db,
          dbKind,
          client: request.client,
          mailFrom: config.mailFrom,
          now: now(),
          rules,
          origin,
          addressCaps,
          // Issue 36: set only when the client takes cards and asks deposits.
          deposits: await activeDepositSettings(db, config, request.client.name),
        },
        visitorPlaceRequest(body, {
          addressHash: bookingAddressHash(request.ip, request.client.name, config.formTokenSecret),
          formSession: session.kind === 'verified' ? session.id : undefined,
        }),
      );
      // A slot is taken: cached free times and free days (this instance's and, through the change
      // signal, the others') must not offer it again.
      changes.clientChanged(request.client.name, 'bookings');
      // ── Issue 36, booking deposits (decision 0079): the hold's payment page. ──
      const deposit = placed.stored.deposit;
      if (deposit && placed.depositHoldToken) {
        const payUrl = await startDepositOrRelease(
          { db, config, changes, log: request.log },
          request.client,
          { id: placed.id, stored: placed.stored, holdToken: placed.depositHoldToken },
          origin,
          now(),
        );
        return { data: { ...placed.stored, deposit: { ...deposit, payUrl } } };
      }
      return { data: placed.stored };
    },
  );

  app.get('/api/bookings/manage/:token', async (request, reply) => {
    const { token, context } = await manageContext(request);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return { data: await getManagedBooking(context, token) };
  });

  // A visitor's changes send e-mails to them and the business (issue 30): limited per address
  // (the route's limit, as for new bookings) and per booking link, so a script cannot flood both.
  const changeLimit = {
    max: config.bookingLimitPerIpPerHour,
    timeWindow: 60 * 60_000,
    errorResponseBuilder: (_request: unknown, context: { after: string }) =>
      new AppError(
        429,
        `Too many changes from your address. Please try again in ${context.after}, or call us.`,
      ),
  };
  const perLink = app.createRateLimit({
    max: changesPerLinkPerHour,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => {
      const { token } = request.params as { token?: string };
      return `booking-link:${hashManageToken(String(token))}`;
    },
  });
  const limitPerLink = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await perLink(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(
        429,
        `This booking has been changed many times in the last hour. Please try again in ${Math.ceil(result.ttlInSeconds / 60)} minutes, or call us.`,
      );
    }
  };

  app.post(
    '/api/bookings/manage/:token/cancel',
    { config: { rateLimit: changeLimit } },
    async (request, reply) => {
      assertSameSiteRequest(request);
      await limitPerLink(request, reply);
      const { token, context } = await manageContext(request);
      return { data: await cancelManagedBooking(context, token) };
    },
  );

  // A new customer confirms a held booking (issue 17). POST only, behind the same-site check:
  // mail scanners open every link in an e-mail, so a GET must not confirm anything.
  app.post('/api/bookings/confirm/:token', async (request, reply) => {
    assertSameSiteRequest(request);
    const { token } = parseRequest(confirmParamsSchema, request.params, 'confirmation link');
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const data = await confirmHeldBooking(
      {
        db,
        dbKind,
        client: request.client,
        mailFrom: config.mailFrom,
        now: now(),
        rules: await cachedRules(request.client),
        origin: originOf(request),
        changes,
      },
      token,
    );
    return { data };
  });

  attachHoldSweep(app, db);

  app.post(
    '/api/bookings/manage/:token/move',
    { config: { rateLimit: changeLimit } },
    async (request, reply) => {
      assertSameSiteRequest(request);
      await limitPerLink(request, reply);
      const { token, context } = await manageContext(request);
      const body = parseRequest(moveBookingRequestSchema, request.body ?? {}, 'move');
      const rawKey = request.headers['idempotency-key'];
      const key = Array.isArray(rawKey) ? rawKey[0] : rawKey;
      if (key !== undefined && !idempotencyKeyPattern.test(key)) {
        throw new AppError(400, 'The idempotency key must be 8 to 128 letters, digits, - or _');
      }
      return { data: await moveManagedBooking(context, token, body, key) };
    },
  );
};
