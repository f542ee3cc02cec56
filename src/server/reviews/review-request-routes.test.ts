import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayInTimeZone } from '../../common/booking.js';
import { weekdays } from '../../common/client-config.js';
import type { DiaryBooking } from '../../common/diary.js';
import type { ManagedReview, Review, ReviewAsking } from '../../common/reviews.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

/**
 * Asking for a review (issue 33) on both databases: off until the owner turns it on; a completed
 * booking queues one e-mail, scheduled for the delay, once per customer per N days; the signed
 * link is refused when tampered with and works once; the review waits as pending until published.
 */
describeEachDatabase('asking customers for a review', (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let date: string;
  let yesterday: string;
  const host = 'rrb.localhost';

  const call = (
    session: OwnerSession,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  /** A phone booking made ahead, then moved to yesterday behind the app's back, then completed. */
  const completedVisit = async (time: string, email: string) => {
    const res = await call(rrb, 'POST', '/api/manage/bookings', {
      source: 'phone',
      startTime: `${date} ${time}:00`,
      customer: { name: 'Fiona <b>Quill</b>', telephone: '07700 900 555', email },
      treatmentIds: [2],
    });
    expect(res.statusCode).toBe(201);
    const booking = res.json<DiaryBooking>();
    await t.handle.db
      .updateTable('bookings')
      .set({ booking_date: yesterday })
      .where('id', '=', booking.id)
      .execute();
    t.changes.clientChanged('RRB', 'bookings');
    const marked = await call(rrb, 'POST', `/api/manage/bookings/${booking.id}/status`, {
      status: 'completed',
    });
    expect(marked.statusCode).toBe(200);
  };
  const requests = () =>
    t.handle.db
      .selectFrom('outbox')
      .select(['text', 'html', 'not_before', 'mail_to'])
      .where('client_code', '=', 'RRB')
      .where('template_id', '=', 'review-request')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000', ORDER_LIMIT_PER_IP: '1000' });
    rrb = await signInAs(t, 'RRB');
    const client = t.registry.byCode('RRB')!;
    const today = todayInTimeZone(client.timeZone);
    yesterday = addDays(today, -1);
    for (let ahead = 3; ; ahead++) {
      date = addDays(today, ahead);
      const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
      if (client.booking!.openingHours[weekday] && !client.booking!.closedDates.includes(date))
        break;
    }
  });
  afterAll(async () => t?.close());

  it('asks nobody until the owner turns it on; the setting is versioned', async () => {
    await completedVisit('10:00', 'first@example.com');
    expect(await requests()).toHaveLength(0);
    const asking = (await call(rrb, 'GET', '/api/manage/reviews/settings')).json<ReviewAsking>();
    expect(asking).toMatchObject({ enabled: false, version: 0 });
    const on = { enabled: true, delayDays: 2, oncePerDays: 30, version: 0 };
    const saved = await call(rrb, 'PUT', '/api/manage/reviews/settings', on);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ReviewAsking>()).toMatchObject({ enabled: true, version: 1 });
    expect((await call(rrb, 'PUT', '/api/manage/reviews/settings', on)).statusCode).toBe(409);
    const bad = await call(rrb, 'PUT', '/api/manage/reviews/settings', {
      ...on,
      delayDays: -1,
      version: 1,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('queues one request per customer per N days, scheduled for the delay', async () => {
    const before = Date.now();
    await completedVisit('11:00', 'Fiona.Q@Example.com');
    await completedVisit('13:00', 'fiona.q@example.com');
    const queued = await requests();
    expect(queued).toHaveLength(1);
    const due = new Date(queued[0]!.not_before!).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 2 * 86_400_000 - 1000);
    expect(queued[0]!.html).not.toContain('<b>Quill</b>');
  });

  it('refuses a tampered link; a review is pending, not public until published; the link works once', async () => {
    const [queued] = await requests();
    const token = /\/review\/(\S+)/.exec(queued!.text)![1]!;
    const id = Number(token.split('.')[2]);
    const tampered = token.replace(`.${id}.`, `.${id + 1}.`);
    const url = (tok: string) => `/api/review-requests/${encodeURIComponent(tok)}`;
    expect((await t.app.inject({ url: url(tampered), headers: { host } })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: url(token), headers: { host: 'se.localhost' } })).statusCode,
    ).toBe(404);
    const invitation = await t.app.inject({ url: url(token), headers: { host } });
    expect(invitation.statusCode).toBe(200);
    expect(invitation.json()).toMatchObject({ customerName: 'Fiona <b>Quill</b>' });

    const send = (payload: object, tok = token) =>
      t.app.inject({ method: 'POST', url: url(tok), headers: { host }, payload });
    expect((await send({ reviewer: 'Fiona', stars: 9, review: 'Lovely' })).statusCode).toBe(400);
    expect(
      (await send({ reviewer: 'Fiona', stars: 5, review: 'Lovely' }, tampered)).statusCode,
    ).toBe(404);
    const hostile = 'Lovely <img src=x onerror=alert(1)>';
    expect((await send({ reviewer: 'Fiona', stars: 5, review: hostile })).statusCode).toBe(201);
    expect((await send({ reviewer: 'Fiona', stars: 5, review: 'Again' })).statusCode).toBe(409);
    expect((await t.app.inject({ url: url(token), headers: { host } })).statusCode).toBe(409);

    const shown = async () =>
      (await t.app.inject({ url: '/api/reviews', headers: { host } })).json<Review[]>();
    expect((await shown()).some((r) => r.review === hostile)).toBe(false);
    const all = (await call(rrb, 'GET', '/api/manage/reviews')).json<{ reviews: ManagedReview[] }>()
      .reviews;
    const pending = all.find((r) => r.review === hostile)!;
    expect(pending).toMatchObject({ status: 'pending', source: 'customer', stars: 5 });
    const published = await call(rrb, 'POST', `/api/manage/reviews/${pending.id}/status`, {
      status: 'published',
      version: pending.version,
    });
    expect(published.statusCode).toBe(200);
    expect((await shown()).some((r) => r.review === hostile)).toBe(true);
  });

  it('asks a shop customer once their order is completed', async () => {
    const se = await signInAs(t, 'SE');
    const on = { enabled: true, delayDays: 0, oncePerDays: 30, version: 0 };
    expect((await call(se, 'PUT', '/api/manage/reviews/settings', on)).statusCode).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create?client=SE',
      payload: {
        lines: [{ productId: 201, quantity: 1 }],
        fulfilment: { method: 'collection' },
        customer: {
          name: 'Shop Customer',
          email: 'shop@example.com',
          telephone: '07700 900789',
          address: '3 Side Street',
          message: '',
        },
      },
    });
    expect(placed.statusCode).toBe(201);
    const orderNumber = placed.json<{ data: { orderNumber: string } }>().data.orderNumber;
    const done = await call(se, 'POST', `/api/manage/orders/${orderNumber}/status`, {
      status: 'completed',
    });
    expect(done.statusCode).toBe(200);
    const asked = await t.handle.db
      .selectFrom('review_requests')
      .select(['order_id', 'customer_email'])
      .where('client_code', '=', 'SE')
      .execute();
    expect(asked).toEqual([{ order_id: expect.any(Number), customer_email: 'shop@example.com' }]);
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select('mail_to')
      .where('client_code', '=', 'SE')
      .where('template_id', '=', 'review-request')
      .execute();
    expect(mail).toEqual([{ mail_to: 'shop@example.com' }]);
  });
});
