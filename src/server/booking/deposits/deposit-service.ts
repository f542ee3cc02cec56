import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { ClientConfig } from '../../../common/client-config.js';
import {
  depositHoldMinutes,
  depositPolicyText,
  depositRefundablePence,
  depositStatuses,
  type DepositSettings,
  type DepositStatus,
  type RefundDepositRequest,
} from '../../../common/deposits.js';
import { formatPounds } from '../../../common/money.js';
import { insertAudit } from '../../audit/audit-store.js';
import { localTimeToInstant } from '../availability/availability.js';
import { rulesFor } from '../booking-service.js';
import { newManageToken } from '../booking-reference.js';
import { queueConfirmedBookingMails } from '../visitor/booking-holds.js';
import { confirmPendingBooking } from '../visitor/booking-holds-store.js';
import type { StoredBooking } from '../../../common/booking.js';
import type { ServerConfig } from '../../config.js';
import type { ClientRegistry } from '../../kernel/client-registry.js';
import type { DataChanges } from '../../kernel/data-changes.js';
import { siteOrigin } from '../../kernel/site-origin.js';
import { AppError } from '../../kernel/errors.js';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { escapeHtml } from '../../kernel/escape-html.js';
import { clientSender } from '../../mail/client-sender.js';
import { safeReplyTo } from '../../mail/compose-message.js';
import { enqueueMessage, type OutgoingMessage } from '../../mail/outbox-store.js';
import { clientStripe, type ClientStripe } from '../../payments/payments-service.js';
import { insertPaymentEventOnce } from '../../payments/payments-store.js';
import { createStripeRefund, refuseRefundOverLeft } from '../../payments/stripe-refund.js';
import {
  addDepositRefund,
  catchUpDepositRefunded,
  listUnsettledDepositSessions,
  lockDepositBooking,
  moveDepositStatus,
  readBookingDeposit,
  readDepositSettings,
  recordDepositSession,
  releaseDepositHold,
  type DepositBookingRow,
} from './deposit-store.js';

/**
 * Deposits for bookings (issue 36, docs/decisions/0079-booking-deposits.md). A visitor's booking
 * that asks a deposit is stored as a hold (the unconfirmed-hold mechanism of issue 17) for
 * `depositHoldMinutes`; Stripe's "session completed" webhook confirms it in the same transaction
 * as the event row (once per event id, as orders). A hold not paid in time lapses like any hold
 * and its time is free again; a payment that arrives after that is refunded at once.
 */

/** The client's deposit settings when it takes cards and asks deposits; else undefined. */
export async function activeDepositSettings(
  db: Kysely<Database>,
  config: ServerConfig,
  clientCode: string,
): Promise<DepositSettings | undefined> {
  const { settings } = await readDepositSettings(db, clientCode);
  if (settings.mode === 'off') return undefined;
  return (await clientStripe(db, config, clientCode)) ? settings : undefined;
}

/** Where Stripe sends the visitor back: the page that says whether the booking is confirmed. */
export function depositReturnUrls(origin: string, holdToken: string) {
  const hold = encodeURIComponent(holdToken);
  return {
    success: `${origin}/booking/paid?hold=${hold}`,
    cancel: `${origin}/booking/not-paid?hold=${hold}`,
  };
}

/**
 * The Checkout Session for a held booking's deposit: one line of the stored deposit in pence
 * (never an amount from the browser), the booking id in the metadata of the session and of its
 * payment (so the refund's events find it), expiring with the hold. The idempotency key is the
 * booking's id, so a retried call makes no second session.
 */
