import { randomBytes } from 'node:crypto';
import type { ClientConfig } from '../../common/client-config.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { siteOrigin } from '../kernel/site-origin.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { renderReviewRequestEmail } from './review-request-email.js';
import { getReviewAsking, insertReviewRequest, wasAskedSince } from './review-request-store.js';
import { signReviewToken } from './review-token.js';

export { getReviewAsking, saveReviewAsking } from './review-request-store.js';

/**
 * Asking customers for a review (docs/decisions/0064-reviews-the-owner-runs.md): when the owner
 * has turned it on, a booking marked completed or an order marked completed queues one e-mail
 * through the outbox, scheduled `delayDays` later, with a signed link to /review/<token>; at most
 * once per customer e-mail address per `oncePerDays`.
 */
const dayMs = 86_400_000;

/** Without FORM_TOKEN_SECRET the links are signed per process (they stop working on restart). */
const processSecret = randomBytes(32).toString('hex');
export function reviewLinkSecret(config: { formTokenSecret: string | undefined }): string {
  return config.formTokenSecret ?? processSecret;
}

export interface ReviewTarget {
  customerName: string;
  customerEmail: string;
  bookingId?: number;
  orderId?: number;
}

/**
 * Queues the review request for a completed booking or order, if the owner asks for reviews and
 * this customer has not been asked within `oncePerDays`. Answers whether one was queued.
 */
export async function askForReview(
  deps: Pick<AppDeps, 'db' | 'config' | 'registry'>,
  client: ClientConfig,
  target: ReviewTarget,
  now: Date,
  requestHost?: string,
): Promise<boolean> {
  const email = target.customerEmail.trim().toLowerCase();
  if (email === '') return false;
  const asking = await getReviewAsking(deps.db, client.name);
  if (!asking.enabled) return false;
  return inTransaction(deps.db, async (trx) => {
    const since = new Date(now.getTime() - asking.oncePerDays * dayMs).toISOString();
    if (await wasAskedSince(trx, client.name, email, since)) return false;
    const id = await insertReviewRequest(trx, {
      clientCode: client.name,
      email,
      customerName: target.customerName,
      bookingId: target.bookingId ?? null,
      orderId: target.orderId ?? null,
      now,
    });
    const origin = siteOrigin(client, {
      production: deps.config.env === 'production',
      port: deps.config.port,
      registry: deps.registry,
      requestHost,
    });
    const link = `${origin}/review/${signReviewToken(reviewLinkSecret(deps.config), client.name, id)}`;
    const due = new Date(now.getTime() + asking.delayDays * dayMs);
    await enqueueMessage(
      trx,
      renderReviewRequestEmail(
        { id, customerName: target.customerName, customerEmail: target.customerEmail.trim() },
        client,
        link,
        deps.config.mailFrom,
        due,
      ),
      now,
    );
    return true;
  });
}
