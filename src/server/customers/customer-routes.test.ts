import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CustomerDetail, CustomerSummary } from '../../common/customers.js';
import type { DiaryBooking } from '../../common/diary.js';
import { addDays, todayInTimeZone } from '../../common/booking.js';
import { weekdays } from '../../common/client-config.js';
import { placeOrder } from '../orders/orders-service.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { freeBookingRequest } from '../../../tests/support/booking-request.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

type Method = 'GET' | 'POST';

describeEachDatabase("the owner's customer records API", (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let staff: OwnerSession;
  let se: OwnerSession;
  let openDate: string;
  let onlineReference: string;
  let orderNumber: string;

  const call = (
    session: Pick<OwnerSession, 'headers'> | undefined,
    method: Method,
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: session?.headers ?? { host: 'rrb.localhost' },
      ...(payload ? { payload } : {}),
    });

  const search = async (text: string, session = rrb) =>
    (await call(session, 'GET', `/api/manage/customers?search=${encodeURIComponent(text)}`)).json<{
      customers: CustomerSummary[];
    }>().customers;

  const ownerBooking = async (time: string, customer: object) => {
    const res = await call(rrb, 'POST', '/api/manage/bookings', {
      source: 'phone',
      startTime: `${openDate} ${time}:00`,
      customer,
      treatmentIds: [2],
    });
    expect(res.statusCode).toBe(201);
    return res.json<DiaryBooking>();
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000', ORDER_LIMIT_PER_IP: '1000' });
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
    staff = await signInAs(t, 'RRB', { role: 'staff' });
    const client = t.registry.byCode('RRB')!;
    const today = todayInTimeZone(client.timeZone);
    for (let ahead = 4; ; ahead++) {
      openDate = addDays(today, ahead);
      const weekday = weekdays[new Date(`${openDate}T12:00:00Z`).getUTCDay()]!;
      if (
        client.booking!.openingHours[weekday] &&
        !client.booking!.closedDates.includes(openDate)
      ) {
        break;
      }
    }
    // An online booking by Ann, with marketing consent.
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      payload: await freeBookingRequest(t, {
        email: 'Ann.Example@Example.com',
        telephone: '07700900123',
        marketing: true,
      }),
    });
    expect(online.statusCode, online.body).toBe(200);
    const row = await t.handle.db
      .selectFrom('bookings')
      .select(['reference', 'customer_id'])
      .where('client_code', '=', 'RRB')
      .executeTakeFirstOrThrow();
    onlineReference = row.reference!;
    // An order at the salon by the same e-mail, differently written (a product made for it).
    await t.handle.db
      .insertInto('products')
      .values({
        client_code: 'RRB',
        id: 901,
        title: 'Gift voucher',
        price: 25,
        category: 'Vouchers',
        blurb: '',
        picture_count: 0,
        cover_picture: null,
        pictures: null,
      })
      .execute();
    // The salon takes no orders online; the service is called as if it did (a shop with treatments).
    const salonWithCart = { ...client, usesCart: true };
    const order = await placeOrder(
      { db: t.handle.db, client: salonWithCart, mailFrom: 'test@example.com', now: new Date() },
      {
        lines: [{ productId: 901, quantity: 1 }],
        customer: {
          name: 'Ann Example',
          email: ' ann.example@example.COM',
          telephone: '07700 900555',
          address: '12 Rose Lane',
          message: '',
        },
      },
      undefined,
    );
    orderNumber = order.order.orderNumber;
  });
  afterAll(async () => t?.close());

  it('puts a booking and an order by the same e-mail on one customer, with consent and totals', async () => {
    const found = await search('ann.example@');
    expect(found).toHaveLength(1);
    const detail = (
      await call(rrb, 'GET', `/api/manage/customers/${found[0]!.id}`)
    ).json<CustomerDetail>();
    expect(detail).toMatchObject({
      name: 'Ann Example',
      email: 'ann.example@example.com',
      telephone: '07700900123',
      marketing: true,
      consentSource: 'online booking',
    });
    expect(detail.consentAt).toMatch(/^\d{4}-/);
    expect(detail.bookings.map((b) => b.reference)).toEqual([onlineReference]);
    expect(detail.orders.map((o) => o.orderNumber)).toEqual([orderNumber]);
    // The booking is ahead, so it is no visit yet; the order counts towards spend.
    expect(detail.totals).toMatchObject({ visits: 0, noShows: 0 });
    expect(detail.totals.spendPence).toBe(detail.orders[0]!.valuePence);
  });

  it('matches by phone digits when no e-mail is given, and finds by phone and by reference', async () => {
    const phoneOnly = await ownerBooking('10:00', { name: 'Ann E', telephone: '+44 7700 900123' });
    const [byPhone] = await search('07700900123');
    const [byReference] = await search(onlineReference.toLowerCase());
    const [byOrder] = await search(orderNumber);
    expect(byPhone!.id).toBe(byReference!.id);
    expect(byOrder!.id).toBe(byPhone!.id);
    const detail = (
      await call(rrb, 'GET', `/api/manage/customers/${byPhone!.id}`)
    ).json<CustomerDetail>();
    expect(detail.bookings.map((b) => b.id)).toContain(phoneOnly.id);
    // The newest name given is the one shown.
    expect(detail.name).toBe('Ann E');
    // A different e-mail on the same phone is someone else.
    await ownerBooking('11:00', {
      name: 'Cy Other',
      telephone: '07700900123',
      email: 'cy@example.com',
    });
    expect((await search('cy@example.com'))[0]!.id).not.toBe(byPhone!.id);
  });

  it('counts visits, spend and no-shows from the bookings’ statuses', async () => {
    const booking = await ownerBooking('12:00', { name: 'Dee Counts', telephone: '01506 333333' });
    const [dee] = await search('01506 333333');
    await t.handle.db
      .updateTable('bookings')
      .set({ status: 'completed' })
      .where('id', '=', booking.id)
      .execute();
    const other = await ownerBooking('13:00', { name: 'Dee Counts', telephone: '01506333333' });
    await t.handle.db
      .updateTable('bookings')
      .set({ status: 'no-show' })
      .where('id', '=', other.id)
      .execute();
    const detail = (
      await call(rrb, 'GET', `/api/manage/customers/${dee!.id}`)
    ).json<CustomerDetail>();
    expect(detail.bookings).toHaveLength(2);
    expect(detail.totals).toMatchObject({
      visits: 1,
      noShows: 1,
      spendPence: detail.bookings.find((b) => b.id === booking.id)!.valuePence,
    });
  });

  it('adds notes, allergies and patch tests, refusing one without its date and result', async () => {
    const [ann] = await search('07700 900123');
    const url = `/api/manage/customers/${ann!.id}/notes`;
    // Staff see the customers of their own bookings only (decision 0066): Ann is booked with them.
    const member = await t.handle.db
      .selectFrom('staff_members')
      .select('id')
      .where('client_code', '=', 'RRB')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.handle.db
      .updateTable('bookings')
      .set({ staff_id: member.id })
      .where('customer_id', '=', ann!.id)
      .execute();
    const staff = await signInAs(t, 'RRB', { role: 'staff', staffId: member.id });
    const refused = await call(staff, 'POST', url, { kind: 'patch-test', text: '' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('patchTestDate');
    expect((await call(staff, 'POST', url, { kind: 'allergy', text: 'Latex' })).statusCode).toBe(
      201,
    );
    const added = await call(rrb, 'POST', url, {
      kind: 'patch-test',
      text: 'Tint',
      patchTestDate: '2026-11-20',
      patchTestResult: 'pass',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json<CustomerDetail>().notes).toMatchObject([
      { kind: 'patch-test', patchTestDate: '2026-11-20', patchTestResult: 'pass' },
      { kind: 'allergy', text: 'Latex', patchTestDate: null },
    ]);
    const audit = await call(rrb, 'GET', '/api/manage/audit');
    expect(JSON.stringify(audit.json())).toContain('customer.note');
    expect(JSON.stringify(audit.json())).not.toContain('Latex');
  });

  it('merges two records into one (owner only) and answers 404 for another client’s customer', async () => {
    const [ann] = await search('ann.example@example.com');
    const [cy] = await search('cy@example.com');
    const url = `/api/manage/customers/${ann!.id}/merge`;
    expect((await call(staff, 'POST', url, { otherId: cy!.id })).statusCode).toBe(403);
    expect((await call(rrb, 'POST', url, { otherId: ann!.id })).statusCode).toBe(400);
    const merged = await call(rrb, 'POST', url, { otherId: cy!.id });
    expect(merged.statusCode).toBe(200);
    const detail = merged.json<CustomerDetail>();
    expect(detail.bookings).toHaveLength(3);
    expect(detail.orders).toHaveLength(1);
    // The merged record no longer shows in searches, and merging it again is refused.
    expect(await search('cy@example.com')).toEqual([]);
    expect((await call(rrb, 'POST', url, { otherId: cy!.id })).statusCode).toBe(409);
    expect(JSON.stringify((await call(rrb, 'GET', '/api/manage/audit')).json())).toContain(
      'customer.merge',
    );

    // Another client's owner: 403 on RRB's host; on their own host the id is not theirs (404).
    const seHost = { ...se.headers };
    expect((await call(se, 'GET', `/api/manage/customers/${ann!.id}`)).statusCode).toBe(404);
    expect(
      (await call({ headers: seHost }, 'GET', '/api/manage/customers?search=ann')).json(),
    ).toEqual({
      customers: [],
    });
    expect((await call(undefined, 'GET', '/api/manage/customers')).statusCode).toBe(401);
    expect((await call(rrb, 'GET', '/api/manage/customers/abc')).statusCode).toBe(400);
  });
});
