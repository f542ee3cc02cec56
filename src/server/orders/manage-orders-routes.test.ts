import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail, OrderSummary, PlacedOrder } from '../../common/orders.js';
import type { OutboxEntry } from '../../common/outbox.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

const customer = {
  name: 'Tenant Test',
  email: 'tenant@example.com',
  telephone: '07700 900789',
  address: '3 Side Street',
  message: '',
};

describeEachDatabase("the owner's orders and outbox API", (kind) => {
  let t: TestApp;
  let se: OwnerSession;
  let rrb: OwnerSession;
  let bbg: OwnerSession;
  let seOrder: string;
  let bbgOrder: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { ORDER_LIMIT_PER_IP: '1000' });
    [se, rrb, bbg] = [await signInAs(t, 'SE'), await signInAs(t, 'RRB'), await signInAs(t, 'BBG')];
    const place = async (client: string, productId: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/create?client=${client}`,
        payload: {
          lines: [{ productId, quantity: 1 }],
          customer,
          fulfilment: { method: 'collection' },
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ data: PlacedOrder }>().data.orderNumber;
    };
    seOrder = await place('SE', 201);
    const bbgProduct = await t.handle.db
      .selectFrom('products')
      .select('id')
      .where('client_code', '=', 'BBG')
      .executeTakeFirstOrThrow();
    bbgOrder = await place('BBG', bbgProduct.id);
  });
  afterAll(async () => t?.close());

  const call = (
    session: Pick<OwnerSession, 'headers'> | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(session?.headers ?? { host: 'se.localhost' }), ...headers },
      ...(payload ? { payload } : {}),
    });

  it('lists, shows and changes the owner’s own orders, and records the change in the audit trail', async () => {
    const list = await call(se, 'GET', '/api/manage/orders');
    expect(list.statusCode).toBe(200);
    const orders = list.json<{ orders: OrderSummary[] }>().orders;
    expect(orders.map((o) => o.orderNumber)).toEqual([seOrder]);
    const detail = await call(se, 'GET', `/api/manage/orders/${seOrder}`);
    expect(detail.json<OrderDetail>()).toMatchObject({
      customerEmail: 'tenant@example.com',
      totalText: '£4.999,00',
    });
    const changed = await call(se, 'POST', `/api/manage/orders/${seOrder}/status`, {
      status: 'contacted',
      note: 'Called back',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<OrderDetail>().status).toBe('contacted');
    const audit = await call(se, 'GET', '/api/manage/audit');
    expect(JSON.stringify(audit.json())).toContain('order.status');
    const filtered = await call(se, 'GET', '/api/manage/orders?status=new');
    expect(filtered.json<{ orders: OrderSummary[] }>().orders).toEqual([]);
  });

  it('answers 401 without a session and refuses a change without the same-site header', async () => {
    expect((await call(undefined, 'GET', '/api/manage/orders')).statusCode).toBe(401);
    expect((await call(undefined, 'GET', '/api/manage/outbox')).statusCode).toBe(401);
    const crossSite = await call(
      se,
      'POST',
      `/api/manage/orders/${seOrder}/status`,
      { status: 'completed', note: '' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
  });

  it("refuses another client's owner, by host and by guessing an order number", async () => {
    // An RRB owner's session on SE's host: 403 whatever the path.
    const onSeHost = {
      headers: { ...rrb.headers, host: se.headers.host!, origin: se.headers.origin! },
    };
    for (const [method, url] of [
      ['GET', '/api/manage/orders'],
      ['GET', `/api/manage/orders/${seOrder}`],
      ['POST', `/api/manage/orders/${seOrder}/status`],
      ['GET', '/api/manage/outbox'],
      ['POST', '/api/manage/outbox/1/retry'],
    ] as const) {
      const res = await call(
        onSeHost,
        method,
        url,
        method === 'POST' ? { status: 'completed' } : undefined,
      );
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
    // SE's owner guessing BBG's order number on SE's own host: as if it did not exist.
    expect((await call(se, 'GET', `/api/manage/orders/${bbgOrder}`)).statusCode).toBe(404);
    expect(
      (await call(se, 'POST', `/api/manage/orders/${bbgOrder}/status`, { status: 'cancelled' }))
        .statusCode,
    ).toBe(404);
    const bbgDetail = await call(bbg, 'GET', `/api/manage/orders/${bbgOrder}`);
    expect(bbgDetail.json<OrderDetail>().status).toBe('new');
  });

  it('shows each owner only their own outbox and retries only their own failed messages', async () => {
    const mine = (await call(se, 'GET', '/api/manage/outbox')).json<{ messages: OutboxEntry[] }>()
      .messages;
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((m) => !m.subject.includes(bbgOrder))).toBe(true);
    const bbgMessages = (await call(bbg, 'GET', '/api/manage/outbox')).json<{
      messages: OutboxEntry[];
    }>().messages;
    const target = bbgMessages[0]!;
    await t.handle.db
      .updateTable('outbox')
      .set({ status: 'failed', last_error: '550 no such user' })
      .where('id', '=', target.id)
      .execute();
    expect((await call(se, 'POST', `/api/manage/outbox/${target.id}/retry`)).statusCode).toBe(404);
    const retried = await call(bbg, 'POST', `/api/manage/outbox/${target.id}/retry`);
    expect(retried.statusCode).toBe(200);
  });

  it('refuses bad input with 400 and a message', async () => {
    const badStatus = await call(se, 'POST', `/api/manage/orders/${seOrder}/status`, {
      status: 'shipped',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json<{ message: string }>().message).toContain('Choose new, contacted');
    expect((await call(se, 'GET', '/api/manage/orders/not-a-number')).statusCode).toBe(400);
    expect((await call(se, 'GET', '/api/manage/orders?status=lost')).statusCode).toBe(400);
  });
});
