import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlacedOrder } from '../../common/orders.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { listOutboxForClient, retryClientMessage } from '../mail/outbox-admin-store.js';
import { changeOrderStatus, getOrderDetail, listOrders } from './orders-admin-store.js';

const customer = {
  name: 'Owen Owner-View',
  email: 'owen@example.com',
  telephone: '07700 900456',
  address: '2 Low Road',
  message: '',
};

describeEachDatabase("the owner's orders and outbox (service level)", (kind) => {
  let t: TestApp;
  const placed: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { ORDER_LIMIT_PER_IP: '1000' });
    for (const [client, productId, quantity] of [
      ['SE', 201, 1],
      ['SE', 2, 2],
      ['BBG', undefined, 3],
    ] as const) {
      const id =
        productId ??
        (
          await t.handle.db
            .selectFrom('products')
            .select('id')
            .where('client_code', '=', client)
            .where('id', '<', 1000)
            .executeTakeFirstOrThrow()
        ).id;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/create?client=${client}`,
        payload: {
          lines: [{ productId: id, quantity }],
          customer,
          fulfilment: { method: 'collection' },
        },
      });
      expect(res.statusCode).toBe(201);
      placed.push(res.json<{ data: PlacedOrder }>().data.orderNumber);
    }
  });
  afterAll(async () => t?.close());

  it('lists only the client’s orders, newest first, and filters by status', async () => {
    const se = await listOrders(t.handle.db, 'SE', { limit: 50 });
    expect(se.map((o) => o.orderNumber)).toEqual([placed[1], placed[0]]);
    expect(se[0]).toMatchObject({ itemCount: 2, totalText: '£17.990,00', status: 'new' });
    const bbg = await listOrders(t.handle.db, 'BBG', { limit: 50 });
    expect(bbg.map((o) => o.orderNumber)).toEqual([placed[2]]);
    expect(await listOrders(t.handle.db, 'SE', { status: 'completed', limit: 50 })).toEqual([]);
  });

  it("refuses another client's order as if it did not exist", async () => {
    await expect(getOrderDetail(t.handle.db, 'SE', placed[2]!)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      changeOrderStatus(
        t.handle.db,
        'SE',
        placed[2]!,
        { status: 'cancelled', note: '' },
        new Date(),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    const bbg = await getOrderDetail(t.handle.db, 'BBG', placed[2]!);
    expect(bbg.status).toBe('new');
  });

  it('moves an order through its statuses with a note, refusing stale views and invalid moves', async () => {
    const number = placed[0]!;
    const before = await getOrderDetail(t.handle.db, 'SE', number);
    expect(before.nextStatuses).toEqual(['contacted', 'completed', 'cancelled']);
    const contacted = await changeOrderStatus(
      t.handle.db,
      'SE',
      number,
      { status: 'contacted', note: 'Rang, delivery Friday', expectedUpdatedAt: before.updatedAt },
      new Date(Date.parse(before.updatedAt) + 1000),
    );
    expect(contacted).toMatchObject({ status: 'contacted', statusNote: 'Rang, delivery Friday' });
    // A second owner still looking at the "new" order cannot overwrite that.
    await expect(
      changeOrderStatus(
        t.handle.db,
        'SE',
        number,
        { status: 'cancelled', note: '', expectedUpdatedAt: before.updatedAt },
        new Date(),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    await changeOrderStatus(
      t.handle.db,
      'SE',
      number,
      { status: 'completed', note: '' },
      new Date(),
    );
    await expect(
      changeOrderStatus(t.handle.db, 'SE', number, { status: 'cancelled', note: '' }, new Date()),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('shows the owner only their own messages and retries only their own failed ones', async () => {
    const se = await listOutboxForClient(t.handle.db, 'SE', { sentDays: 7, limit: 100 });
    expect(se.length).toBeGreaterThanOrEqual(4);
    expect(se.every((m) => !m.subject.includes(placed[2]!))).toBe(true);
    const bbgMessage = (
      await listOutboxForClient(t.handle.db, 'BBG', { sentDays: 7, limit: 100 })
    )[0]!;
    await t.handle.db
      .updateTable('outbox')
      .set({ status: 'failed', last_error: '550 mailbox unavailable' })
      .where('id', '=', bbgMessage.id)
      .execute();
    await expect(retryClientMessage(t.handle.db, 'SE', bbgMessage.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    const failed = (
      await listOutboxForClient(t.handle.db, 'BBG', { sentDays: 7, limit: 100 })
    ).find((m) => m.id === bbgMessage.id);
    expect(failed).toMatchObject({ status: 'failed', lastError: '550 mailbox unavailable' });
    await retryClientMessage(t.handle.db, 'BBG', bbgMessage.id);
    const retried = (
      await listOutboxForClient(t.handle.db, 'BBG', { sentDays: 7, limit: 100 })
    ).find((m) => m.id === bbgMessage.id);
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
