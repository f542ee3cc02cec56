import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { ClientRegistry } from '../kernel/client-registry.js';
import { claimScheduledRun } from '../shared-state/scheduled-runs-store.js';
import { applyPaymentFact, clientStripe, sessionFact } from './payments-service.js';
import { listStaleUnpaidOrders } from './payments-store.js';

export const paymentsReconcileRunName = 'payments-reconcile';
/** How often one instance (whichever claims the run) asks Stripe about unpaid card orders. */
export const paymentsReconcilePeriodMs = 5 * 60_000;
/** Stripe's Checkout Sessions expire within a day: older unpaid orders are not asked about. */
const lookBackMs = 2 * 24 * 60 * 60_000;
/**
 * A deposit hold lasts 30 minutes: its session is asked about after at most 10, so a payment
 * whose webhook was lost confirms the booking before the hold lapses.
 */
const depositAskAfterMaxMs = 10 * 60_000;

export interface ReconcileDeps {
  db: Kysely<Database>;
  config: ServerConfig;
  registry: ClientRegistry;
  /**
   * Booking deposits' part (booking/deposits, passed in by serve.ts as the webhook's handler is
   * by build-app.ts): asks Stripe about unpaid holds older than `askAfterMs`.
   */
  depositHolds?: (now: Date, askAfterMs: number) => Promise<{ asked: number; applied: number }>;
}

/**
 * Recovers lost webhooks (issue 36): for each card order still unpaid after
 * PAYMENTS_RECONCILE_MINUTES (and each deposit hold unpaid after at most 10 minutes), asks Stripe for its Checkout Session and applies what it says
 * through the webhook's own path (applyPaymentFact), under an event id of its own, so a webhook
 * that does arrive later changes nothing more. `force` skips the claim (tests, a CLI).
 */
export async function reconcilePayments(
  deps: ReconcileDeps,
  now: Date = new Date(),
  options: { force?: boolean } = {},
): Promise<{ ran: boolean; asked: number; applied: number }> {
  if (
    !options.force &&
    !(await claimScheduledRun(
      deps.db,
      paymentsReconcileRunName,
      paymentsReconcilePeriodMs - 30_000,
      now,
    ))
  ) {
    return { ran: false, asked: 0, applied: 0 };
  }
  const stale = await listStaleUnpaidOrders(
    deps.db,
    new Date(now.getTime() - deps.config.payments.reconcileAfterMs),
    new Date(now.getTime() - lookBackMs),
  );
  let applied = 0;
  for (const order of stale) {
    const client = deps.registry.byCode(order.client_code);
    const connection = client && (await clientStripe(deps.db, deps.config, client.name));
    if (!client || !connection) continue;
    const session = await connection.stripe.checkout.sessions.retrieve(order.payment_session_id);
    if (session.payment_status !== 'paid') continue;
    const fact = sessionFact(
      { eventId: `reconciled:${session.id}:paid`, eventType: 'reconciled.session.paid' },
      session,
    );
    if ((await applyPaymentFact(deps.db, client, deps.config.mailFrom, fact, now)).applied) {
      applied += 1;
    }
  }
  const deposits = deps.depositHolds
    ? await deps.depositHolds(
        now,
        Math.min(deps.config.payments.reconcileAfterMs, depositAskAfterMaxMs),
      )
    : { asked: 0, applied: 0 };
  return {
    ran: true,
    asked: stale.length + deposits.asked,
    applied: applied + deposits.applied,
  };
}

/** Runs reconciliation where the outbox worker runs, as retention does; one instance a period. */
export function attachPaymentsReconcile(app: FastifyInstance, deps: ReconcileDeps): void {
  if (!deps.config.mailWorker || !deps.config.payments.encryptionKey) return;
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    reconcilePayments(deps)
      .then(({ ran, asked, applied }) => {
        if (ran && asked > 0)
          app.log.info(`Payments: asked Stripe about ${asked}, ${applied} paid`);
      })
      .catch((error: unknown) => {
        app.log.warn(`Payments reconciliation failed: ${String(error)}`);
        app.errorReporter?.job(paymentsReconcileRunName, error);
      });
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), paymentsReconcilePeriodMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
