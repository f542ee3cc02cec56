import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { formatMinuteOfDay } from '../../../common/booking.js';
import { manageTokenPattern } from '../../../common/booking-manage.js';
import {
  depositSettingsRequestSchema,
  depositStatuses,
  type DepositHoldAnswer,
  type DepositSettingsAnswer,
  type DepositStatus,
  type DepositTerms,
} from '../../../common/deposits.js';
import { recordAudit } from '../../audit/audit-store.js';
import type { AppDeps } from '../../kernel/app-deps.js';
import { AppError, parseRequest } from '../../kernel/errors.js';
import { clientStripe } from '../../payments/payments-service.js';
import { hashManageToken } from '../booking-reference.js';
import { findBookingByLinkToken } from '../booking-store.js';
import { requireBookingEnabled } from '../booking-service.js';
import { depositPolicyOf } from './deposit-service.js';
import { readDepositSettings, writeDepositSettings } from './deposit-store.js';

/**
 * Booking deposits (issue 36, decision 0079), the visitor's side: the terms the booking page shows
 * before paying, and what the page Stripe returns to says about the hold.
 */
export const depositRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/api/bookings/deposit-terms', async (request, reply): Promise<DepositTerms> => {
    requireBookingEnabled(request.client);
    reply.header('cache-control', 'no-store');
    const { settings } = await readDepositSettings(deps.db, request.client.name);
    const cardsTaken =
      (await clientStripe(deps.db, deps.config, request.client.name)) !== undefined;
    return { cardsTaken, settings: cardsTaken ? settings : { ...settings, mode: 'off' } };
  });

  const holdParams = z.object({
    token: z.string().regex(manageTokenPattern, 'This payment link is not complete.'),
  });
  app.get(
    '/api/bookings/deposit-hold/:token',
    async (request, reply): Promise<DepositHoldAnswer> => {
      const { token } = parseRequest(holdParams, request.params, 'payment link');
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const row = await findBookingByLinkToken(
        deps.db,
        request.client.name,
        'confirm',
        hashManageToken(token),
      );
      if (!row || row.deposit_status === null) {
        throw new AppError(
          404,
          'This payment link is not valid. Please book again, or contact us.',
        );
      }
      const stillHeld =
        row.status === 'pending' &&
        row.held_until !== null &&
        row.held_until > new Date().toISOString();
      const state: DepositHoldAnswer['state'] =
        row.status === 'pending'
          ? stillHeld
            ? 'awaiting'
            : 'released'
          : row.status === 'cancelled'
            ? 'released'
            : 'confirmed';
      const depositStatus = (depositStatuses as readonly string[]).includes(row.deposit_status)
        ? (row.deposit_status as DepositStatus)
        : 'unpaid';
      return {
        state,
        reference: row.reference ?? String(row.id),
        date: row.booking_date,
        start: formatMinuteOfDay(row.start_minute),
        depositPence: row.deposit_pence,
        depositStatus,
        heldUntil: row.held_until,
        payUrl: state === 'awaiting' ? row.deposit_url : null,
        policy: depositPolicyOf(row, request.client),
      };
    },
  );
};

/** The owner's deposits and cancellation policy, under /api/manage (owners only, not staff). */
export const manageDepositRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const answer = async (clientCode: string): Promise<DepositSettingsAnswer> => {
    const { settings, version } = await readDepositSettings(deps.db, clientCode);
    const cardsTaken = (await clientStripe(deps.db, deps.config, clientCode)) !== undefined;
    return { settings, version, cardsTaken };
  };

  app.get('/deposit-settings', async (request) => answer(request.owner.clientCode));

  app.put('/deposit-settings', async (request): Promise<DepositSettingsAnswer> => {
    const body = parseRequest(depositSettingsRequestSchema, request.body ?? {}, 'deposit settings');
    const { clientCode } = request.owner;
    const saved = await writeDepositSettings(
      deps.db,
      clientCode,
      body.settings,
      body.version,
      new Date(),
    );
    if (!saved) {
      throw new AppError(
        409,
        'Someone else changed the deposit settings while you were editing. Reload them, then save again.',
      );
    }
    await recordAudit(deps, request.owner, 'deposits.settings', {
      mode: body.settings.mode,
      freeCancelHours: body.settings.freeCancelHours,
    });
    deps.changes.clientChanged(clientCode, 'bookings');
    return answer(clientCode);
  });
};
