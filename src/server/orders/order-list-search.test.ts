import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderSummary } from '../../common/orders.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

/** Issue 35: the owner's order list pages and searches by number, name and e-mail. */
describeEachDatabase("the owner's order list: pages and search", (kind) => {
  let t: TestApp;
  let se: OwnerSession;
  const numbers: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { ORDER_LIMIT_PER_IP: '1000' });
    se = await signInAs(t, 'SE');
    for (const [name, email] of [
      ['Ann Apple', 'ann@example.com'],
      ['Bob Pear', 'bob.100%@example.com'],
      ['Cara Plum', 'cara@example.org'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/create?client=SE',
        payload: {
          lines: [{ productId: 2, quantity: 1 }],
          customer: { name, email, telephone: '07700 900123', address: '1 High St', message: '' },
          fulfilment: { method: 'collection' },
        },
      });
      expect(res.statusCode).toBe(201);
      numbers.push(res.json<{ data: { orderNumber: string } }>().data.orderNumber);
    }
  });
  afterAll(async () => t?.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/manage/orders?${query}`, headers: se.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orders: OrderSummary[] }>().orders.map((o) => o.customerName);
  };

  it('pages newest first', async () => {
    expect(await list('limit=2&page=1')).toEqual(['Cara Plum', 'Bob Pear']);
    expect(await list('limit=2&page=2')).toEqual(['Ann Apple']);
    expect(await list('limit=2&page=3')).toEqual([]);
  });

  it('searches by number, name and e-mail, any case; % is only itself', async () => {
    expect(await list(`search=${numbers[0]!.toLowerCase()}`)).toEqual(['Ann Apple']);
    expect(await list('search=PEAR')).toEqual(['Bob Pear']);
    expect(await list('search=example.org')).toEqual(['Cara Plum']);
    expect(await list(`search=${encodeURIComponent('100%')}`)).toEqual(['Bob Pear']);
    expect(await list(`search=${encodeURIComponent('%')}`)).toEqual(['Bob Pear']);
    expect(await list('search=nobody')).toEqual([]);
  });

  it('refuses a bad page and no session', async () => {
    const bad = await t.app.inject({ url: '/api/manage/orders?page=0', headers: se.headers });
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({
      url: '/api/manage/orders?search=ann',
      headers: { host: se.headers.host! },
    });
    expect(none.statusCode).toBe(401);
  });
});
