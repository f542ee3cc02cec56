import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoredBooking } from '../../src/common/booking.js';
import {
  defaultDepositSettings,
  type DepositHoldAnswer,
  type DepositSettings,
  type DepositSettingsAnswer,
} from '../../src/common/deposits.js';
import type { DiaryBooking } from '../../src/common/diary.js';
import { findBookedIntervals } from '../../src/server/booking/booking-store.js';
import { setBookingStatus } from '../../src/server/booking/diary/diary-views.js';
import { bookingDepositEvents } from '../../src/server/booking/deposits/deposit-service.js';
import { releaseExpiredHolds } from '../../src/server/booking/visitor/booking-holds-store.js';
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
 * Deposits for bookings (issue 36, decision 0079) on both databases, with Stripe's stand-in: a
 * held booking confirmed by its payment's webhook (once, however often it comes), a hold that
 * lapses and frees its time (clock moved on), a visitor's cancellation refunded in the free window
 * and kept after it, a no-show keeping it, and the owner's settings API.
 */
const sameSite = {
  host: 'localhost',
  origin: 'http://localhost',
  'x-requested-with': 'highstreet',
};
const secretKey = 'sk_test_highstreetDepositStandIn1';
const webhookSecret = 'whsec_highstreetDepositStandIn01';

describeEachDatabase('deposits for bookings (issue 36)', (kind) => {
  let t: TestApp;
  let second: TestApp;
  let standIn: StripeStandIn;
  let owner: OwnerSession;
  let made = 0;

  const saveDeposits = async (settings: DepositSettings) => {
    const current = await t.app.inject({
      url: '/api/manage/deposit-settings',
      headers: owner.headers,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/manage/deposit-settings',
      headers: owner.headers,
      payload: { settings, version: current.json<DepositSettingsAnswer>().version },
    });
    expect(res.statusCode).toBe(200);
  };
  const halfDeposit: DepositSettings = {
    ...defaultDepositSettings,
    mode: 'booking',
    booking: { kind: 'percent', amount: 50 },
    freeCancelHours: 48,
  };

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const env = {
      BOOKING_LIMIT_PER_IP: '1000',
      ...cardPaymentsEnv(standIn),
    };
    t = await startTestApp(kind, env);
    second = await startTestApp(kind, env, { sameDatabaseAs: t });
    await withoutPatchTests(t);
    owner = await signInAs(t, 'RRB');
    await saveStripeKeysAsOwner(t, owner, { secretKey, webhookSecret });
    await saveDeposits(halfDeposit);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await standIn?.close();
  });

  const book = async () => {
    const request = await freeBookingRequest(t, { email: `deposit${++made}.${kind}@example.com` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      headers: { host: 'rrb.localhost' },
      payload: request,
    });
    expect(res.statusCode).toBe(200);
    const stored = res.json<{ data: StoredBooking }>().data;
    const row = await bookingRow(stored.ID);
    const session = standIn.sessions.get(row.deposit_session_id!)!;
    const holdToken = new URL(String(session['success_url'])).searchParams.get('hold')!;
    return { stored, row, session, holdToken };
  };
  const bookingRow = (id: number) =>
    t.handle.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const post = (app: TestApp, event: ReturnType<StripeStandIn['pay']>) => {
    const { payload, signature } = standIn.sign(event, webhookSecret);
    return app.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/RRB',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };
  const mailsTo = (email: string) =>
    t.handle.db
      .selectFrom('outbox')
      .select(['mail_to', 'subject', 'text', 'template_id'])
      .where('client_code', '=', 'RRB')
      .where('mail_to', '=', email)
      .orderBy('id')
      .execute();
  const manageTokenOf = async (email: string) => {
    const mails = await mailsTo(email);
    const match = mails
      .map((m) => /\/booking\/manage\/([A-Za-z0-9_-]+)/.exec(m.text))
      .find(Boolean);
    return match![1]!;
  };
  const payAndConfirm = async () => {
    const booked = await book();
    const paid = await post(t, standIn.pay(booked.session.id));
    expect(paid.json()).toEqual({ received: true, applied: true });
    return booked;
  };
  const audits = (action: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .select(['detail', 'owner_id'])
      .where('client_code', '=', 'RRB')
      .where('action', '=', action)
      .execute();

  it('holds a booking that asks a deposit, with Stripe’s page for exactly the deposit, and confirms it once paid', async () => {
    const { stored, row, session, holdToken } = await book();
    const pricePence = Math.round(stored.totalPrice * 100);
    expect(stored.deposit).toMatchObject({
      pence: Math.floor((pricePence * 50 + 50) / 100),
      payUrl: `${standIn.url}/pay/${session.id}`,
    });
    expect(stored.deposit!.policy).toContain('at least 48 hours before');
    expect(row).toMatchObject({ status: 'pending', deposit_status: 'unpaid' });
    expect(session.amount_total).toBe(stored.deposit!.pence);
    expect(session.metadata['booking_id']).toBe(String(stored.ID));
    // Nothing is sent until the deposit is paid.
    expect(await mailsTo(stored.customer.email)).toEqual([]);
    const waiting = await t.app.inject({
      url: `/api/bookings/deposit-hold/${holdToken}?client=RRB`,
    });
    expect(waiting.json<DepositHoldAnswer>()).toMatchObject({
      state: 'awaiting',
      payUrl: stored.deposit!.payUrl,
    });
    // The hold's token cannot confirm it without paying.
    const byLink = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/confirm/${holdToken}?client=RRB`,
      headers: sameSite,
    });
    expect(byLink.statusCode).toBe(409);

    const paid = standIn.pay(session.id);
    expect((await post(t, paid)).json()).toEqual({ received: true, applied: true });
    // The same event again, and another instance's copy: no change, no second e-mail.
    expect((await post(t, paid)).json()).toEqual({ received: true, applied: false });
    expect((await post(second, paid)).json()).toEqual({ received: true, applied: false });
    expect(await bookingRow(stored.ID)).toMatchObject({
      status: 'booked',
      deposit_status: 'paid',
      deposit_intent_id: session.payment_intent,
    });
    // The booking e-mail and the reminder, once each, with the deposit and the policy.
    const mails = await mailsTo(stored.customer.email);
    expect(mails.map((m) => m.template_id).sort()).toEqual([
      'booking-customer',
      'booking-reminder',
    ]);
    for (const mail of mails) expect(mail.text).toContain('kept as a cancellation fee');
    expect(mails.find((m) => m.template_id === 'booking-customer')!.text).toContain('Deposit paid');
    const events = await t.handle.db
      .selectFrom('payment_events')
      .select(['booking_id'])
      .where('event_id', '=', paid.id)
      .execute();
    expect(events).toEqual([{ booking_id: stored.ID }]);
    const back = await t.app.inject({ url: `/api/bookings/deposit-hold/${holdToken}?client=RRB` });
    expect(back.json<DepositHoldAnswer>()).toMatchObject({
      state: 'confirmed',
      depositStatus: 'paid',
    });

    const diary = await t.app.inject({
      url: `/api/manage/bookings/${stored.ID}`,
      headers: owner.headers,
    });
    expect(diary.json<DiaryBooking>().deposit).toEqual({
      pence: stored.deposit!.pence,
      refundedPence: 0,
      status: 'paid',
    });
  });

  it('lets an unpaid hold lapse: the time is free again, and a payment after that is refunded', async () => {
    const { stored, row, session, holdToken } = await book();
    const date = stored.bookingDate;
    const heldAt = (at: Date) =>
      findBookedIntervals(t.handle.db, 'RRB', date, at).then((list) =>
        list.some((i) => i.startMinute === row.start_minute),
      );
    expect(await heldAt(new Date())).toBe(true);
    const later = new Date(Date.parse(row.held_until!) + 60_000);
    expect(await heldAt(later)).toBe(false);
    expect(await releaseExpiredHolds(t.handle.db, later)).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(stored.ID)).status).toBe('cancelled');
    const told = await t.app.inject({ url: `/api/bookings/deposit-hold/${holdToken}?client=RRB` });
    expect(told.json<DepositHoldAnswer>()).toMatchObject({ state: 'released', payUrl: null });

    // Paid on Stripe's page just too late: not booked, and the money goes back.
    const result = await bookingDepositEvents({
      db: t.handle.db,
      config: t.config,
      registry: t.registry,
    })(t.registry.byCode('RRB')!, standIn.pay(session.id), later);
    expect(result).toMatchObject({ applied: true, outcome: 'late' });
    expect(await bookingRow(stored.ID)).toMatchObject({
      status: 'cancelled',
      deposit_status: 'refunded',
    });
    expect(standIn.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(
      1,
    );
  });

  it('refunds the deposit of a visitor who cancels in the free window, once, and audits it', async () => {
    const { stored, session } = await payAndConfirm();
    const token = await manageTokenOf(stored.customer.email);
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/manage/${token}/cancel?client=RRB`,
        headers: sameSite,
      });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(409);
    expect(await bookingRow(stored.ID)).toMatchObject({
      status: 'cancelled',
      deposit_status: 'refunded',
    });
    const refunds = standIn.refunds.filter((r) => r.payment_intent === session.payment_intent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(stored.deposit!.pence);
    const audited = await audits('booking.deposit.refunded');
    expect(audited.some((a) => JSON.parse(a.detail).bookingId === stored.ID)).toBe(true);
    const mails = await mailsTo(stored.customer.email);
    expect(mails.at(-1)!.text).toContain('is being refunded to your card');
    // Stripe's refund event afterwards changes nothing more.
    const refunded = await post(t, standIn.refund(session.id, stored.deposit!.pence));
    expect(refunded.json()).toEqual({ received: true, applied: false });
  });

  it('keeps the deposit when the visitor cancels after the free window, and for a no-show', async () => {
    await saveDeposits({ ...halfDeposit, freeCancelHours: 720 });
    try {
      const late = await payAndConfirm();
      const token = await manageTokenOf(late.stored.customer.email);
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/manage/${token}/cancel?client=RRB`,
        headers: sameSite,
      });
      expect(cancelled.statusCode).toBe(200);
      expect((await bookingRow(late.stored.ID)).deposit_status).toBe('kept');
      expect(standIn.refunds.some((r) => r.payment_intent === late.session.payment_intent)).toBe(
        false,
      );
      expect((await mailsTo(late.stored.customer.email)).at(-1)!.text).toContain(
        'kept as a cancellation fee',
      );
      const kept = await audits('booking.deposit.kept');
      expect(kept.some((a) => JSON.parse(a.detail).bookingId === late.stored.ID)).toBe(true);

      const absent = await payAndConfirm();
      const afterStart = new Date(Date.now() + 30 * 24 * 3_600_000);
      const logged: string[] = [];
      await setBookingStatus(
        {
          db: t.handle.db,
          dbKind: t.handle.kind,
          client: t.registry.byCode('RRB')!,
          changes: t.changes,
          mailFrom: t.config.mailFrom,
          now: afterStart,
          audit: async (action) => void logged.push(action),
        },
        absent.stored.ID,
        { status: 'no-show' },
      );
      expect((await bookingRow(absent.stored.ID)).deposit_status).toBe('kept');
      expect(logged).toEqual(['booking.status', 'booking.deposit.kept']);
    } finally {
      await saveDeposits(halfDeposit);
    }
  });

  it('asks no deposit of a client without Stripe, and the owner’s settings are refused to others', async () => {
    const path = '/api/manage/deposit-settings';
    const none = await t.app.inject({ url: path, headers: { host: owner.headers.host } });
    expect(none.statusCode).toBe(401);
    const staff = await signInAs(t, 'RRB', { role: 'staff' });
    expect((await t.app.inject({ url: path, headers: staff.headers })).statusCode).toBe(403);
    const other = await signInAs(t, 'SE');
    const crossSite = await t.app.inject({
      url: path,
      headers: { ...other.headers, host: owner.headers.host },
    });
    expect(crossSite.statusCode).toBe(403);
    // Another client's own settings are its own: SE takes no cards here.
    const theirs = await t.app.inject({ url: path, headers: other.headers });
    expect(theirs.json<DepositSettingsAnswer>()).toMatchObject({ cardsTaken: false, version: 0 });

    const bad = await t.app.inject({
      method: 'PUT',
      url: path,
      headers: owner.headers,
      payload: {
        settings: { ...halfDeposit, booking: { kind: 'percent', amount: 150 } },
        version: 1,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('settings.booking.amount');
    const stale = await t.app.inject({
      method: 'PUT',
      url: path,
      headers: owner.headers,
      payload: { settings: halfDeposit, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
  });
});