export async function startDepositCheckout(
  db: Kysely<Database>,
  connection: ClientStripe,
  booking: {
    id: number;
    reference: string;
    depositPence: number;
    customerEmail: string;
    holdToken: string;
  },
  origin: string,
  now: Date,
): Promise<{ id: string; url: string }> {
  const metadata = { booking_id: String(booking.id), booking_reference: booking.reference };
  const back = depositReturnUrls(origin, booking.holdToken);
  const session = await connection.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: `booking-${booking.reference}`,
      ...(booking.customerEmail ? { customer_email: booking.customerEmail } : {}),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'gbp',
            unit_amount: booking.depositPence,
            product_data: { name: `Deposit for booking ${booking.reference}` },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata },
      expires_at: Math.ceil(now.getTime() / 1000) + depositHoldMinutes * 60,
      success_url: back.success,
      cancel_url: back.cancel,
    },
    { idempotencyKey: `booking-deposit-${booking.id}` },
  );
  if (!session.url) throw new Error(`Stripe made session ${session.id} without a URL`);
  const made = { id: session.id, url: session.url };
  await recordDepositSession(db, booking.id, made);
  return made;
}

/**
 * The deposit's payment page for a hold just placed. Should Stripe fail, the hold is released at
 * once (the time is free again) and the visitor is told to try again or call: a booking that
 * asks a deposit is never kept without a way to pay it.
 */
export async function startDepositOrRelease(
  deps: {
    db: Kysely<Database>;
    config: ServerConfig;
    changes: DataChanges;
    log: { warn: (message: string) => void };
  },
  client: ClientConfig,
  placed: { id: number; stored: StoredBooking; holdToken: string },
  origin: string,
  now: Date,
): Promise<string> {
  const connection = await clientStripe(deps.db, deps.config, client.name);
  try {
    if (!connection || !placed.stored.deposit) throw new Error('Stripe is no longer connected');
    const session = await startDepositCheckout(
      deps.db,
      connection,
      {
        id: placed.id,
        reference: placed.stored.reference,
        depositPence: placed.stored.deposit.pence,
        customerEmail: placed.stored.customer.email,
        holdToken: placed.holdToken,
      },
      origin,
      now,
    );
    return session.url;
  } catch (error) {
    deps.log.warn(`Stripe deposit session for booking ${placed.id} failed: ${String(error)}`);
    await releaseDepositHold(deps.db, placed.id, now);
    deps.changes.clientChanged(client.name, 'bookings');
    throw new AppError(
      409,
      `Card payment for the deposit cannot be started just now, so the time was not kept. Please try again in a moment, or call ${client.title} to book.`,
    );
  }
}

/** The booking a Stripe event is about, from the metadata set above; undefined for others. */
export function depositBookingIdOf(event: Stripe.Event): number | undefined {
  let metadata: Stripe.Metadata | null | undefined;
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    metadata = event.data.object.metadata;
  } else if (event.type === 'charge.refunded') {
    metadata = event.data.object.metadata;
  } else {
    return undefined;
  }
  const id = Number(metadata?.['booking_id']);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Adds the deposit's words to an e-mail: a paragraph in the HTML and in the text. */
export function withDepositNote(message: OutgoingMessage, note: string): OutgoingMessage {
  const paragraph = `<p>${escapeHtml(note)}</p>`;
  const html = message.html.includes('</body>')
    ? message.html.replace('</body>', () => `${paragraph}</body>`)
    : `${message.html}${paragraph}`;
  return { ...message, html, text: `${message.text}\n\n${note}\n` };
}

/** The hours of notice a booking's stored free window gives, for the policy's words. */
function freeHoursOf(row: DepositBookingRow, client: ClientConfig): number {
  if (!row.deposit_free_until) return 0;
  const start = localTimeToInstant(row.booking_date, row.start_minute, client.timeZone);
  if (start === null) return 0;
  return Math.max(0, Math.round((start - Date.parse(row.deposit_free_until)) / 3_600_000));
}

/** The policy as the booking's e-mails carry it. */
export function depositPolicyOf(row: DepositBookingRow, client: ClientConfig): string {
  return depositPolicyText(row.deposit_pence, freeHoursOf(row, client));
}

export interface DepositEventResult {
  applied: boolean;
  /** confirmed: the hold became a booking; late: paid after the hold lapsed (refunded). */
  outcome?: 'confirmed' | 'late' | 'refunded';
}

/**
 * What Stripe says about a deposit, from its webhook or from the reconcile run's question: paid
 * (a session paid), refunded (so much of the charge in all), or nothing to act on. `eventId` is
 * stored once per client, so the same fact applied twice changes nothing.
 */
