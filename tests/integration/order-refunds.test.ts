import type { CustomerDetail } from '../../src/common/customers.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  PaidOrderDetail as OrderDetail,
  PaidOrderSummary as OrderSummary,
} from '../../src/common/order-payment.js';
import type { PlacedOrder } from '../../src/common/orders.js';
import type { PaymentSettingsAnswer } from '../../src/common/payments.js';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs, type OwnerSession } from '../support/owner-session.js';
import { cardPaymentsEnv } from '../support/stripe-stand-in/card-payments.js';
import {
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in/stripe-stand-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 36, the owner's side of card orders: the Payments screen's settings (on/off, write-only
// keys, test), the payment shown on orders, and refunds through Stripe (the stand-in).

const secretKey = 'sk_test_highstreetRefunds0042';
const webhookSecret = 'whsec_highstreetRefundsSecret0042';
const customer = {
  name: 'Rita Refund',
  email: 'rita.refund@example.com',
  telephone: '07700 900124',
  address: '2 High Street',
  message: '',
};

describeEachDatabase('refunds of card orders from the back office (issue 36)', (kind) => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let owner: OwnerSession;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await startTestApp(kind, {
      ORDER_LIMIT_PER_IP: '1000',
      ...cardPaymentsEnv(standIn),
    });
    owner = await signInAs(t, 'SE');
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const call = (
    session: { headers: Record<string, string> } | undefined,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: session?.headers ?? { host: owner.headers.host! },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const settings = async (payload: object) =>
    call(owner, 'PUT', '/api/manage/payment-settings', payload);

  it('saves the keys write-only: the first save needs both, later saves keep them; off refuses card orders', async () => {
    const first = await settings({ secretKey, webhookSecret: '', version: 0 });
    expect(first.statusCode).toBe(422);
    expect(first.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual([
      'webhookSecret',
    ]);
    const wrong = await settings({ secretKey: 'pk_test_12345678', webhookSecret, version: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('secretKey');

    const saved = await settings({ secretKey, webhookSecret, version: 0 });
    expect(saved.statusCode).toBe(200);
    const answer = saved.json<PaymentSettingsAnswer>();
    expect(answer).toMatchObject({ connected: true, enabled: true, secretKeyMasked: '••••0042' });
    expect(answer.webhookUrl).toMatch(/\/api\/payments\/webhook\/SE$/);

    const off = await settings({ enabled: false, version: answer.version });
    expect(off.json<PaymentSettingsAnswer>()).toMatchObject({
      enabled: false,
      secretKeyMasked: '••••0042',
      webhookSecretMasked: '••••0042',
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create?client=SE',
      payload: { lines: [{ productId: 2, quantity: 1 }], customer, payBy: 'card' },
    });
    expect(refused.statusCode).toBe(422);
    const stale = await settings({ enabled: true, version: answer.version });
    expect(stale.statusCode).toBe(409);
    const on = await settings({
      enabled: true,
      version: off.json<PaymentSettingsAnswer>().version,
    });
    expect(on.json<PaymentSettingsAnswer>().enabled).toBe(true);

    const test = await call(owner, 'POST', '/api/manage/payment-settings/test');
    expect(test.json()).toMatchObject({ ok: true });
  });

  const paidOrder = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create?client=SE',
      payload: {
        lines: [{ productId: 2, quantity: 2 }],
        customer,
        fulfilment: { method: 'collection' },
        payBy: 'card',
      },
    });
    expect(res.statusCode).toBe(201);
    const { orderNumber } = res.json<{ data: PlacedOrder }>().data;
    const row = await t.handle.db
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();
    const { payload, signature } = standIn.sign(
      standIn.pay(row.payment_session_id!),
      webhookSecret,
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/SE',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(paid.json()).toMatchObject({ applied: true });
    return { orderNumber, gross: row.gross_pence, id: row.id };
  };
  const refund = (orderNumber: string, body: object, session: OwnerSession | undefined = owner) =>
    call(session, 'POST', `/api/manage/orders/${orderNumber}/refund`, body);

  it('shows the payment on the order and the list, refunds part then the rest, and refuses more', async () => {
    const { orderNumber, gross } = await paidOrder();
    const detail = (
      await call(owner, 'GET', `/api/manage/orders/${orderNumber}`)
    ).json<OrderDetail>();
    expect(detail.payment).toEqual({ status: 'paid', paidPence: gross, refundedPence: 0 });
    const list = (await call(owner, 'GET', `/api/manage/orders?search=${orderNumber}`)).json<{
      orders: OrderSummary[];
    }>();
    expect(list.orders[0]?.payment?.status).toBe('paid');

    const part = await refund(orderNumber, {
      amountPence: 150,
      reason: 'One tub arrived dented',
      expectedRefundedPence: 0,
    });
    expect(part.statusCode).toBe(200);
    expect(part.json<OrderDetail>().payment).toEqual({
      status: 'part-refunded',
      paidPence: gross,
      refundedPence: 150,
    });
    const sent = standIn.refunds.at(-1)!;
    expect(sent).toMatchObject({ amount: 150, reason: 'requested_by_customer' });
    expect(sent.idempotencyKey).toBe(`order-refund-${orderNumber}-after-0-150`);
    expect(sent.metadata['order_number']).toBe(orderNumber);

    // More than is left: refused on the field, nothing sent to Stripe.
    const refundsBefore = standIn.refunds.length;
    const tooMuch = await refund(orderNumber, {
      amountPence: gross,
      reason: 'All of it',
      expectedRefundedPence: 150,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json<{ issues: { path: string; message: string }[] }>().issues[0]).toMatchObject(
      {
        path: 'amountPence',
      },
    );
    // A view from before the first refund: refused, not repeated.
    const stale = await refund(orderNumber, {
      amountPence: 1,
      reason: 'x',
      expectedRefundedPence: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(standIn.refunds.length).toBe(refundsBefore);

    const rest = await refund(orderNumber, {
      amountPence: gross - 150,
      reason: 'Customer changed their mind',
      cancelOrder: true,
      expectedRefundedPence: 150,
    });
    expect(rest.statusCode).toBe(200);
    const after = rest.json<OrderDetail>();
    expect(after.payment).toEqual({ status: 'refunded', paidPence: gross, refundedPence: gross });
    expect(after.status).toBe('cancelled');
    // The customer's page shows the same money (issue 36, "money shown right").
    const { customer_id: customerId } = await t.handle.db
      .selectFrom('orders')
      .select('customer_id')
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();
    const onTheirPage = (
      await call(owner, 'GET', `/api/manage/customers/${customerId}`)
    ).json<CustomerDetail>();
    expect(onTheirPage.orders.find((o) => o.orderNumber === orderNumber)?.payment).toEqual({
      status: 'refunded',
      paidPence: gross,
      refundedPence: gross,
    });
    const nothingLeft = await refund(orderNumber, {
      amountPence: 1,
      reason: 'Again',
      expectedRefundedPence: gross,
    });
    expect(nothingLeft.statusCode).toBe(422);

    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['owner_id', 'detail', 'at'])
      .where('action', '=', 'order.refund')
      .where('detail', 'like', `%${orderNumber}%`)
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.owner_id === owner.owner.id)).toBe(true);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({
      amountPence: 150,
      reason: 'One tub arrived dented',
    });
    const mails = await t.handle.db
      .selectFrom('outbox')
      .select(['mail_to', 'subject'])
      .where('idempotency_key', 'like', `order:${orderNumber}:refund:%`)
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.mail_to)).toEqual([customer.email, customer.email]);
    expect(mails[0]!.subject).toBe(`Refund of £1.50 for order ${orderNumber}`);
  });

  it('applies the charge.refunded webhook that follows once: its replay changes nothing', async () => {
    const { orderNumber, gross, id } = await paidOrder();
    expect(
      (await refund(orderNumber, { amountPence: 99, reason: 'Late', expectedRefundedPence: 0 }))
        .statusCode,
    ).toBe(200);
    const refunded = standIn.emitted.at(-1)!;
    expect(refunded.type).toBe('charge.refunded');
    const post = () => {
      const { payload, signature } = standIn.sign(refunded, webhookSecret);
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/SE',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    };
    expect((await post()).json()).toMatchObject({ received: true, applied: true });
    const once = await t.handle.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(once).toMatchObject({
      refunded_pence: 99,
      paid_pence: gross,
      payment_status: 'part-refunded',
    });
    expect((await post()).json()).toMatchObject({ received: true, applied: false });
    const again = await t.handle.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual(once);
  });

  it('refuses a refund to another client’s owner and staff (403) and without a session (401)', async () => {
    const { orderNumber } = await paidOrder();
    const body = { amountPence: 1, reason: 'Not mine', expectedRefundedPence: 0 };
    const other = await signInAs(t, 'RRB');
    const onSeHost = {
      headers: { ...other.headers, host: owner.headers.host!, origin: owner.headers.origin! },
    };
    const staff = await signInAs(t, 'SE', { role: 'staff' });
    expect(
      (await call(onSeHost, 'POST', `/api/manage/orders/${orderNumber}/refund`, body)).statusCode,
    ).toBe(403);
    expect((await refund(orderNumber, body, staff)).statusCode).toBe(403);
    expect(
      (await call(undefined, 'POST', `/api/manage/orders/${orderNumber}/refund`, body)).statusCode,
    ).toBe(401);
    // The payment settings' every route: another client's owner and staff 403, no session 401.
    const settingsRoutes = [
      ['GET', '/api/manage/payment-settings'],
      ['PUT', '/api/manage/payment-settings'],
      ['POST', '/api/manage/payment-settings/test'],
    ] as const;
    for (const [method, url] of settingsRoutes) {
      const payload =
        method === 'PUT'
          ? { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', version: 1 }
          : undefined;
      expect((await call(onSeHost, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(staff, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
    // Nothing was refunded by any of them.
    expect(standIn.refunds.some((r) => r.metadata['order_number'] === orderNumber)).toBe(false);
  });
});
