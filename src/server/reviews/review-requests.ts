import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../common/client-config.js';
import {
  reviewAskingDefaults,
  type ReviewAsking,
  type ReviewAskingFields,
} from '../../common/reviews.js';
import type { Database } from '../db/schema.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { siteOrigin } from '../kernel/site-origin.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { renderReviewRequestEmail } from './review-request-email.js';
import { signReviewToken } from './review-token.js';

/**
 * Asking customers for a review (docs/decisions/0064-reviews-the-owner-runs.md): when the owner
 * has turned it on, a booking marked completed or an order marked completed queues one e-mail
 * through the outbox, scheduled `delayDays` later, with a signed link to /review/<token>; at most
 * once per customer e-mail address per `oncePerDays`.
 */
type Db = Kysely<Database>;
const dayMs = 86_400_000;

/** Without FORM_TOKEN_SECRET the links are signed per process (they stop working on restart). */
const processSecret = randomBytes(32).toString('hex');
export function reviewLinkSecret(config: { formTokenSecret: string | undefined }): string {
  return config.formTokenSecret ?? processSecret;
}

export async function getReviewAsking(db: Db, clientCode: string): Promise<ReviewAsking> {
  const row = await db
    .selectFrom('review_settings')
    .selectAll()
    .where('client_code', '=', clientCode)
    .executeTakeFirst();
  if (!row) return { ...reviewAskingDefaults, version: 0 };
  return {
    enabled: row.enabled === 1,
    delayDays: row.delay_days,
    oncePerDays: row.once_per_days,
    version: row.version,
  };
}

/** Stores the setting if it is still at `version` (0: never saved); false if someone was first. */
export async function saveReviewAsking(
  db: Db,
  clientCode: string,
  fields: ReviewAskingFields,
  version: number,
): Promise<boolean> {
  const values = {
    enabled: fields.enabled ? 1 : 0,
    delay_days: fields.delayDays,
    once_per_days: fields.oncePerDays,
  };
  if (version === 0) {
    const inserted = await db
      .insertInto('review_settings')
      .values({ client_code: clientCode, ...values, version: 1 })
      .onConflict((oc) => oc.column('client_code').doNothing())
      .returning('client_code')
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const updated = await db
    .updateTable('review_settings')
    .set({ ...values, version: version + 1 })
    .where('client_code', '=', clientCode)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
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
  return deps.db.transaction().execute(async (trx) => {
    const since = new Date(now.getTime() - asking.oncePerDays * dayMs).toISOString();
    const recent = await trx
      .selectFrom('review_requests')
      .select('id')
      .where('client_code', '=', client.name)
      .where('customer_email', '=', email)
      .where('created_at', '>', since)
      .executeTakeFirst();
    if (recent) return false;
    const { id } = await trx
      .insertInto('review_requests')
      .values({
        client_code: client.name,
        customer_email: email,
        customer_name: target.customerName,
        booking_id: target.bookingId ?? null,
        order_id: target.orderId ?? null,
        created_at: now.toISOString(),
        used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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