export type DepositFact = { eventId: string; eventType: string } & (
  | { kind: 'paid'; paymentIntentId: string | null }
  | { kind: 'refunded'; refundedPence: number }
  | { kind: 'none' }
);

/** A Stripe event as a deposit fact. */
export function depositFactOf(event: Stripe.Event): DepositFact {
  const named = { eventId: event.id, eventType: event.type };
  if (event.type === 'charge.refunded') {
    return { ...named, kind: 'refunded', refundedPence: event.data.object.amount_refunded };
  }
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    return paidSessionFact(named, event.data.object);
  }
  return { ...named, kind: 'none' };
}

/** A Checkout Session as a deposit fact: paid, or nothing yet. */
export function paidSessionFact(
  named: { eventId: string; eventType: string },
  session: Pick<Stripe.Checkout.Session, 'payment_status' | 'payment_intent'>,
): DepositFact {
  if (session.payment_status !== 'paid') return { ...named, kind: 'none' };
  const intent = session.payment_intent;
  return {
    ...named,
    kind: 'paid',
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
  };
}

/**
 * Applies one deposit fact in one transaction: the booking row locked, the event stored once
 * (a duplicate, a replay or another instance's copy changes nothing), then on payment the hold
 * confirmed with its e-mails (with the policy) and reminder; a refund brings the deposit's
 * refunded amount up to Stripe's. A payment after the hold lapsed is kept as paid here and
 * refunded by the caller.
 */
export async function applyDepositEvent(
  deps: { db: Kysely<Database>; config: ServerConfig; origin: string },
  client: ClientConfig,
  fact: DepositFact,
  bookingId: number,
  now: Date,
): Promise<DepositEventResult> {
  const { db } = deps;
  const rules = await rulesFor(db, client, undefined);
  return inTransaction(db, async (trx) => {
    const row = await lockDepositBooking(trx, client.name, bookingId);
    const fresh = await insertPaymentEventOnce(
      trx,
      {
        clientCode: client.name,
        eventId: fact.eventId,
        eventType: fact.eventType,
        bookingId: row?.id ?? null,
      },
      now,
    );
    if (!fresh || !row) return { applied: false };
    if (fact.kind === 'refunded') {
      if (fact.refundedPence <= 0) return { applied: false };
      const moved = await catchUpDepositRefunded(trx, row, fact.refundedPence);
      return moved ? { applied: true, outcome: 'refunded' } : { applied: false };
    }
    if (fact.kind !== 'paid' || row.deposit_status !== 'unpaid') return { applied: false };
    await moveDepositStatus(trx, row.id, ['unpaid'], 'paid', fact.paymentIntentId);
    const manage = newManageToken();
    if (!(await confirmPendingBooking(trx, row.id, manage.hash, now))) {
      return { applied: true, outcome: 'late' };
    }
    const note = depositPolicyOf(row, client);
    await queueConfirmedBookingMails(
      trx,
      { client, mailFrom: deps.config.mailFrom, now, origin: deps.origin, rules },
      row,
      manage.token,
      (message) =>
        withDepositNote(message, `Deposit paid: ${formatPounds(row.deposit_pence / 100)}. ${note}`),
    );
    return { applied: true, outcome: 'confirmed' };
  });
}

/**
 * Refunds what is left of a paid deposit through Stripe (idempotent per booking), marks it
 * refunded and audits it. `ownerId` is null when the visitor's own cancellation or a late payment
 * asked it.
 */
export async function refundDeposit(
  db: Kysely<Database>,
  config: ServerConfig,
  client: ClientConfig,
  bookingId: number,
  reason: string,
  ownerId: number | null,
  now: Date,
): Promise<boolean> {
  const row = await readBookingDeposit(db, client.name, bookingId);
  if (!row || row.deposit_status !== 'paid' || !row.deposit_intent_id) return false;
  const connection = await clientStripe(db, config, client.name);
  if (!connection) return false;
  const refund = await connection.stripe.refunds.create(
    { payment_intent: row.deposit_intent_id, metadata: { booking_id: String(row.id) } },
    { idempotencyKey: `booking-deposit-refund-${row.id}` },
  );
  return inTransaction(db, async (trx) => {
    const moved = await addDepositRefund(
      trx,
      row,
      row.deposit_refunded_pence,
      row.deposit_refunded_pence + refund.amount,
    );
    if (moved) {
      await insertAudit(
        trx,
        {
          clientCode: client.name,
          ownerId,
          action: 'booking.deposit.refunded',
          detail: {
            bookingId: row.id,
            reference: row.reference,
            pence: refund.amount,
            refundId: refund.id,
            reason,
          },
        },
        now,
      );
    }
    return moved;
  });
}

