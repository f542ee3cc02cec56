import type { FastifyPluginAsync } from 'fastify';
import {
  maskSecret,
  paymentSettingsRequestSchema,
  type PaymentSettingsAnswer,
} from '../../common/payments.js';
import { recordAudit } from '../audit/audit-store.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { AppError, parseRequest } from '../kernel/errors.js';
import { readPaymentSettings, writePaymentSettings } from './payments-store.js';
import { sealSecret } from './secret-box.js';

/**
 * The owner's Stripe keys (issue 36), under /api/manage: owner-only (staff are not on the
 * allowlist). Keys are sealed before they are stored and never answered whole: only their last
 * four characters, masked, so a stolen session cannot read them back.
 */
export const managePaymentsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const answer = async (clientCode: string): Promise<PaymentSettingsAnswer> => {
    const row = await readPaymentSettings(deps.db, clientCode);
    return {
      connected: row !== undefined && deps.config.payments.encryptionKey !== undefined,
      secretKeyMasked: row ? maskSecret(row.secret_key_hint) : null,
      webhookSecretMasked: row ? maskSecret(row.webhook_secret_hint) : null,
      encryptionAvailable: deps.config.payments.encryptionKey !== undefined,
      version: row?.version ?? 0,
    };
  };

  app.get('/payment-settings', async (request) => answer(request.owner.clientCode));

  app.put('/payment-settings', async (request): Promise<PaymentSettingsAnswer> => {
    const body = parseRequest(paymentSettingsRequestSchema, request.body ?? {}, 'payment settings');
    const key = deps.config.payments.encryptionKey;
    if (!key) {
      throw new AppError(
        409,
        'Card payment is not set up on this server yet: ask the operator to set PAYMENTS_ENCRYPTION_KEY.',
      );
    }
    const { clientCode } = request.owner;
    const saved = await writePaymentSettings(
      deps.db,
      {
        client_code: clientCode,
        secret_key_sealed: sealSecret(key, clientCode, body.secretKey),
        webhook_secret_sealed: sealSecret(key, clientCode, body.webhookSecret),
        secret_key_hint: body.secretKey.slice(-4),
        webhook_secret_hint: body.webhookSecret.slice(-4),
        updated_at: new Date().toISOString(),
      },
      body.version,
    );
    if (!saved) {
      throw new AppError(
        409,
        'Someone else changed the payment settings while you were editing. Reload them, then save again.',
      );
    }
    // The audit says that the keys changed, never what they are.
    await recordAudit(deps, request.owner, 'payments.settings', {
      secretKey: maskSecret(body.secretKey.slice(-4)),
    });
    return answer(clientCode);
  });
};
