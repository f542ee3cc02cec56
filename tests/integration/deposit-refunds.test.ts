import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoredBooking } from '../../src/common/booking.js';
import {
  defaultDepositSettings,
  type DepositSettings,
  type DepositSettingsAnswer,
} from '../../src/common/deposits.js';
import type { CustomerDetail } from '../../src/common/customers.js';
import type { DiaryBooking } from '../../src/common/diary.js';
import { reconcileDepositHolds } from '../../src/server/booking/deposits/deposit-service.js';
import { reconcilePayments } from '../../src/server/payments/payments-reconcile.js';
import { freeBookingRequest } from '../support/booking-request.js';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs, type OwnerSession } from '../support/owner-session.js';
import { withoutPatchTests } from '../support/patch-tests.js';
import {
  cardPaymentsEnv,
  saveStripeKeysAsOwner,
} from '../support/stripe-stand-in/card-payments.js';
import {
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in/stripe-stand-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The owner's refunds of booking deposits from the diary and the reconciliation of lost deposit
 * webhooks (issue 36, decision 0079), on both databases with Stripe's stand-in: a part refund
 * then the rest, more than is left refused on the field, a replayed request refunding nothing
 * twice, the owner-only route refused to others; and a paid hold whose webhook never came
 * confirmed by the reconcile run before it lapses, once.
 */
const secretKey = 'sk_test_highstreetDepositRefunds01';
const webhookSecret = 'whsec_highstreetDepositRefunds001';

describeEachDatabase('refunds of booking deposits and lost deposit webhooks (issue 36)', (kind) => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let owner: OwnerSession;
  let made = 0;

  const deposits: DepositSettings = {
    ...defaultDepositSettings,
    mode: 'booking',
    booking: { kind: 'fixed', amount: 1000 },
    freeCancelHours: 48,
  };

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await startTestApp(kind, {
      BOOKING_LIMIT_PER_IP: '1000',
      ...cardPaymentsEnv(standIn),
    });
    await withoutPatchTests(t);
    owner = await signInAs(t, 'RRB');
    await saveStripeKeysAsOwner(t, owner, { secretKey, webhookSecret });
    const current = await t.app.inject({
      url: '/api/manage/deposit-settings',
      headers: owner.headers,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/manage/deposit-settings',
      headers: owner.headers,
      payload: { settings: deposits, version: current.json<DepositSettingsAnswer>().version },
    });
    expect(put.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const bookingRow = (id: number) =>
    t.handle.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const book = async () => {
    const request = await freeBookingRequest(t, { email: `refund${++made}.${kind}@example.com` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      headers: { host: 'rrb.localhost' },
      payload: request,
    });
    expect(res.statusCode).toBe(200);
    const stored = res.json<{ data: StoredBooking }>().data;
    const row = await bookingRow(stored.ID);
    return { stored, row, session: standIn.sessions.get(row.deposit_session_id!)! };
  };
  const post = (event: ReturnType<StripeStandIn['pay']>) => {
    const { payload, signature } = standIn.sign(event, webhookSecret);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/RRB',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };
  const paidBooking = async () => {
    const booked = await book();
    expect((await post(standIn.pay(booked.session.id))).json()).toEqual({
      received: true,
      applied: true,
    });
    return booked;
  };
  const refund = (
    id: number,
    body: Record<string, unknown>,
    session: { headers: Record<string, string> } | null = owner,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/manage/bookings/${id}/refund-deposit`,
      headers: session?.headers ?? { host: owner.headers.host! },
      payload: body,
    });
  const mailsTo = (email: string) =>
    t.handle.db
      .selectFrom('outbox')
      .select(['subject', 'text', 'template_id'])
      .where('mail_to', '=', email)
      .orderBy('id')
      .execute();
  const stripeRefundsOf = (intent: string) =>
    standIn.refunds.filter((r) => r.payment_intent === intent);

  it('refunds part of a deposit, then the rest; more than is left is refused on the field; a replay refunds nothing twice', async () => {
    const { stored, session } = await paidBooking();
    const email = stored.customer.email;

    const part = await refund(stored.ID, {
      amountPence: 400,
      reason: 'Cancelled by us: therapist ill',
      expectedRefundedPence: 0,
    });
    expect(part.statusCode).toBe(200);
    expect(part.json<DiaryBooking>().deposit).toEqual({
      pence: 1000,
      refundedPence: 400,
      status: 'part-refunded',
    });
    // The customer's page shows the deposit and where it stands.
    const customerId = (await bookingRow(stored.ID)).customer_id!;
    const page = await t.app.inject({
      url: `/api/manage/customers/${customerId}`,
      headers: owner.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json<CustomerDetail>().bookings.find((b) => b.id === stored.ID)!.deposit).toEqual({
      pence: 1000,
      refundedPence: 400,
      status: 'part-refunded',
    });
    // The same request again (a double press): refused as stale, nothing more refunded.
    const replay = await refund(stored.ID, {
      amountPence: 400,
      reason: 'Cancelled by us: therapist ill',
      expectedRefundedPence: 0,
    });
    expect(replay.statusCode).toBe(409);
    expect(stripeRefundsOf(session.payment_intent)).toHaveLength(1);
    expect(stripeRefundsOf(session.payment_intent)[0]!.idempotencyKey).toBe(
      `booking-deposit-refund-${stored.ID}-after-0-400`,
    );

    const over = await refund(stored.ID, {
      amountPence: 601,
      reason: 'Too much',
      expectedRefundedPence: 400,
    });
    expect(over.statusCode).toBe(422);
    expect(JSON.stringify(over.json())).toContain('amountPence');
    expect(JSON.stringify(over.json())).toContain('£6.00');

    // Stripe's charge.refunded echo of our refund changes nothing more.
    const echo = standIn.emitted.at(-1)!;
    expect((await post(echo)).json()).toEqual({ received: true, applied: false });

    const rest = await refund(stored.ID, {
      amountPence: 600,
      reason: 'The rest',
      expectedRefundedPence: 400,
    });
    expect(rest.statusCode).toBe(200);
    expect(await bookingRow(stored.ID)).toMatchObject({
      deposit_status: 'refunded',
      deposit_refunded_pence: 1000,
    });
    expect(stripeRefundsOf(session.payment_intent).map((r) => r.amount)).toEqual([400, 600]);
    const full = await refund(stored.ID, {
      amountPence: 1,
      reason: 'One more',
      expectedRefundedPence: 1000,
    });
    expect(full.statusCode).toBe(422);
    expect(JSON.stringify(full.json())).toContain('refunded in full already');

    // One e-mail per refund, and each refund audited as the owner with its reason.
    const refundMails = (await mailsTo(email)).filter(
      (m) => m.template_id === 'booking-deposit-refund',
    );
    expect(refundMails.map((m) => m.subject)).toEqual([
      `Refund of £4.00 of your deposit for booking ${stored.reference}`,
      `Refund of £6.00 of your deposit for booking ${stored.reference}`,
    ]);
    expect(refundMails[1]!.text).toContain('whole of the £10.00 deposit');
    const audited = await t.handle.db
      .selectFrom('audit_log')
      .select(['detail', 'owner_id'])
      .where('client_code', '=', 'RRB')
      .where('action', '=', 'booking.deposit.refunded')
      .execute();
    const mine = audited.filter((a) => JSON.parse(a.detail).bookingId === stored.ID);
    expect(mine.map((a) => JSON.parse(a.detail).reason)).toEqual([
      'Cancelled by us: therapist ill',
      'The rest',
    ]);
    expect(mine.every((a) => a.owner_id !== null)).toBe(true);
  });

  it('refuses a refund of a deposit not paid (409) and of an unknown booking (404)', async () => {
    const { stored } = await book();
    const body = { amountPence: 100, reason: 'Nothing paid', expectedRefundedPence: 0 };
    expect((await refund(stored.ID, body)).statusCode).toBe(409);
    expect((await refund(2_000_000_000, body)).statusCode).toBe(404);
    const bad = await refund(stored.ID, { ...body, amountPence: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a deposit refund to another client’s owner and staff (403) and without a session (401)', async () => {
    const { stored, session } = await paidBooking();
    const body = { amountPence: 100, reason: 'Not mine', expectedRefundedPence: 0 };
    const other = await signInAs(t, 'SE');
    const crossSite = { headers: { ...other.headers, host: owner.headers.host! } };
    expect((await refund(stored.ID, body, crossSite)).statusCode).toBe(403);
    const staff = await signInAs(t, 'RRB', { role: 'staff' });
    expect((await refund(stored.ID, body, staff)).statusCode).toBe(403);
    expect((await refund(stored.ID, body, null)).statusCode).toBe(401);
    // Another client's owner on their own site: RRB's booking is not theirs.
    expect((await refund(stored.ID, body, other)).statusCode).toBe(404);
    expect(stripeRefundsOf(session.payment_intent)).toHaveLength(0);
  });

  it('confirms a paid hold whose webhook was lost at the next reconcile run, before it lapses, once', async () => {
    const { stored, row, session } = await book();
    // Paid on Stripe's page; the webhook never comes.
    const completed = standIn.pay(session.id);
    const deps = { db: t.handle.db, config: t.config, registry: t.registry };
    const run = (now: Date) =>
      reconcilePayments({ ...deps, depositHolds: reconcileDepositHolds(deps) }, now, {
        force: true,
      });
    // Too soon to ask: a webhook may still be on its way.
    const soon = await run(new Date(Date.parse(row.created_at) + 60_000));
    expect((await bookingRow(stored.ID)).status).toBe('pending');
    expect(soon.ran).toBe(true);

    const later = new Date(Date.parse(row.created_at) + 11 * 60_000);
    expect(later.getTime()).toBeLessThan(Date.parse(row.held_until!));
    const result = await run(later);
    expect(result.applied).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(stored.ID)).toMatchObject({
      status: 'booked',
      deposit_status: 'paid',
      deposit_intent_id: session.payment_intent,
    });
    const mails = await mailsTo(stored.customer.email);
    expect(mails.map((m) => m.template_id).sort()).toEqual([
      'booking-customer',
      'booking-reminder',
    ]);
    // Again, and the webhook arriving after all: nothing more.
    await run(new Date(later.getTime() + 5 * 60_000));
    expect((await post(completed)).json()).toEqual({ received: true, applied: false });
    expect(await mailsTo(stored.customer.email)).toHaveLength(2);
    expect(stripeRefundsOf(session.payment_intent)).toHaveLength(0);
  });
});
