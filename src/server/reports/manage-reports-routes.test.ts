import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  Dashboard,
  Report,
  ReportSummary,
  ReportSummaryWithVisits,
} from '../../common/reports.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { holdReleasedReason } from '../booking/visitor/booking-holds-store.js';

/**
 * The owner's figures (issue 34) from fixed bookings and orders, on both databases: every number
 * of the summary, the dashboard and each report is written out here, so SQLite and PostgreSQL
 * must give the same. The dashboard is asked as of Wednesday 10 March 2027: this week is 8–14
 * March, the last 1–7 March; this month March, the last February. The clocks go forward on
 * 28 March, so an order at 23:30 UTC on 31 March is April's.
 */
describeEachDatabase('the owner’s dashboard, summary and reports', (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let se: OwnerSession;
  const staff: Record<'eilidh' | 'morven' | 'kirsty', number> = { eilidh: 0, morven: 0, kirsty: 0 };
  const treatmentNames = new Map<number, string>();

  const get = (session: Pick<OwnerSession, 'headers'> | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });
  const json = async <T>(session: OwnerSession, url: string): Promise<T> => {
    const res = await get(session, url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };

  let made = 0;
  const book = async (b: {
    client?: string;
    date: string;
    time: string;
    minutes?: number;
    status: string;
    staffId: number | null;
    treatments: Array<[id: number, pence: number]>;
    cancelledAt?: string;
    cancelReason?: string;
  }) => {
    made += 1;
    const start = Number(b.time.slice(0, 2)) * 60 + Number(b.time.slice(3));
    const minutes = b.minutes ?? 60;
    const row = await t.handle.db
      .insertInto('bookings')
      .values({
        client_code: b.client ?? 'RRB',
        booking_date: b.date,
        start_minute: start,
        end_minute: start + minutes,
        total_price_pence: b.treatments.reduce((sum, [, pence]) => sum + pence, 0),
        total_duration_minutes: minutes,
        customer_name: `Customer ${made}`,
        customer_email: `customer${made}@example.com`,
        customer_telephone: '',
        customer_door_no: '',
        customer_post_code: '',
        marketing: 0,
        consent_at: '2027-01-01T00:00:00.000Z',
        consent_version: 'test',
        created_at: '2027-01-01T00:00:00.000Z',
        status: b.status,
        staff_id: b.staffId,
        cancelled_at: b.cancelledAt ?? null,
        cancel_reason: b.cancelReason ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [treatmentId, pence] of b.treatments) {
      await t.handle.db
        .insertInto('booking_treatments')
        .values({
          booking_id: row.id,
          treatment_id: treatmentId,
          name: `Booked as ${treatmentId}`,
          price_pence: pence,
          duration_minutes: 30,
        })
        .execute();
    }
  };

  let orderSequence = 0;
  const order = async (
    createdAt: string,
    status: string,
    pricesInPence: boolean,
    lines: Array<[productId: number, title: string, quantity: number, unitPrice: number]>,
  ) => {
    orderSequence += 1;
    const row = await t.handle.db
      .insertInto('orders')
      .values({
        client_code: 'SE',
        sequence: 9000 + orderSequence,
        order_number: `SE-T${orderSequence}`,
        idempotency_key: null,
        request_hash: `hash${orderSequence}`,
        status,
        status_note: null,
        customer_name: 'A customer',
        customer_email: 'customer@example.com',
        customer_telephone: '',
        customer_address: '',
        customer_message: '',
        total: lines.reduce((sum, [, , quantity, unit]) => sum + quantity * unit, 0),
        prices_in_pence: pricesInPence ? 1 : 0,
        created_at: createdAt,
        updated_at: createdAt,
        customer_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let position = 0;
    for (const [productId, title, quantity, unitPrice] of lines) {
      await t.handle.db
        .insertInto('order_lines')
        .values({
          order_id: row.id,
          position: position++,
          product_id: productId,
          title,
          unit_price: unitPrice,
          quantity,
        })
        .execute();
    }
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
    const members = await t.handle.db
      .selectFrom('staff_members')
      .select(['id', 'name'])
      .where('client_code', '=', 'RRB')
      .execute();
    const idOf = (name: string) => members.find((m) => m.name === name)!.id;
    staff.eilidh = idOf('Eilidh Fraser');
    staff.morven = idOf('Morven Taylor');
    staff.kirsty = idOf('Kirsty Paterson');
    for (const row of await t.handle.db
      .selectFrom('treatments')
      .select(['id', 'name'])
      .where('client_code', '=', 'RRB')
      .execute()) {
      treatmentNames.set(row.id, row.name);
    }
    const { eilidh, morven, kirsty } = staff;
    // This week (8–14 March).
    await book({
      date: '2027-03-10',
      time: '10:00',
      status: 'booked',
      staffId: eilidh,
      treatments: [[1, 4000]],
    });
    await book({
      date: '2027-03-10',
      time: '14:00',
      status: 'completed',
      staffId: eilidh,
      treatments: [[2, 3000]],
    });
    await book({
      date: '2027-03-11',
      time: '09:00',
      status: 'no-show',
      staffId: morven,
      treatments: [[7, 2500]],
    });
    // Cancelled two hours into the 24 hours' notice (10:00 GMT on the 12th): late.
    await book({
      date: '2027-03-12',
      time: '10:00',
      status: 'cancelled',
      staffId: kirsty,
      treatments: [[1, 5000]],
      cancelledAt: '2027-03-11T12:00:00.000Z',
    });
    // Cancelled in good time: not late.
    await book({
      date: '2027-03-13',
      time: '11:00',
      status: 'cancelled',
      staffId: kirsty,
      treatments: [[2, 2000]],
      cancelledAt: '2027-03-01T10:00:00.000Z',
    });
    // A hold nobody confirmed, let go by the system: nobody cancelled it.
    await book({
      date: '2027-03-13',
      time: '12:00',
      status: 'cancelled',
      staffId: null,
      treatments: [[2, 2000]],
      cancelledAt: '2027-03-13T11:59:00.000Z',
      cancelReason: holdReleasedReason,
    });
    // Last week (1–7 March).
    await book({
      date: '2027-03-03',
      time: '09:30',
      status: 'completed',
      staffId: eilidh,
      treatments: [[1, 4500]],
    });
    await book({
      date: '2027-03-03',
      time: '16:00',
      status: 'booked',
      staffId: morven,
      treatments: [[7, 3500]],
    });
    // Later in March: a pending hold made before staff, and a booking of two treatments.
    await book({
      date: '2027-03-25',
      time: '17:00',
      status: 'pending',
      staffId: null,
      treatments: [[2, 1000]],
    });
    await book({
      date: '2027-03-31',
      time: '09:00',
      status: 'booked',
      staffId: kirsty,
      treatments: [
        [7, 3000],
        [1, 4000],
      ],
    });
    // February.
    await book({
      date: '2027-02-15',
      time: '10:00',
      status: 'completed',
      staffId: morven,
      treatments: [[7, 6000]],
    });
    await book({
      date: '2027-02-20',
      time: '13:00',
      status: 'no-show',
      staffId: eilidh,
      treatments: [[2, 1500]],
    });
    // Outside every period, and another client's: counted nowhere here.
    await book({
      date: '2027-04-01',
      time: '10:00',
      status: 'booked',
      staffId: eilidh,
      treatments: [[1, 9999]],
    });
    await book({
      date: '2027-01-31',
      time: '10:00',
      status: 'booked',
      staffId: eilidh,
      treatments: [[1, 9999]],
    });
    await book({
      client: 'SE',
      date: '2027-03-10',
      time: '10:00',
      status: 'booked',
      staffId: null,
      treatments: [[1, 9999]],
    });

    // SE's orders: pounds unless said, March by London's clock.
    await order('2027-03-01T00:10:00.000Z', 'new', false, [
      [1, 'Hot tub cover', 1, 100],
      [2, 'Filter', 2, 10],
    ]);
    await order('2027-03-09T12:00:00.000Z', 'completed', true, [[2, 'Filter', 1, 2550]]);
    await order('2027-03-10T09:00:00.000Z', 'cancelled', false, [[1, 'Hot tub cover', 5, 100]]);
    await order('2027-03-10T10:00:00.000Z', 'contacted', false, [[3, 'Chemicals', 3, 15]]);
    await order('2027-03-31T23:30:00.000Z', 'new', false, [[4, 'Steps', 1, 99]]);
    await order('2027-02-10T10:00:00.000Z', 'completed', false, [[3, 'Chemicals', 2, 15]]);
  });
  afterAll(async () => t?.close());

  const noOrders = { orders: 0, orderValue: 0, averageOrder: 0 };
  const noCard = {
    card: {
      ordersPaid: 0,
      ordersRefunded: 0,
      depositsPaid: 0,
      depositsRefunded: 0,
      depositsKept: 0,
      taken: 0,
      refunded: 0,
      net: 0,
    },
  };

  it('sums a period for the summary: bookings, values, no-shows, late cancellations, orders', async () => {
    expect(
      await json<ReportSummary>(rrb, '/api/manage/reports/summary?from=2027-03-01&to=2027-03-31'),
    ).toEqual({
      from: '2027-03-01',
      to: '2027-03-31',
      bookings: 7,
      bookedValue: 4000 + 3000 + 2500 + 4500 + 3500 + 1000 + 7000,
      completedValue: 3000 + 4500,
      noShows: 1,
      lateCancellations: 1,
      ...noOrders,
      ...noCard,
      visits: 0,
    });
    expect(
      await json<ReportSummary>(se, '/api/manage/reports/summary?from=2027-03-01&to=2027-03-31'),
    ).toEqual({
      from: '2027-03-01',
      to: '2027-03-31',
      // The one booking planted in SE's rows, to show RRB's figures leave it out.
      bookings: 1,
      bookedValue: 9999,
      completedValue: 0,
      noShows: 0,
      lateCancellations: 0,
      orders: 3,
      orderValue: 12000 + 2550 + 4500,
      averageOrder: 6350,
      ...noCard,
      visits: 0,
    });
  });

  it('counts the site visits of the period in the summary, only the client’s own', async () => {
    await t.handle.db
      .insertInto('site_visits')
      .values([
        { client_code: 'RRB', day: '2027-03-01', path: '/', views: 5 },
        { client_code: 'RRB', day: '2027-03-31', path: '/book', views: 2 },
        { client_code: 'RRB', day: '2027-04-01', path: '/', views: 100 },
        { client_code: 'SE', day: '2027-03-15', path: '/', views: 40 },
      ])
      .execute();
    const summary = await json<ReportSummaryWithVisits>(
      rrb,
      '/api/manage/reports/summary?from=2027-03-01&to=2027-03-31',
    );
    expect(summary.visits).toBe(7);
    await t.handle.db.deleteFrom('site_visits').execute();
  });

  it('shows the week ahead, this week and month against the last, and each therapist', async () => {
    const board = await json<Dashboard>(rrb, '/api/manage/dashboard?date=2027-03-10');
    expect(board.date).toBe('2027-03-10');
    expect([board.usesBookings, board.usesOrders, board.ordersWaiting]).toEqual([true, false, 0]);
    expect(board.days.map((d) => [d.date, d.bookings])).toEqual([
      ['2027-03-10', 2],
      ['2027-03-11', 1],
      ['2027-03-12', 0],
      ['2027-03-13', 0],
      ['2027-03-14', 0],
      ['2027-03-15', 0],
      ['2027-03-16', 0],
      ['2027-03-17', 0],
    ]);
    const free = new Map(board.days.map((d) => [d.date, d.freeMinutes]));
    // The same Wednesday a week on has no bookings: this one has Eilidh's two hours fewer.
    expect(free.get('2027-03-10')).toBe(free.get('2027-03-17')! - 120);
    expect(free.get('2027-03-17')).toBeGreaterThan(0);
    // Sunday and Monday the salon is closed.
    expect([free.get('2027-03-14'), free.get('2027-03-15')]).toEqual([0, 0]);

    const figures = (
      bookings: number,
      bookedValue: number,
      completedValue: number,
      noShows: number,
      late: number,
    ) => ({
      bookings,
      bookedValue,
      completedValue,
      noShows,
      lateCancellations: late,
    });
    expect(board.week).toEqual({
      current: {
        from: '2027-03-08',
        to: '2027-03-14',
        ...figures(3, 9500, 3000, 1, 1),
        ...noOrders,
        ...noCard,
      },
      previous: {
        from: '2027-03-01',
        to: '2027-03-07',
        ...figures(2, 8000, 4500, 0, 0),
        ...noOrders,
        ...noCard,
      },
    });
    expect(board.month).toEqual({
      current: {
        from: '2027-03-01',
        to: '2027-03-31',
        ...figures(7, 25500, 7500, 1, 1),
        ...noOrders,
        ...noCard,
      },
      previous: {
        from: '2027-02-01',
        to: '2027-02-28',
        ...figures(2, 7500, 6000, 1, 0),
        ...noOrders,
        ...noCard,
      },
    });
    const zero = figures(0, 0, 0, 0, 0);
    expect(board.therapists).toEqual([
      {
        id: staff.eilidh,
        name: 'Eilidh Fraser',
        week: { current: figures(2, 7000, 3000, 0, 0), previous: figures(1, 4500, 4500, 0, 0) },
        month: { current: figures(3, 11500, 7500, 0, 0), previous: figures(1, 1500, 0, 1, 0) },
      },
      {
        id: staff.morven,
        name: 'Morven Taylor',
        week: { current: figures(1, 2500, 0, 1, 0), previous: figures(1, 3500, 0, 0, 0) },
        month: { current: figures(2, 6000, 0, 1, 0), previous: figures(1, 6000, 6000, 0, 0) },
      },
      {
        id: staff.kirsty,
        name: 'Kirsty Paterson',
        week: { current: figures(0, 0, 0, 0, 1), previous: zero },
        month: { current: figures(1, 7000, 0, 0, 1), previous: zero },
      },
      {
        id: null,
        name: 'No therapist',
        week: { current: zero, previous: zero },
        month: { current: figures(1, 1000, 0, 0, 0), previous: zero },
      },
    ]);

    const shop = await json<Dashboard>(se, '/api/manage/dashboard?date=2027-03-10');
    expect([shop.usesBookings, shop.usesOrders, shop.ordersWaiting, shop.therapists]).toEqual([
      false,
      true,
      3,
      [],
    ]);
    expect(shop.days.every((d) => d.freeMinutes === null)).toBe(true);
    expect(shop.days[0]!.bookings).toBe(1);
    const orders = (period: { current: ReportSummary; previous: ReportSummary }) => [
      [period.current.orders, period.current.orderValue, period.current.averageOrder],
      [period.previous.orders, period.previous.orderValue, period.previous.averageOrder],
    ];
    expect(orders(shop.week)).toEqual([
      [2, 7050, 3525],
      [1, 12000, 12000],
    ]);
    expect(orders(shop.month)).toEqual([
      [3, 19050, 6350],
      [1, 3000, 3000],
    ]);
  });

  const rows = (report: Report) =>
    report.rows.map((row) => [row.key, row.label, row.count, row.value]);

  it('reports bookings by day, week, month, therapist, hour and treatment', async () => {
    const report = (query: string) => json<Report>(rrb, `/api/manage/reports/bookings?${query}`);
    const byDay = await report('from=2027-03-10&to=2027-03-11&by=day');
    expect(rows(byDay)).toEqual([
      ['2027-03-10', 'Wed 10 Mar', 2, 7000],
      ['2027-03-11', 'Thu 11 Mar', 1, 2500],
    ]);
    expect([byDay.countLabel, byDay.total]).toEqual(['Bookings', { count: 3, value: 9500 }]);
    expect(rows(await report('from=2027-03-01&to=2027-03-31&by=week'))).toEqual([
      ['2027-03-01', 'Week of 1 Mar', 2, 8000],
      ['2027-03-08', 'Week of 8 Mar', 3, 9500],
      ['2027-03-15', 'Week of 15 Mar', 0, 0],
      ['2027-03-22', 'Week of 22 Mar', 1, 1000],
      ['2027-03-29', 'Week of 29 Mar', 1, 7000],
    ]);
    expect(rows(await report('from=2027-02-01&to=2027-03-31&by=month'))).toEqual([
      ['2027-02', 'February 2027', 2, 7500],
      ['2027-03', 'March 2027', 7, 25500],
    ]);
    expect(rows(await report('from=2027-03-01&to=2027-03-31&by=therapist'))).toEqual([
      [String(staff.eilidh), 'Eilidh Fraser', 3, 11500],
      [String(staff.morven), 'Morven Taylor', 2, 6000],
      [String(staff.kirsty), 'Kirsty Paterson', 1, 7000],
      ['none', 'No therapist', 1, 1000],
    ]);
    expect(rows(await report('from=2027-03-01&to=2027-03-31&by=hour'))).toEqual([
      ['9', '09:00', 3, 2500 + 4500 + 7000],
      ['10', '10:00', 1, 4000],
      ['11', '11:00', 0, 0],
      ['12', '12:00', 0, 0],
      ['13', '13:00', 0, 0],
      ['14', '14:00', 1, 3000],
      ['15', '15:00', 0, 0],
      ['16', '16:00', 1, 3500],
      ['17', '17:00', 1, 1000],
    ]);
    const byTreatment = await report('from=2027-03-01&to=2027-03-31&by=treatment');
    expect(rows(byTreatment)).toEqual([
      ['1', treatmentNames.get(1), 3, 4000 + 4500 + 4000],
      ['7', treatmentNames.get(7), 3, 2500 + 3500 + 3000],
      ['2', treatmentNames.get(2), 2, 3000 + 1000],
    ]);
    expect([byTreatment.countLabel, byTreatment.total]).toEqual([
      'Times booked',
      { count: 8, value: 25500 },
    ]);
  });

  it('reports orders by week and the products sold most', async () => {
    const report = (query: string) => json<Report>(se, `/api/manage/reports/orders?${query}`);
    const byWeek = await report('from=2027-03-01&to=2027-03-14&by=week');
    expect(rows(byWeek)).toEqual([
      ['2027-03-01', 'Week of 1 Mar', 1, 12000],
      ['2027-03-08', 'Week of 8 Mar', 2, 7050],
    ]);
    expect(byWeek.total).toEqual({ count: 3, value: 19050 });
    const byProduct = await report('from=2027-03-01&to=2027-03-31&by=product');
    expect(rows(byProduct)).toEqual([
      ['1', 'Hot tub cover', 1, 10000],
      ['2', 'Filter', 3, 2000 + 2550],
      ['3', 'Chemicals', 3, 4500],
    ]);
    expect([byProduct.countLabel, byProduct.total]).toEqual([
      'Items sold',
      { count: 7, value: 19050 },
    ]);
  });

  it('refuses bad dates on their field, a backwards or too long period, another client, staff and no session', async () => {
    const issues = async (url: string) => {
      const res = await get(rrb, url);
      expect(res.statusCode, url).toBe(400);
      return [
        ...new Set(
          res.json<{ issues: Array<{ path: string }> }>().issues.map((issue) => issue.path),
        ),
      ];
    };
    expect(await issues('/api/manage/reports/summary?from=2027-02-30&to=2027-03-01')).toEqual([
      'from',
    ]);
    expect(await issues('/api/manage/reports/summary?from=2027-03-01')).toEqual(['to']);
    expect(await issues('/api/manage/reports/summary?from=2027-03-02&to=2027-03-01')).toEqual([
      'to',
    ]);
    expect(await issues('/api/manage/reports/summary?from=2026-01-01&to=2027-01-02')).toEqual([
      'to',
    ]);
    expect(
      await issues('/api/manage/reports/bookings?from=2027-03-01&to=2027-03-02&by=year'),
    ).toEqual(['by']);
    expect(await issues('/api/manage/reports/orders?from=2027-03-01&to=2027-03-02&by=day')).toEqual(
      ['by'],
    );
    expect(await issues('/api/manage/dashboard?date=10/03/2027')).toEqual(['date']);
    // 366 days is the longest period.
    expect(
      (await get(rrb, '/api/manage/reports/summary?from=2027-01-01&to=2028-01-01')).statusCode,
    ).toBe(200);

    const urls = [
      '/api/manage/dashboard',
      '/api/manage/reports/summary?from=2027-03-01&to=2027-03-31',
      '/api/manage/reports/bookings?from=2027-03-01&to=2027-03-31&by=day',
      '/api/manage/reports/orders?from=2027-03-01&to=2027-03-31&by=week',
    ];
    const staffAccount = await signInAs(t, 'RRB', { role: 'staff', staffId: staff.eilidh });
    const rrbHost = rrb.headers.host!;
    for (const url of urls) {
      expect((await get({ headers: { ...se.headers, host: rrbHost } }, url)).statusCode, url).toBe(
        403,
      );
      expect((await get(staffAccount, url)).statusCode, url).toBe(403);
      expect((await get(undefined, url)).statusCode, url).toBe(401);
    }
  });

  it('sums the card money of a period: orders paid and refunded, deposits paid, refunded, kept', async () => {
    // May 2027, away from the other tests' months. SE's card orders: paid, part-refunded,
    // refunded, unpaid, and one placed at 00:30 on 1 May (BST) that is May's.
    const cardOrder = async (createdAt: string, status: string, paid: number, refunded: number) => {
      await order(createdAt, 'new', true, [[1, 'Pool cover', 1, paid || 1000]]);
      await t.handle.db
        .updateTable('orders')
        .set({ payment_status: status, paid_pence: paid, refunded_pence: refunded })
        .where('order_number', '=', `SE-T${orderSequence}`)
        .execute();
    };
    await cardOrder('2027-05-03T10:00:00.000Z', 'paid', 3000, 0);
    await cardOrder('2027-05-11T10:00:00.000Z', 'part-refunded', 5000, 2000);
    await cardOrder('2027-05-20T10:00:00.000Z', 'refunded', 1200, 1200);
    await cardOrder('2027-05-21T10:00:00.000Z', 'unpaid', 0, 0);
    await cardOrder('2027-04-30T23:30:00.000Z', 'paid', 650, 0);
    // Placed at 23:30 on 31 May (BST: 00:30 on 1 June): June's.
    await cardOrder('2027-05-31T23:30:00.000Z', 'paid', 99999, 0);

    // RRB's deposits: paid, refunded (cancelled in time), kept (late, and a no-show), unpaid.
    const deposit = async (date: string, status: string, depositStatus: string, pence: number) => {
      await book({ date, time: '10:00', status, staffId: null, treatments: [[1, 5000]] });
      await t.handle.db
        .updateTable('bookings')
        .set({ deposit_status: depositStatus, deposit_pence: pence })
        .where('customer_email', '=', `customer${made}@example.com`)
        .execute();
    };
    await deposit('2027-05-11', 'booked', 'paid', 1500);
    await deposit('2027-05-03', 'cancelled', 'refunded', 1000);
    await deposit('2027-05-20', 'cancelled', 'kept', 2000);
    await deposit('2027-05-04', 'no-show', 'kept', 500);
    await deposit('2027-05-12', 'pending', 'unpaid', 800);
    await deposit('2027-06-01', 'booked', 'paid', 88888);
    // Another client's deposit stays out of RRB's figures.
    await book({
      client: 'SE',
      date: '2027-05-11',
      time: '10:00',
      status: 'booked',
      staffId: null,
      treatments: [[1, 5000]],
    });
    await t.handle.db
      .updateTable('bookings')
      .set({ deposit_status: 'paid', deposit_pence: 7777 })
      .where('customer_email', '=', `customer${made}@example.com`)
      .execute();

    const may = 'from=2027-05-01&to=2027-05-31';
    const salon = await json<ReportSummary>(rrb, `/api/manage/reports/summary?${may}`);
    expect(salon.card).toEqual({
      ordersPaid: 0,
      ordersRefunded: 0,
      depositsPaid: 1500 + 1000 + 2000 + 500,
      depositsRefunded: 1000,
      depositsKept: 2000 + 500,
      taken: 5000,
      refunded: 1000,
      net: 4000,
    });
    const shop = await json<ReportSummary>(se, `/api/manage/reports/summary?${may}`);
    expect(shop.card).toEqual({
      ordersPaid: 3000 + 5000 + 1200 + 650,
      ordersRefunded: 2000 + 1200,
      depositsPaid: 7777,
      depositsRefunded: 0,
      depositsKept: 0,
      taken: 9850 + 7777,
      refunded: 3200,
      net: 9850 + 7777 - 3200,
    });

    // The dashboard as of Wednesday 12 May: this week is 10–16 May, the last 3–9 May.
    const board = await json<Dashboard>(rrb, '/api/manage/dashboard?date=2027-05-12');
    expect(board.month.current.card).toEqual(salon.card);
    expect([board.week.current.card.taken, board.week.current.card.net]).toEqual([1500, 1500]);
    expect(board.week.previous.card).toEqual({
      ordersPaid: 0,
      ordersRefunded: 0,
      depositsPaid: 1500,
      depositsRefunded: 1000,
      depositsKept: 500,
      taken: 1500,
      refunded: 1000,
      net: 500,
    });
  });
});
