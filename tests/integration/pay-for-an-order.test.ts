import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderQuoteAnswer, PlacedOrder } from '../../src/common/orders.js';
import type { OrderPaymentStatusAnswer } from '../../src/common/payments.js';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs } from '../support/owner-session.js';
import {
  cardPaymentsEnv,
  saveStripeKeysAsOwner,
} from '../support/stripe-stand-in/card-payments.js';
import {
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in/stripe-stand-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 36, the visitor's side of paying for an order (decision 0077). */
const secretKey = 'sk_test_highstreetVisitorSide01';
const webhookSecret = 'whsec_highstreetVisitorSide0001';
const customer = {
  name: 'Bea Buyer',
  email: 'bea.buyer@example.com',
  telephone: '07700 900456',
  address: '2 High Street',
  message: '',
};

describeEachDatabase('paying for an order: the visitor side (issue 36)', (kind) => {
  let t: TestApp;
  let standIn: StripeStandIn;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await startTestApp(kind, {
      ORDER_LIMIT_PER_IP: '1000',
      ...cardPaymentsEnv(standIn),
    });
    const owner = await signInAs(t, 'SE');
    await saveStripeKeysAsOwner(t, owner, { secretKey, webhookSecret });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const quote = (client: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/quote?client=${client}`,
      payload: { lines: [{ productId: 2, quantity: 1 }] },
    });
  const placeCardOrder = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create?client=SE',
      payload: {
        lines: [{ productId: 2, quantity: 1 }],
        customer,
        fulfilment: { method: 'collection' },
        payBy: 'card',
      },
    });
    expect(res.statusCode).toBe(201);
    const placed = res.json<{ data: PlacedOrder }>().data;
    const row = await t.handle.db
      .selectFrom('orders')
      .select(['payment_session_id', 'gross_pence'])
      .where('order_number', '=', placed.orderNumber)
      .executeTakeFirstOrThrow();
    const session = standIn.sessions.get(row.payment_session_id!)!;
    const success = new URL(String(session['success_url']));
    return {
      placed,
      session,
      success,
      cancel: new URL(String(session['cancel_url'])),
      token: success.searchParams.get('token') ?? '',
    };
  };
  const status = (orderNumber: string, token: string, client = 'SE') =>
    t.app.inject({
      url: `/api/orders/${orderNumber}/payment-status?client=${client}&token=${encodeURIComponent(token)}`,
    });

  it('tells checkout whether the client takes cards, and nothing more', async () => {
    const se = await quote('SE');
    expect(se.json<{ data: OrderQuoteAnswer }>().data.cardPayment).toBe(true);
    expect(se.body).not.toContain('sk_test');
    expect(se.body).not.toContain('whsec_');
    const bbg = await quote('BBG');
    expect(bbg.json<{ data: OrderQuoteAnswer }>().data.cardPayment).toBe(false);
    // Switched off on the Payments screen: the keys stay, checkout offers no card.
    await t.handle.db
      .updateTable('payment_settings')
      .set({ enabled: 0 })
      .where('client_code', '=', 'SE')
      .execute();
    try {
      expect((await quote('SE')).json<{ data: OrderQuoteAnswer }>().data.cardPayment).toBe(false);
    } finally {
      await t.handle.db
        .updateTable('payment_settings')
        .set({ enabled: 1 })
        .where('client_code', '=', 'SE')
        .execute();
    }
  });

  it('sends the buyer back to /checkout/paid or /checkout/not-paid with the order and its token', async () => {
    const { placed, success, cancel, token } = await placeCardOrder();
    expect(success.pathname).toBe('/checkout/paid');
    expect(cancel.pathname).toBe('/checkout/not-paid');
    expect(success.searchParams.get('order')).toBe(placed.orderNumber);
    expect(cancel.searchParams.get('token')).toBe(token);
    expect(token.length).toBeGreaterThanOrEqual(43);
  });

  it('answers the buyer unpaid with the page to pay on, then paid once the webhook has come', async () => {
    const { placed, session, token } = await placeCardOrder();
    const before = await status(placed.orderNumber, token);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json<{ data: OrderPaymentStatusAnswer }>().data).toEqual({
      orderNumber: placed.orderNumber,
      status: 'unpaid',
      totalText: placed.totalText,
      payUrl: placed.payment?.url,
    });
    const { payload, signature } = standIn.sign(standIn.pay(session.id), webhookSecret);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/SE',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(hook.statusCode).toBe(200);
    const after = await status(placed.orderNumber, token);
    expect(after.json<{ data: OrderPaymentStatusAnswer }>().data).toMatchObject({
      status: 'paid',
      payUrl: null,
    });
  });

  it('never shows another’s order: a wrong, missing or other order’s token, or another client, is 404 alike', async () => {
    const mine = await placeCardOrder();
    const theirs = await placeCardOrder();
    const answers = await Promise.all([
      status(mine.placed.orderNumber, theirs.token),
      status(mine.placed.orderNumber, ''),
      status(mine.placed.orderNumber, alteredLastCharacter(mine.token)),
      status(mine.placed.orderNumber, mine.token, 'BBG'),
      status('SE-999999', mine.token),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404]);
    for (const answer of answers) expect(answer.body).not.toContain(customer.email);
    const bad = await status('not an order', mine.token);
    expect(bad.statusCode).toBe(400);
  });

  it('acknowledges a card order without "nothing is charged"', async () => {
    const { placed } = await placeCardOrder();
    const mail = await t.handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('idempotency_key', '=', `order:${placed.orderNumber}:customer`)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(mail)).not.toMatch(/nothing is charged/i);
    expect(JSON.stringify(mail)).toContain('You chose to pay by card');
  });
});

/** The token with its last character changed (to another, whatever the last one was). */
function alteredLastCharacter(token: string): string {
  return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
}
