import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlacedOrder } from '../../src/common/orders.js';
import type { PaymentSettingsAnswer } from '../../src/common/payments.js';
import { reconcilePayments } from '../../src/server/payments/payments-reconcile.js';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs, type OwnerSession } from '../support/owner-session.js';
import {
  cardPaymentsEnv,
  saveStripeKeysAsOwner,
} from '../support/stripe-stand-in/card-payments.js';
import {
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in/stripe-stand-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const secretKey = 'sk_test_highstreetStandIn0001';
const webhookSecret = 'whsec_highstreetStandInSecret0001';
const customer = {
  name: 'Ann Example',
  email: 'ann.pays@example.com',
  telephone: '07700 900123',
  address: '1 High Street',
  message: '',
};

describeEachDatabase('card payment for orders (issue 36)', (kind) => {
  let t: TestApp;
  let second: TestApp;
  let standIn: StripeStandIn;
  let owner: OwnerSession;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const env = {
      ORDER_LIMIT_PER_IP: '1000',
      ...cardPaymentsEnv(standIn),
      PAYMENTS_RECONCILE_MINUTES: '1',
    };
    t = await startTestApp(kind, env);
    second = await startTestApp(kind, env, { sameDatabaseAs: t });
    owner = await signInAs(t, 'SE');
    await saveStripeKeysAsOwner(t, owner, { secretKey, webhookSecret });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await standIn?.close();
  });

  const placeCardOrder = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create?client=SE',
      payload: {
        lines: [{ productId: 2, quantity: 2, price: 1, title: 'Cheap tub' }],
        customer,
        fulfilment: { method: 'collection' },
        payBy: 'card',
      },
    });
    expect(res.statusCode).toBe(201);
    const placed = res.json<{ data: PlacedOrder }>().data;
    const row = await t.handle.db
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', placed.orderNumber)
      .executeTakeFirstOrThrow();
    return { placed, row, sessionId: row.payment_session_id! };
  };
  const post = (app: TestApp, event: ReturnType<StripeStandIn['pay']>, secret = webhookSecret) => {
    const { payload, signature } = standIn.sign(event, secret);
    return app.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/SE',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };
  const orderRow = (id: number) =>
    t.handle.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paidMails = (orderNumber: string) =>
    t.handle.db
      .selectFrom('outbox')
      .select(['mail_to', 'idempotency_key'])
      .where('idempotency_key', 'like', `order:${orderNumber}:paid:%`)
      .execute();

  it('makes a Checkout Session for exactly the stored order total, and the order is unpaid', async () => {
    const { placed, row, sessionId } = await placeCardOrder();
    expect(row.payment_status).toBe('unpaid');
    expect(placed.payment?.url).toBe(`${standIn.url}/pay/${sessionId}`);
    const session = standIn.sessions.get(sessionId)!;
    expect(row.gross_pence).toBeGreaterThan(0);
    expect(session.amount_total).toBe(row.gross_pence);
    expect(session.sent['line_items[0][price_data][currency]']).toBe('gbp');
    expect(session.metadata['order_number']).toBe(placed.orderNumber);
  });

  it('refuses an event with a bad signature (400) and changes nothing', async () => {
    const { row, sessionId } = await placeCardOrder();
    const res = await post(t, standIn.pay(sessionId), 'whsec_notTheRightSecret000');
    expect(res.statusCode).toBe(400);
    expect((await orderRow(row.id)).payment_status).toBe('unpaid');
  });

  it('marks the order paid once for a paid event, its duplicate and a replay, and mails both sides once', async () => {
    const { row, sessionId } = await placeCardOrder();
    const paid = standIn.pay(sessionId);
    const first = await post(t, paid);
    expect(first.json()).toEqual({ received: true, applied: true });
    expect((await post(t, paid)).json()).toEqual({ received: true, applied: false });
    expect((await post(second, paid)).json()).toEqual({ received: true, applied: false });
    const after = await orderRow(row.id);
    expect(after.payment_status).toBe('paid');
    expect(after.paid_pence).toBe(row.gross_pence);
    const mails = await paidMails(row.order_number);
    expect(mails.map((m) => m.mail_to).sort()).toEqual(
      [customer.email, t.registry.byCode('SE')!.email].sort(),
    );
    const events = await t.handle.db
      .selectFrom('payment_events')
      .select('event_id')
      .where('event_id', '=', paid.id)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('applies the same event once when two instances receive it at the same moment', async () => {
    const { row, sessionId } = await placeCardOrder();
    const paid = standIn.pay(sessionId);
    const answers = await Promise.all([post(t, paid), post(second, paid)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.filter((a) => a.json<{ applied: boolean }>().applied)).toHaveLength(1);
    expect((await orderRow(row.id)).payment_status).toBe('paid');
    expect(await paidMails(row.order_number)).toHaveLength(2);
  });

  it('keeps a refund when the completed event arrives after it (out of order)', async () => {
    const { row, sessionId } = await placeCardOrder();
    const paid = standIn.pay(sessionId);
    const refunded = standIn.refund(sessionId, row.gross_pence);
    expect((await post(t, refunded)).statusCode).toBe(200);
    expect((await orderRow(row.id)).payment_status).toBe('refunded');
    expect((await post(t, paid)).statusCode).toBe(200);
    expect((await orderRow(row.id)).payment_status).toBe('refunded');
    const part = await placeCardOrder();
    await post(t, standIn.pay(part.sessionId));
    await post(t, standIn.refund(part.sessionId, 500));
    expect((await orderRow(part.row.id)).payment_status).toBe('part-refunded');
  });

  it('recovers a lost webhook by asking Stripe about old unpaid orders, then ignores the late webhook', async () => {
    const { row, sessionId } = await placeCardOrder();
    const paid = standIn.pay(sessionId); // Stripe has it paid; the webhook never arrives.
    const later = new Date(Date.now() + 2 * 60_000);
    const result = await reconcilePayments(
      { db: t.handle.db, config: t.config, registry: t.registry },
      later,
    );
    expect(result.ran).toBe(true);
    expect((await orderRow(row.id)).payment_status).toBe('paid');
    // Once across instances: the second asks within the period and gets no run.
    const again = await reconcilePayments(
      { db: second.handle.db, config: second.config, registry: second.registry },
      later,
    );
    expect(again.ran).toBe(false);
    expect((await post(t, paid)).statusCode).toBe(200);
    expect(await paidMails(row.order_number)).toHaveLength(2);
  });

  it('shows the owner the keys masked only, and refuses another client, staff and no session', async () => {
    const answer = await t.app.inject({
      url: '/api/manage/payment-settings',
      headers: owner.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain(secretKey);
    expect(answer.body).not.toContain(webhookSecret);
    expect(answer.json<PaymentSettingsAnswer>()).toMatchObject({
      connected: true,
      secretKeyMasked: '••••0001',
      webhookSecretMasked: '••••0001',
    });
    const stored = await t.handle.db.selectFrom('payment_settings').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(secretKey);

    const other = await signInAs(t, 'RRB');
    const theirs = await t.app.inject({
      url: '/api/manage/payment-settings',
      headers: other.headers,
    });
    expect(theirs.json<PaymentSettingsAnswer>().connected).toBe(false);
    const crossSite = await t.app.inject({
      url: '/api/manage/payment-settings',
      headers: { ...other.headers, host: owner.headers.host },
    });
    expect(crossSite.statusCode).toBe(403);
    const staff = await signInAs(t, 'SE', { role: 'staff' });
    const staffAnswer = await t.app.inject({
      url: '/api/manage/payment-settings',
      headers: staff.headers,
    });
    expect(staffAnswer.statusCode).toBe(403);
    const none = await t.app.inject({
      url: '/api/manage/payment-settings',
      headers: { host: owner.headers.host },
    });
    expect(none.statusCode).toBe(401);
  });

  it('refuses card payment where the client has no Stripe (422 on the field)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create?client=RRB',
      payload: { lines: [{ productId: 1, quantity: 1 }], customer, payBy: 'card' },
    });
    expect(res.statusCode).toBe(422);
  });
});
