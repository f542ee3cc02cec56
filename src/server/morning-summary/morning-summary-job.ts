import type { Kysely } from 'kysely';
import { zonedParts } from '../../common/booking.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { ClientRegistry } from '../kernel/client-registry.js';
import { lowStockProducts } from '../catalogue/catalogue-store.js';
import { siteOrigin } from '../kernel/site-origin.js';
import { enqueueMessage } from '../mail/outbox-store.js';
import { claimScheduledRun } from '../shared-state/scheduled-runs-store.js';
import {
  isSummaryDue,
  morningSummaryKey,
  renderMorningSummaryEmail,
} from './morning-summary-email.js';
import {
  bookingsOfDay,
  countFailedEmails,
  countOrdersWaiting,
  listMorningSummaryRecipients,
  outboxHasKey,
} from './morning-summary-store.js';

export interface MorningSummaryDeps {
  db: Kysely<Database>;
  registry: ClientRegistry;
  config: Pick<ServerConfig, 'env' | 'port' | 'mailFrom'>;
}

/** The job looks every five minutes; one instance per look does the work (scheduled_runs). */
export const morningSummaryRunName = 'morning-summaries';
export const morningSummaryLookMs = 5 * 60_000;

/**
 * Queues the morning e-mail of every owner whose hour has come and who has none yet today (their
 * client's day). Once per owner and day across instances and restarts: the message's outbox key
 * names the owner and the day, and the outbox stores one message per key, so two runs at once
 * queue one. Answers how many were queued.
 */
export async function queueDueMorningSummaries(
  deps: MorningSummaryDeps,
  now: Date,
): Promise<number> {
  const { db, registry, config } = deps;
  let queued = 0;
  for (const recipient of await listMorningSummaryRecipients(db)) {
    const client = registry.byCode(recipient.clientCode);
    if (!client) continue;
    const local = zonedParts(now, client.timeZone);
    if (!isSummaryDue(local.minuteOfDay, recipient.sendHour)) continue;
    // Cheap check first, so the day's figures are not gathered again on every look.
    if (await outboxHasKey(db, client.name, morningSummaryKey(recipient.ownerId, local.date)))
      continue;
    const summary = {
      day: local.date,
      bookings: client.booking ? await bookingsOfDay(db, client.name, local.date) : undefined,
      ordersWaiting: client.usesCart ? await countOrdersWaiting(db, client.name) : undefined,
      failedEmails: await countFailedEmails(db, client.name),
      lowStock: client.usesCart ? await lowStockProducts(db, client.name) : undefined,
    };
    const origin = siteOrigin(client, {
      production: config.env === 'production',
      port: config.port,
      registry,
    });
    const message = renderMorningSummaryEmail(
      summary,
      client,
      { ownerId: recipient.ownerId, email: recipient.email },
      { manage: `${origin}/manage` },
      config.mailFrom,
    );
    if (!(await enqueueMessage(db, message, now)).duplicate) queued += 1;
  }
  return queued;
}

/** One look, if this instance claims it; `undefined` when another instance had it. */
export async function runMorningSummaries(
  deps: MorningSummaryDeps,
  now: Date = new Date(),
): Promise<number | undefined> {
  const claimed = await claimScheduledRun(
    deps.db,
    morningSummaryRunName,
    morningSummaryLookMs - 10_000,
    now,
  );
  return claimed ? queueDueMorningSummaries(deps, now) : undefined;
}
