import type { Kysely } from 'kysely';
import type { FieldIssue } from '../../common/field-issues.js';
import type { PaymentSettingsRequest } from '../../common/payments.js';
import type { Database } from '../db/schema.js';
import { readPaymentSettings, writePaymentSettings } from './payments-store.js';
import { sealSecret } from './secret-box.js';

export type SaveStripeKeysOutcome =
  | { ok: true }
  | { ok: false; reason: 'no-encryption-key' | 'changed' }
  | { ok: false; reason: 'missing'; issues: FieldIssue[] };

/**
 * Stores a client's Stripe keys sealed (issue 36), for the owner's Payments screen and the
 * operator's `npm run client -- payments`: write-only, so an empty key keeps the stored one and
 * the first save needs both; the version read guards against a save over someone else's.
 */
export async function saveStripeKeys(
  db: Kysely<Database>,
  encryptionKey: Buffer | undefined,
  clientCode: string,
  request: PaymentSettingsRequest,
  now = new Date(),
): Promise<SaveStripeKeysOutcome> {
  if (!encryptionKey) return { ok: false, reason: 'no-encryption-key' };
  const stored = await readPaymentSettings(db, clientCode);
  const missing: FieldIssue[] = [];
  if (!request.secretKey && !stored)
    missing.push({ path: 'secretKey', message: 'Paste your Stripe secret key' });
  if (!request.webhookSecret && !stored)
    missing.push({ path: 'webhookSecret', message: 'Paste the webhook signing secret' });
  if (missing.length > 0) return { ok: false, reason: 'missing', issues: missing };
  const sealed = (plain: string, sealedBefore: string | undefined) =>
    plain ? sealSecret(encryptionKey, clientCode, plain) : (sealedBefore ?? '');
  const saved = await writePaymentSettings(
    db,
    {
      client_code: clientCode,
      secret_key_sealed: sealed(request.secretKey, stored?.secret_key_sealed),
      webhook_secret_sealed: sealed(request.webhookSecret, stored?.webhook_secret_sealed),
      secret_key_hint: request.secretKey
        ? request.secretKey.slice(-4)
        : (stored?.secret_key_hint ?? ''),
      webhook_secret_hint: request.webhookSecret
        ? request.webhookSecret.slice(-4)
        : (stored?.webhook_secret_hint ?? ''),
      enabled: request.enabled ? 1 : 0,
      updated_at: now.toISOString(),
    },
    request.version,
  );
  return saved ? { ok: true } : { ok: false, reason: 'changed' };
}
