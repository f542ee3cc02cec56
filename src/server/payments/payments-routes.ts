import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { ClientConfig } from '../../common/client-config.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { applyPaymentFact, clientStripe, factOfEvent } from './payments-service.js';

const paramsSchema = z.object({
  clientCode: z.string().regex(/^[A-Za-z0-9]{1,8}$/, 'a client code is up to 8 letters or digits'),
});

/**
 * POST /api/payments/webhook/:clientCode (issue 36): Stripe's events for one client. The body is
 * kept as bytes (this plugin's own content-type parser) because the signature is over the exact
 * bytes Stripe sent; the SDK checks it with the client's signing secret. 400 for a bad signature,
 * 404 for a client without Stripe, 200 for every event accepted (applied, or already seen).
 */
// ── Issue 36, booking deposits (decision 0079): handed in by build-app.ts, as booking/ sits
// above payments/. Answers undefined for an event that is not about a booking. ──
export type BookingPaymentEvents = (
  client: ClientConfig,
  event: Stripe.Event,
  now: Date,
) => Promise<{ applied: boolean; outcome?: string | undefined } | undefined>;

export interface PaymentsRoutesOptions extends AppDeps {
  bookingEvents?: BookingPaymentEvents | undefined;
}
// ── end booking deposits ──

export const paymentsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (app, deps) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/payments/webhook/:clientCode',
    { config: { rateLimit: { max: 600, timeWindow: 60_000 } } },
    async (request): Promise<{ received: true; applied: boolean }> => {
      const { clientCode } = parseRequest(paramsSchema, request.params, 'webhook');
      const client = deps.registry.byCode(clientCode);
      const connection = client && (await clientStripe(deps.db, deps.config, client.name));
      if (!client || !connection) throw new AppError(404, 'No card payment here.');
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        throw new AppError(400, 'A Stripe event, signed, is expected.');
      }
      let event: Stripe.Event;
      try {
        event = connection.stripe.webhooks.constructEvent(
          request.body,
          signature,
          connection.webhookSecret,
        );
      } catch {
        throw new AppError(400, 'The Stripe signature does not match.');
      }
      // ── Issue 36, booking deposits: an event whose metadata names a booking goes there. ──
      const forBooking = await deps.bookingEvents?.(client, event, new Date());
      if (forBooking) {
        request.log.info(
          `Stripe ${event.type} ${event.id} for ${client.name}'s booking: ${forBooking.applied ? (forBooking.outcome ?? 'applied') : 'no change'}`,
        );
        return { received: true, applied: forBooking.applied };
      }
      // ── end booking deposits ──
      const fact = factOfEvent(event);
      if (!fact) return { received: true, applied: false };
      const result = await applyPaymentFact(
        deps.db,
        client,
        deps.config.mailFrom,
        fact,
        new Date(),
      );
      request.log.info(
        `Stripe ${event.type} ${event.id} for ${client.name}: ${result.applied ? `now ${result.status}` : 'no change'}`,
      );
      return { received: true, applied: result.applied };
    },
  );
};