const pounds = (pence: number) => formatPounds(pence / 100);

/** The customer's e-mail for the owner's refund of a deposit. */
function depositRefundMail(input: {
  reference: string;
  customerName: string;
  businessName: string;
  refundPence: number;
  refundedPence: number;
  depositPence: number;
}) {
  const lines = [
    `Dear ${input.customerName},`,
    `We have refunded ${pounds(input.refundPence)} of the deposit for booking ${input.reference} to the card you paid with.`,
    input.refundedPence >= input.depositPence
      ? `That is the whole of the ${pounds(input.depositPence)} deposit.`
      : `So far ${pounds(input.refundedPence)} of the ${pounds(input.depositPence)} deposit has been refunded.`,
    'Refunds usually reach your account within 5 to 10 working days, depending on your bank.',
    input.businessName,
  ];
  return {
    subject: `Refund of ${pounds(input.refundPence)} of your deposit for booking ${input.reference}`,
    html: `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1b1f24;line-height:1.5">${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}</body></html>`,
    text: `${lines.join('\n\n')}\n`,
  };
}

/**
 * The owner refunds all or part of a booking's deposit from the diary (issue 36), whatever the
 * policy said: the amount is checked here against paid minus refunded (Stripe checks again), and
 * the owner's view must be current (`expectedRefundedPence`). Stripe's idempotency key is the
 * booking, what was refunded before and the amount, so a double press or a retried request makes
 * one refund; the row moves only from the amount the refund was made after. Audited as the owner
 * and e-mailed to the customer through the outbox, once per Stripe refund.
 */
export async function refundDepositByOwner(
  deps: { db: Kysely<Database>; config: ServerConfig },
  client: ClientConfig,
  bookingId: number,
  request: RefundDepositRequest,
  ownerId: number,
  now: Date,
): Promise<{ refundId: string; refundPence: number; refundedPence: number }> {
  const { db, config } = deps;
  const row = await readBookingDeposit(db, client.name, bookingId);
  if (!row) throw new AppError(404, `There is no booking ${bookingId}.`);
  const status = (depositStatuses as readonly string[]).includes(row.deposit_status ?? '')
    ? (row.deposit_status as DepositStatus)
    : 'unpaid';
  const held = { pence: row.deposit_pence, refundedPence: row.deposit_refunded_pence, status };
  if (row.deposit_status === null || !row.deposit_intent_id || status === 'unpaid') {
    throw new AppError(409, 'No deposit has been paid for this booking: nothing to refund.');
  }
  if (row.deposit_refunded_pence !== request.expectedRefundedPence) {
    throw new AppError(
      409,
      `A refund was made on this deposit meanwhile (${pounds(row.deposit_refunded_pence)} refunded so far). The booking is shown afresh; check the amount, then refund again.`,
    );
  }
  const left = depositRefundablePence(held);
  refuseRefundOverLeft('deposit', request.amountPence, {
    leftPence: left,
    paidPence: row.deposit_pence,
    refundedPence: row.deposit_refunded_pence,
  });
  const connection = await clientStripe(db, config, client.name);
  if (!connection) {
    throw new AppError(
      409,
      'Stripe is not connected here any more (see Payments): refund this deposit in your Stripe dashboard.',
    );
  }
  const refund = await createStripeRefund(
    connection.stripe,
    {
      payment_intent: row.deposit_intent_id,
      amount: request.amountPence,
      reason: 'requested_by_customer',
      metadata: { booking_id: String(row.id) },
    },
    `booking-deposit-refund-${row.id}-after-${row.deposit_refunded_pence}-${request.amountPence}`,
  );
  const refundedPence = row.deposit_refunded_pence + refund.amount;
  const reference = row.reference ?? String(row.id);
  await inTransaction(db, async (trx) => {
    // Moves only from the amount seen above: a replayed request finds it moved and adds nothing.
    if (!(await addDepositRefund(trx, row, row.deposit_refunded_pence, refundedPence))) return;
    await insertAudit(
      trx,
      {
        clientCode: client.name,
        ownerId,
        action: 'booking.deposit.refunded',
        detail: {
          bookingId: row.id,
          reference,
          pence: refund.amount,
          refundedPence,
          depositPence: row.deposit_pence,
          refundId: refund.id,
          reason: request.reason,
        },
      },
      now,
    );
    const to = safeReplyTo(row.customer_email);
    if (!to) return;
    await enqueueMessage(
      trx,
      {
        clientCode: client.name,
        templateId: 'booking-deposit-refund',
        from: clientSender(client.title, config.mailFrom),
        to,
        replyTo: client.email,
        idempotencyKey: `booking:${row.id}:deposit-refund:${refund.id}:customer`,
        ...depositRefundMail({
          reference,
          customerName: row.customer_name,
          businessName: client.title,
          refundPence: refund.amount,
          refundedPence,
          depositPence: row.deposit_pence,
        }),
      },
      now,
    );
  });
  return { refundId: refund.id, refundPence: refund.amount, refundedPence };
}

