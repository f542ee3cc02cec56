import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import {
  maskSecret,
  paymentSettingsRequestSchema,
  type PaymentConnectionTest,
  type PaymentSettingsAnswer,
} from '../../common/payments.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { clientStripe } from './payments-service.js';
import { saveStripeKeys } from './payment-settings-service.js';
import { readPaymentSettings } from './payments-store.js';

/**
 * The owner's Stripe keys (issue 36), under /api/manage: owner-only (staff are not on the
 * allowlist). Keys are sealed before they are stored and never answered whole: only their last
 * four characters, masked, so a stolen session cannot read them back.
 */
export const managePaymentsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const answer = async (request: FastifyRequest): Promise<PaymentSettingsAnswer> => {
    const clientCode = request.owner.clientCode;
    const row = await readPaymentSettings(deps.db, clientCode);
    return {
      connected: row !== undefined && deps.config.payments.encryptionKey !== undefined,
      secretKeyMasked: row ? maskSecret(row.secret_key_hint) : null,
      webhookSecretMasked: row ? maskSecret(row.webhook_secret_hint) : null,
      encryptionAvailable: deps.config.payments.encryptionKey !== undefined,
      enabled: row ? row.enabled === 1 : true,
      webhookUrl: `${request.protocol}://${request.host}/api/payments/webhook/${encodeURIComponent(clientCode)}`,
      version: row?.version ?? 0,
    };
  };

  app.get('/payment-settings', async (request) => answer(request));

  app.put('/payment-settings', async (request): Promise<PaymentSettingsAnswer> => {
    const body = parseRequest(paymentSettingsRequestSchema, request.body ?? {}, 'payment settings');
    const saved = await saveStripeKeys(
      deps.db,
      deps.config.payments.encryptionKey,
      request.owner.clientCode,
      body,
    );
    if (!saved.ok && saved.reason === 'no-encryption-key') {
      throw new AppError(
        409,
        'Card payment is not set up on this server yet: ask the operator to set PAYMENTS_ENCRYPTION_KEY.',
      );
    }
    if (!saved.ok && saved.reason === 'missing') {
      throw new AppError(422, 'Both keys are needed the first time.', saved.issues);
    }
    if (!saved.ok) {
      throw new AppError(
        409,
        'Someone else changed the payment settings while you were editing. Reload them, then save again.',
      );
    }
    // The audit says that the keys changed, never what they are.
    await recordAudit(deps, request.owner, 'payments.settings', {
      ...(body.secretKey ? { secretKey: maskSecret(body.secretKey.slice(-4)) } : {}),
      ...(body.webhookSecret ? { webhookSecret: maskSecret(body.webhookSecret.slice(-4)) } : {}),
      enabled: body.enabled,
    });
    return answer(request);
  });

  // ---- Issue 36, the Payments screen: "Test the connection" ----
  // Asks Stripe (with the stored key) for the account's balance: a wrong or revoked key answers
  // here, rather than at a customer's checkout. Nothing is changed at Stripe.
  app.post('/payment-settings/test', async (request): Promise<PaymentConnectionTest> => {
    const connection = await clientStripe(deps.db, deps.config, request.owner.clientCode);
    if (!connection) {
      throw new AppError(409, 'Save your Stripe keys first, then test them.');
    }
    try {
      const balance = await connection.stripe.balance.retrieve();
      return {
        ok: true,
        message: `Stripe answered: the key works (${balance.livemode ? 'live' : 'test'} mode).`,
      };
    } catch (error) {
      const reason =
        error instanceof Stripe.errors.StripeAuthenticationError
          ? 'Stripe does not accept this secret key. Copy it again from Stripe and save.'
          : error instanceof Stripe.errors.StripeError
            ? `Stripe answered: ${error.message}`
            : 'Stripe could not be reached. Please try again in a minute.';
      return { ok: false, message: reason };
    }
  });
};
