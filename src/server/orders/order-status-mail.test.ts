import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail, OrderStatusPreview, PlacedOrder } from '../../common/orders.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

/**
 * Issue 35: the owner changes an order's status and may e-mail the customer, after reading and
 * editing the message; the e-mail is queued with the change, in one transaction, and audited.
 */
describeEachDatabase("the customer's e-mail on an order's status change", (kind) => {
  let t: TestApp;
  let se: OwnerSession;
  let rrb: OwnerSession;
  let staff: OwnerSession;

  beforeAll(async () => {
    t = await startTestApp(kind, { ORDER_LIMIT_PER_IP: '1000' });
    [se, rrb] = [await signInAs(t, 'SE'), await signInAs(t, 'RRB')];
    staff = await signInAs(t, 'SE', { role: 'staff' });
  });
  afterAll(async () => t?.close());

  const place = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create?client=SE',
      payload: {
        lines: [{ productId: 201, quantity: 1 }],
        customer: {
          name: 'Ann Example',
          email,
          telephone: '07700 900123',
          address: '',
          message: '',
        },
        fulfilment: { method: 'collection' },
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ data: PlacedOrder }>().data.orderNumber;
  };
  const call = (session: OwnerSession | undefined, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: session?.headers ?? { host: 'se.localhost' },
      payload,
    });
  const statusMails = (orderNumber: string) =>
    t.handle.db
      .selectFrom('outbox')
      .select(['mail_to', 'subject', 'text', 'html'])
      .where('client_code', '=', 'SE')
      .where('template_id', '=', 'order-status')
      .where('subject', 'like', `%${orderNumber}%`)
      .execute();

  it('previews the suggested message, then queues the edited one, escaped, and audits it', async () => {
    const order = await place('ann.status@example.com');
    const preview = await call(se, `/api/manage/orders/${order}/status-preview`, {
      status: 'contacted',
    });
    expect(preview.statusCode).toBe(200);
    const shown = preview.json<OrderStatusPreview>();
    expect(shown.to).toBe('ann.status@example.com');
    expect(shown.message).toContain(order);
    expect(shown.text).toContain(shown.message);

    const edited = `${shown.message}\nYour tub arrives <b>Tuesday</b> morning.`;
    const changed = await call(se, `/api/manage/orders/${order}/status`, {
      status: 'contacted',
      notifyCustomer: true,
      message: edited,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<OrderDetail>().status).toBe('contacted');
    const mails = await statusMails(order);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail_to).toBe('ann.status@example.com');
    expect(mails[0]!.text).toContain('Your tub arrives <b>Tuesday</b> morning.');
    expect(mails[0]!.html).not.toContain('<b>Tuesday');
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('client_code', '=', 'SE')
      .where('action', '=', 'order.status')
      .execute();
    expect(audit.map((row) => JSON.parse(row.detail) as unknown)).toContainEqual(
      expect.objectContaining({ orderNumber: order, customerEmailed: true }),
    );
  });

  it('sends nothing when the owner does not ask, and nothing when the change is refused', async () => {
    const order = await place('bob.status@example.com');
    const quiet = await call(se, `/api/manage/orders/${order}/status`, {
      status: 'cancelled',
      notifyCustomer: false,
      message: 'not sent',
    });
    expect(quiet.statusCode).toBe(200);
    expect(await statusMails(order)).toHaveLength(0);
    // cancelled → completed is not a move the owner may make: no change, so no e-mail.
    const refused = await call(se, `/api/manage/orders/${order}/status`, {
      status: 'completed',
      notifyCustomer: true,
      message: 'should not go',
    });
    expect(refused.statusCode).toBe(400);
    expect(await statusMails(order)).toHaveLength(0);
  });

  it("refuses another client's owner, staff and no session, and sends nothing", async () => {
    const order = await place('cat.status@example.com');
    const onSeHost = {
      ...rrb,
      headers: { ...rrb.headers, host: se.headers.host!, origin: se.headers.origin! },
    };
    for (const url of [
      `/api/manage/orders/${order}/status`,
      `/api/manage/orders/${order}/status-preview`,
    ]) {
      const body = { status: 'contacted', notifyCustomer: true, message: 'x' };
      expect((await call(onSeHost, url, body)).statusCode).toBe(403);
      expect((await call(staff, url, body)).statusCode).toBe(403);
      expect((await call(undefined, url, body)).statusCode).toBe(401);
      // RRB's owner on their own host: SE's order number is unknown there.
      expect((await call(rrb, url, body)).statusCode).toBe(404);
    }
    expect(await statusMails(order)).toHaveLength(0);
  });

  it('refuses a too-long message with 400 on the message field', async () => {
    const order = await place('dan.status@example.com');
    const res = await call(se, `/api/manage/orders/${order}/status`, {
      status: 'contacted',
      notifyCustomer: true,
      message: 'x'.repeat(2001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('under 2000 characters');
  });
});