/** Keeps a paid deposit as the fee (late cancellation, no-show), audited, in the caller's transaction. */
export async function keepDeposit(
  trx: Kysely<Database>,
  clientCode: string,
  booking: { id: number; reference: string | null; deposit_pence: number },
  reason: string,
  ownerId: number | null,
  now: Date,
): Promise<boolean> {
  const moved = await moveDepositStatus(trx, booking.id, ['paid'], 'kept');
  if (moved) {
    await insertAudit(
      trx,
      {
        clientCode,
        ownerId,
        action: 'booking.deposit.kept',
        detail: {
          bookingId: booking.id,
          reference: booking.reference,
          pence: booking.deposit_pence,
          reason,
        },
      },
      now,
    );
  }
  return moved;
}

/**
 * Applies a deposit fact for a booking and refunds at once a payment that came after the hold
 * lapsed (the time is free again): the webhook's path and the reconcile run's.
 */
export async function settleDepositFact(
  deps: { db: Kysely<Database>; config: ServerConfig; registry: ClientRegistry },
  client: ClientConfig,
  fact: DepositFact,
  bookingId: number,
  now: Date,
): Promise<DepositEventResult> {
  const origin = siteOrigin(client, {
    production: deps.config.env === 'production',
    port: deps.config.port,
    registry: deps.registry,
  });
  const result = await applyDepositEvent(
    { db: deps.db, config: deps.config, origin },
    client,
    fact,
    bookingId,
    now,
  );
  if (result.outcome === 'late') {
    await refundDeposit(
      deps.db,
      deps.config,
      client,
      bookingId,
      'Paid after the hold had lapsed',
      null,
      now,
    );
  }
  return result;
}

/**
 * The webhook's handler for booking deposits (payments-routes.ts takes it from build-app.ts):
 * undefined for an event about no booking.
 */
export function bookingDepositEvents(deps: {
  db: Kysely<Database>;
  config: ServerConfig;
  registry: ClientRegistry;
}) {
  return async (
    client: ClientConfig,
    event: Stripe.Event,
    now: Date,
  ): Promise<DepositEventResult | undefined> => {
    const bookingId = depositBookingIdOf(event);
    if (bookingId === undefined) return undefined;
    return settleDepositFact(deps, client, depositFactOf(event), bookingId, now);
  };
}

