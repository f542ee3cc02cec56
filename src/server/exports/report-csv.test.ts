import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Report, ReportSummary } from '../../common/reports.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { bookingRow } from '../../../tests/support/booking-rows.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

/** A report's table as CSV (issue 34): the JSON report's figures, read by a real CSV parser. */
describeEachDatabase("the reports' tables as CSV", (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let se: OwnerSession;
  const period = 'from=2032-03-01&to=2032-03-31';
  const booking = bookingRow({
    booking_date: '2032-03-02',
    created_at: '2032-02-01T10:00:00.000Z',
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
    const [first, second] = await t.handle.db
      .insertInto('bookings')
      .values([
        booking,
        { ...booking, booking_date: '2032-03-16', start_minute: 840, total_price_pence: 1999 },
        { ...booking, booking_date: '2032-03-16', status: 'completed' },
      ])
      .returning('id')
      .execute();
    await t.handle.db
      .insertInto('booking_treatments')
      .values([
        {
          booking_id: first!.id,
          treatment_id: 1,
          name: 'Gel nails',
          price_pence: 4550,
          duration_minutes: 60,
        },
        {
          booking_id: second!.id,
          treatment_id: 2,
          name: 'Brows',
          price_pence: 1999,
          duration_minutes: 60,
        },
      ])
      .execute();
    const [placed] = await t.handle.db
      .insertInto('orders')
      .values({
        client_code: 'SE',
        request_hash: 'x',
        status: 'new',
        customer_email: 'bob@example.com',
        customer_telephone: '07700900001',
        customer_address: '1 High St, Bath',
        customer_message: '',
        prices_in_pence: 0,
        updated_at: '2032-03-05T10:00:00.000Z',
        sequence: 9101,
        order_number: 'SE-009101',
        customer_name: 'Bob',
        total: 4999,
        created_at: '2032-03-05T10:00:00.000Z',
      })
      .returning('id')
      .execute();
    await t.handle.db
      .insertInto('order_lines')
      .values({
        order_id: placed!.id,
        position: 0,
        product_id: 1001,
        title: '=Oasis, "tub"',
        unit_price: 4999,
        quantity: 2,
      })
      .execute();
  });
  afterAll(async () => t?.close());

  const get = (session: OwnerSession | undefined, url: string) =>
    t.app.inject({ url, headers: session ? session.headers : { host: 'rrb.localhost' } });
  const pounds = (pence: number) => (pence / 100).toFixed(2);

  /** The CSV's lines are the JSON report's rows and total, figure for figure. */
  async function expectSameAsJson(session: OwnerSession, report: string, by: string) {
    const json = (
      await get(session, `/api/manage/reports/${report}?${period}&by=${by}`)
    ).json<Report>();
    const res = await get(
      session,
      `/api/manage/export/report.csv?report=${report}&by=${by}&${period}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      `-${report}-by-${by}-2032-03-01-to-2032-03-31.csv`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...lines] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([expect.any(String), json.countLabel, 'Value (£)']);
    expect(lines.slice(0, -1)).toEqual(
      json.rows.map((row) => [
        /^[=+\-@]/.test(row.label) ? `'${row.label}` : row.label,
        String(row.count),
        pounds(row.value),
      ]),
    );
    expect(lines.at(-1)).toEqual(['Total', String(json.total.count), pounds(json.total.value)]);
    return { header: header!, lines };
  }

  it('writes every booking and order report as its table, in pounds, formulas kept as text', async () => {
    for (const by of ['day', 'week', 'month', 'therapist', 'hour']) {
      await expectSameAsJson(rrb, 'bookings', by);
    }
    const treatments = await expectSameAsJson(rrb, 'bookings', 'treatment');
    expect(treatments.header[0]).toBe('Treatment');
    const month = await expectSameAsJson(rrb, 'bookings', 'month');
    expect(month.lines.at(-1)).toEqual(['Total', '3', '110.99']);
    await expectSameAsJson(se, 'orders', 'week');
    const products = await expectSameAsJson(se, 'orders', 'product');
    expect(products.lines[0]).toEqual(['\'=Oasis, "tub"', '2', '9998.00']);

    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'client_code'])
      .where('action', '=', 'export.report')
      .execute();
    expect(audit.filter((a) => a.client_code === 'SE')).toHaveLength(2);
  });

  it('refuses bad queries on the field, no session, staff and another client’s owner', async () => {
    const url = `/api/manage/export/report.csv?report=bookings&by=day&${period}`;
    const badKind = await get(rrb, `/api/manage/export/report.csv?report=visits&by=day&${period}`);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.body).toContain('report must be bookings, orders or payments');
    const badBy = await get(rrb, `/api/manage/export/report.csv?report=orders&by=day&${period}`);
    expect(badBy.statusCode).toBe(400);
    expect(badBy.body).toContain('by must be week or product');
    expect((await get(undefined, url)).statusCode).toBe(401);
    const across = await t.app.inject({ url, headers: { ...se.headers, host: 'rrb.localhost' } });
    expect(across.statusCode).toBe(403);
    const staff = await signInAs(t, 'RRB', { role: 'staff' });
    expect((await get(staff, url)).statusCode).toBe(403);
  });

  it('writes the card payments’ table: the summary’s card money in pounds, columns as used', async () => {
    await t.handle.db
      .updateTable('bookings')
      .set({ deposit_status: 'kept', deposit_pence: 1000 })
      .where('client_code', '=', 'RRB')
      .where('booking_date', '=', '2032-03-02')
      .execute();
    await t.handle.db
      .updateTable('orders')
      .set({ payment_status: 'part-refunded', paid_pence: 999800, refunded_pence: 1050 })
      .where('order_number', '=', 'SE-009101')
      .execute();
    const csv = async (session: OwnerSession) => {
      const res = await get(session, `/api/manage/export/report.csv?report=payments&${period}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(
        '-card-payments-2032-03-01-to-2032-03-31.csv',
      );
      return parse(res.body, { bom: true }) as string[][];
    };
    // RRB takes bookings only: a Deposits column and the total.
    expect(await csv(rrb)).toEqual([
      ['', 'Deposits (£)', 'Total (£)'],
      ['Taken online', '10.00', '10.00'],
      ['Refunded', '0.00', '0.00'],
      ['Deposits kept as fees', '10.00', '10.00'],
      ['Net', '10.00', '10.00'],
    ]);
    const shop = await csv(se);
    expect(shop[0]).toContain('Orders (£)');
    const orders = shop[0]!.indexOf('Orders (£)');
    const total = shop[0]!.indexOf('Total (£)');
    const summary = (await get(se, `/api/manage/reports/summary?${period}`)).json<ReportSummary>();
    expect(summary.card.ordersPaid).toBe(999800);
    expect(shop.find((line) => line[0] === 'Taken online')![orders]).toBe('9998.00');
    expect(shop.find((line) => line[0] === 'Refunded')![orders]).toBe('10.50');
    expect(shop.find((line) => line[0] === 'Net')![total]).toBe(pounds(summary.card.net));
  });
});
