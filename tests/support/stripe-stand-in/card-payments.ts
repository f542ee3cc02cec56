import { randomBytes } from 'node:crypto';
import type { OwnerSession } from '../owner-session.js';
import type { TestApp } from '../test-app.js';
import type { StripeStandIn } from './stripe-stand-in.js';

/**
 * What a test app needs to take cards against the stand-in: a key to seal the client's Stripe
 * keys with (new for each app set) and Stripe's address, the stand-in's.
 */
export function cardPaymentsEnv(standIn: StripeStandIn): Record<string, string> {
  return {
    PAYMENTS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    STRIPE_API_URL: standIn.url,
  };
}

/** The owner saves the client's Stripe keys on a client with none yet, as the Payments screen does. */
export async function saveStripeKeysAsOwner(
  t: TestApp,
  owner: OwnerSession,
  keys: { secretKey: string; webhookSecret: string },
): Promise<void> {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/manage/payment-settings',
    headers: owner.headers,
    payload: { ...keys, version: 0 },
  });
  if (saved.statusCode !== 200) {
    throw new Error(`Saving the Stripe keys answered ${saved.statusCode}: ${saved.body}`);
  }
}
