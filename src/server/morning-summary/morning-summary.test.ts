import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MorningSummarySetting } from '../../common/morning-summary.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { bookingRow } from '../../../tests/support/booking-rows.js';
import { queueDueMorningSummaries, runMorningSummaries } from './morning-summary-job.js';

/** The owners' morning e-mail: their setting, and one e-mail a day through the outbox. */
describeEachDatabase('the morning e-mail', (kind) => {
  let t: TestApp;
  let second: TestApp;
  let wants: OwnerSession;
  let lowProducts: string[] = [];
  let doesNot: OwnerSession;
  let shop: OwnerSession;
  // 08:30 in London (summer time) on 10 June 2031.
  const morning = new Date('2031-06-10T07:30:00.000Z');
  const depsOf = (app: TestApp) => ({
    db: app.handle.db,
    registry: app.registry,
    config: app.config,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    second = await startTestApp(kind, {}, { sameDatabaseAs: t });
    [wants, doesNot, shop] = [
      await signInAs(t, 'RRB'),
      await signInAs(t, 'RRB'),
      await signInAs(t, 'SE'),
    ];
    const [mia] = await t.handle.db
      .insertInto('staff_members')
      .values({
        client_code: 'RRB',
        name: 'Mia',
        bio: '',
        photo: null,
        created_at: morning.toISOString(),
      })
      .returning('id')
      .execute();
    const booking = bookingRow({
      booking_date: '2031-06-10',
      total_price_pence: 4000,
      customer_email: 'c@example.com',
      created_at: morning.toISOString(),
    });
    await t.handle.db
      .insertInto('bookings')
      .values([
        {
          ...booking,
          start_minute: 600,
          customer_name: 'Ann',
          status: 'booked',
          staff_id: mia!.id,
        },
        { ...booking, start_minute: 540, customer_name: 'Bea', status: 'booked', staff_id: null },
        {
          ...booking,
          start_minute: 700,
          customer_name: 'Gone',
          status: 'cancelled',
          staff_id: null,
        },
        {
          ...booking,
          booking_date: '2031-06-11',
          start_minute: 600,
          customer_name: 'Tomorrow',
          status: 'booked',
          staff_id: null,
        },
      ])
      .execute();
    // Two of the shop's products counted and low (one gone), one counted with plenty left.
    const seProducts = await t.handle.db
      .selectFrom('products')
      .select(['id', 'title'])
      .where('client_code', '=', 'SE')
      .where('hidden', '=', 0)
      .orderBy('id')
      .limit(3)
      .execute();
    lowProducts = seProducts.slice(0, 2).map((p) => p.title);
    for (const [product, count] of seProducts.map((p, i) => [p, [2, 0, 9][i]!] as const)) {
      await t.handle.db
        .updateTable('products')
        .set({ stock_mode: 'count', stock_count: count })
        .where('client_code', '=', 'SE')
        .where('id', '=', product.id)
        .execute();
    }
    expect(seProducts).toHaveLength(3);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const put = (session: OwnerSession, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/manage/morning-summary',
      headers: session.headers,
      payload,
    });
  const summaries = () =>
    t.handle.db
      .selectFrom('outbox')
      .select(['client_code', 'mail_to', 'subject', 'text', 'idempotency_key'])
      .where('template_id', '=', 'owner-morning-summary')
      .orderBy('id')
      .execute();

  it('keeps each owner’s own setting, versioned, and refuses bad hours on the field', async () => {
    const first = await t.app.inject({
      url: '/api/manage/morning-summary',
      headers: wants.headers,
    });
    expect(first.json<MorningSummarySetting>()).toEqual({
      enabled: false,
      sendHour: 7,
      version: 0,
    });
    const saved = await put(wants, { enabled: true, sendHour: 8, version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<MorningSummarySetting>()).toEqual({ enabled: true, sendHour: 8, version: 1 });
    expect((await put(wants, { enabled: false, sendHour: 8, version: 0 })).statusCode).toBe(409);
    const bad = await put(wants, { enabled: true, sendHour: 24, version: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sendHour');
    // The other owner of the same business still has theirs off.
    const other = await t.app.inject({
      url: '/api/manage/morning-summary',
      headers: doesNot.headers,
    });
    expect(other.json<MorningSummarySetting>().enabled).toBe(false);
    expect((await put(shop, { enabled: true, sendHour: 7, version: 0 })).statusCode).toBe(200);
  });

  it('refuses no session, another client’s owner and staff', async () => {
    const url = '/api/manage/morning-summary';
    expect((await t.app.inject({ url, headers: { host: 'rrb.localhost' } })).statusCode).toBe(401);
    const across = await t.app.inject({ url, headers: { ...shop.headers, host: 'rrb.localhost' } });
    expect(across.statusCode).toBe(403);
    const staff = await signInAs(t, 'RRB', { role: 'staff' });
    expect((await t.app.inject({ url, headers: staff.headers })).statusCode).toBe(403);
  });

  it('sends nothing before the hour; then exactly one per owner who wants it, even with two instances racing', async () => {
    expect(await queueDueMorningSummaries(depsOf(t), new Date('2031-06-10T05:59:00.000Z'))).toBe(0);
    expect(await summaries()).toHaveLength(0);

    const [a, b] = await Promise.all([
      queueDueMorningSummaries(depsOf(t), morning),
      queueDueMorningSummaries(depsOf(second), morning),
    ]);
    expect(a + b).toBe(2);
    // Again later that morning, and after a restart: still one each.
    expect(
      await queueDueMorningSummaries(depsOf(second), new Date('2031-06-10T09:00:00.000Z')),
    ).toBe(0);
    const sent = await summaries();
    expect(sent.map((m) => m.mail_to).sort()).toEqual([wants.owner.email, shop.owner.email].sort());
    expect(sent.map((m) => m.mail_to)).not.toContain(doesNot.owner.email);

    const salon = sent.find((m) => m.client_code === 'RRB')!;
    expect(salon.subject).toContain('2 bookings');
    expect(salon.text).toContain('Tuesday, 10 June 2031');
    expect(salon.text).toContain('Mia (1)\n  10:00 Ann');
    expect(salon.text).toContain('Bookings (1)\n  09:00 Bea');
    expect(salon.text).not.toContain('Gone');
    expect(salon.text).not.toContain('Tomorrow');
    const shopMail = sent.find((m) => m.client_code === 'SE')!;
    expect(shopMail.text).toContain('Orders waiting for you:');
    expect(shopMail.text).not.toContain("Today's bookings");
    expect(shopMail.subject).toContain('2 products running low');
    expect(shopMail.text).toContain(
      `Running low (2)\n  ${lowProducts[1]}: out of stock\n  ${lowProducts[0]}: 2 left`,
    );
    expect(salon.text).not.toContain('Running low');
  });

  it('runs one look per five minutes across instances', async () => {
    const at = new Date('2031-06-11T07:30:00.000Z');
    const looks = await Promise.all([
      runMorningSummaries(depsOf(t), at),
      runMorningSummaries(depsOf(second), at),
    ]);
    expect(looks.filter((look) => look !== undefined)).toHaveLength(1);
    expect(looks.find((look) => look !== undefined)).toBe(2);
    expect(await summaries()).toHaveLength(4);
  });
});