/**
 * Recovers lost deposit webhooks (the reconcile run, payments-reconcile.ts, calls this through
 * serve.ts: booking/ sits above payments/). For each deposit hold whose payment page is older than
 * `askAfterMs` and still unpaid here, asks Stripe for the session and applies a paid answer as
 * the webhook would, under an event id of its own, so a webhook that does come later changes
 * nothing more. `askAfterMs` is kept well under the hold's 30 minutes so a paid hold is
 * confirmed before it lapses; one paid after is refunded as a late payment.
 */
export function reconcileDepositHolds(deps: {
  db: Kysely<Database>;
  config: ServerConfig;
  registry: ClientRegistry;
}) {
  return async (now: Date, askAfterMs: number): Promise<{ asked: number; applied: number }> => {
    const lookBackMs = 2 * 24 * 60 * 60_000;
    const holds = await listUnsettledDepositSessions(
      deps.db,
      new Date(now.getTime() - askAfterMs),
      new Date(now.getTime() - lookBackMs),
    );
    let applied = 0;
    for (const hold of holds) {
      const client = deps.registry.byCode(hold.client_code);
      const connection = client && (await clientStripe(deps.db, deps.config, client.name));
      if (!client || !connection) continue;
      const session = await connection.stripe.checkout.sessions.retrieve(hold.deposit_session_id);
      const fact = paidSessionFact(
        { eventId: `reconciled:${session.id}:paid`, eventType: 'reconciled.session.paid' },
        session,
      );
      if (fact.kind !== 'paid') continue;
      if ((await settleDepositFact(deps, client, fact, hold.id, now)).applied) applied += 1;
    }
    return { asked: holds.length, applied };
  };
}

/** What cancelling now does to a booking's deposit: refund (in the free window), kept, or nothing. */
export function depositOnCancel(
  row: Pick<DepositBookingRow, 'deposit_status' | 'deposit_free_until'>,
  now: Date,
): 'refund' | 'kept' | undefined {
  if (row.deposit_status !== 'paid') return undefined;
  const freeUntil = row.deposit_free_until ? Date.parse(row.deposit_free_until) : 0;
  return now.getTime() < freeUntil ? 'refund' : 'kept';
}

/** The cancellation e-mails' words about the deposit, with the policy. */
export function depositCancelNote(
  row: DepositBookingRow,
  client: ClientConfig,
  outcome: 'refund' | 'kept',
): string {
  const amount = formatPounds(row.deposit_pence / 100);
  const said =
    outcome === 'refund'
      ? `Your deposit of ${amount} is being refunded to your card: it may take 5 to 10 days to show.`
      : `As this booking was cancelled after the free cancellation window, the deposit of ${amount} is kept as a cancellation fee.`;
  return `${said} ${depositPolicyOf(row, client)}`;
}

/** The owner's mark: a no-show keeps a paid deposit (audited); unmarking it makes it paid again. */
export async function depositOnStatusChange(
  db: Kysely<Database>,
  clientCode: string,
  bookingId: number,
  from: string,
  to: string,
  audit: (action: string, detail: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const row = await readBookingDeposit(db, clientCode, bookingId);
  if (!row) return;
  const detail = { bookingId, reference: row.reference, pence: row.deposit_pence };
  if (to === 'no-show' && (await moveDepositStatus(db, bookingId, ['paid'], 'kept'))) {
    await audit('booking.deposit.kept', { ...detail, reason: 'Marked a no-show' });
  } else if (from === 'no-show' && (await moveDepositStatus(db, bookingId, ['kept'], 'paid'))) {
    await audit('booking.deposit.unkept', { ...detail, reason: `Marked ${to} instead` });
  }
}

/** A moved booking's free cancellation window: as many hours before its new start as before. */
export function depositWindowAfterMove(
  row: Pick<DepositBookingRow, 'booking_date' | 'start_minute' | 'deposit_free_until'>,
  date: string,
  minuteOfDay: number,
  timeZone: string,
): string | null {
  if (!row.deposit_free_until) return null;
  const before = localTimeToInstant(row.booking_date, row.start_minute, timeZone);
  const after = localTimeToInstant(date, minuteOfDay, timeZone);
  if (before === null || after === null) return row.deposit_free_until;
  const notice = before - Date.parse(row.deposit_free_until);
  return new Date(after - notice).toISOString();
}
