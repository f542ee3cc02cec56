import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { bookingRow } from '../../../tests/support/booking-rows.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { insertCustomer } from '../customers/customer-store.js';
import { bookingsCsv } from './export-service.js';
import { exportPageSize } from './export-store.js';

/** The owner's CSV downloads, read back by a real CSV parser, on both databases. */
describeEachDatabase("the owner's CSV downloads", (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let se: OwnerSession;
  const period = 'from=2031-03-01&to=2031-03-31';
  const row = bookingRow({
    booking_date: '2031-03-02',
    created_at: '2031-02-01T10:00:00.000Z',
    reference: 'RRB-TEST01',
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
    const [first] = await t.handle.db
      .insertInto('bookings')
      .values([
        { ...row, customer_name: 'Lee, "Ann"\nZoë', start_minute: 570 },
        { ...row, customer_name: '=HYPERLINK("http://evil")', reference: 'RRB-TEST02' },
        // Outside the period, and another client's: never in the download.
        { ...row, booking_date: '2031-04-01', reference: 'RRB-TEST03' },
        { ...row, client_code: 'PHEC', reference: 'PHEC-TEST04' },
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
          price_pence: 2500,
          duration_minutes: 30,
        },
        {
          booking_id: first!.id,
          treatment_id: 2,
          name: 'Brows',
          price_pence: 2050,
          duration_minutes: 30,
        },
      ])
      .execute();
    const order = {
      client_code: 'SE',
      request_hash: 'x',
      status: 'new',
      customer_email: 'bob@example.com',
      customer_telephone: '07700900001',
      customer_address: '1 High St, Bath',
      customer_message: '',
      prices_in_pence: 0,
      updated_at: '2031-03-05T10:00:00.000Z',
    };
    const [placed] = await t.handle.db
      .insertInto('orders')
      .values([
        // 23:30 UTC on 31 March 2031 is 00:30 on 1 April in London: outside March.
        {
          ...order,
          sequence: 9001,
          order_number: 'SE-009001',
          customer_name: 'Bob',
          total: 4999,
          created_at: '2031-03-05T10:00:00.000Z',
        },
        {
          ...order,
          sequence: 9002,
          order_number: 'SE-009002',
          customer_name: 'Late',
          total: 10,
          created_at: '2031-03-31T23:30:00.000Z',
        },
      ])
      .returning('id')
      .execute();
    await t.handle.db
      .insertInto('order_lines')
      .values({
        order_id: placed!.id,
        position: 0,
        product_id: 1001,
        title: 'Oasis tub',
        unit_price: 4999,
        quantity: 1,
      })
      .execute();
    await insertCustomer(t.handle.db, {
      clientCode: 'RRB',
      name: 'Cara, the "first"',
      email: 'cara@example.com',
      telephone: '+44 7700 900002',
      digits: '07700900002',
      consent: { at: '2031-02-01T10:00:00.000Z', source: 'online booking' },
      now: '2031-02-01T10:00:00.000Z',
    });
  });
  afterAll(async () => t?.close());

  const download = (session: OwnerSession | undefined, url: string) =>
    t.app.inject({ url, headers: session ? session.headers : { host: 'rrb.localhost' } });
  const rowsOf = (body: string) =>
    parse(body, { bom: true, relax_column_count: false }) as string[][];

  it('sends bookings as UTF-8 CSV with a BOM, UK dates, pounds, quoting and no formulas', async () => {
    const res = await download(rrb, `/api/manage/export/bookings.csv?${period}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="rrb-bookings-2031-03-01-to-2031-03-31.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toContain('Price (£)');
    expect(rows).toHaveLength(2);
    const at = (name: string) => header!.indexOf(name);
    expect(rows[0]![at('Customer')]).toBe('Lee, "Ann"\nZoë');
    expect(rows[0]![at('Date')]).toBe('02/03/2031');
    expect(rows[0]![at('Start')]).toBe('09:30');
    expect(rows[0]![at('Price (£)')]).toBe('45.50');
    expect(rows[0]![at('Treatments')]).toBe('Gel nails; Brows');
    expect(rows[1]![at('Customer')]).toBe('\'=HYPERLINK("http://evil")');
  });

  it('sends orders by the London day placed, in pounds; customers with their consent', async () => {
    const orders = await download(se, `/api/manage/export/orders.csv?${period}`);
    expect(orders.statusCode).toBe(200);
    const [header, ...rows] = rowsOf(orders.body);
    expect(rows.map((r) => r[0])).toEqual(['SE-009001']);
    expect(rows[0]![header!.indexOf('Total (£)')]).toBe('4999.00');
    expect(rows[0]![header!.indexOf('Items')]).toBe('1 × Oasis tub');

    const customers = await download(rrb, '/api/manage/export/customers.csv');
    expect(customers.headers['content-disposition']).toContain('rrb-customers.csv');
    const [customerHeader, ...people] = rowsOf(customers.body);
    const cara = people.find((p) => p[0] === 'Cara, the "first"')!;
    expect(cara[customerHeader!.indexOf('Telephone')]).toBe("'+44 7700 900002");
    expect(cara[customerHeader!.indexOf('Marketing e-mails')]).toBe('Yes');
    expect(people.every((p) => !p.includes('bob@example.com'))).toBe(true);
  });

  it('refuses a bad period on the field, no session, staff, and shows only the own client', async () => {
    const bad = await download(
      rrb,
      '/api/manage/export/bookings.csv?from=2031-03-31&to=2031-03-01',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from must be on or before to');
    expect(
      (await download(rrb, '/api/manage/export/orders.csv?from=x&to=2031-01-01')).statusCode,
    ).toBe(400);
    for (const path of ['bookings.csv?' + period, 'orders.csv?' + period, 'customers.csv']) {
      const url = `/api/manage/export/${path}`;
      expect((await download(undefined, url)).statusCode).toBe(401);
      // SE's owner on RRB's site: refused by the owner guard.
      const across = await t.app.inject({ url, headers: { ...se.headers, host: 'rrb.localhost' } });
      expect(across.statusCode).toBe(403);
    }
    const staff = await signInAs(t, 'RRB', { role: 'staff' });
    expect((await download(staff, '/api/manage/export/customers.csv')).statusCode).toBe(403);
    const seBookings = rowsOf(
      (await download(se, `/api/manage/export/bookings.csv?${period}`)).body,
    );
    expect(seBookings).toHaveLength(1);
  });

  it('streams 20,000 bookings a page at a time, every one in the file', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({
      ...row,
      client_code: 'JS',
      booking_date: `2031-05-${String(1 + (i % 28)).padStart(2, '0')}`,
      start_minute: i % 600,
      reference: null,
      customer_name: `Customer ${i}`,
    }));
    for (let i = 0; i < many.length; i += 1000) {
      await t.handle.db
        .insertInto('bookings')
        .values(many.slice(i, i + 1000))
        .execute();
    }
    let chunks = 0;
    let largest = 0;
    for await (const chunk of bookingsCsv(
      { db: t.handle.db, clientCode: 'JS', timeZone: 'Europe/London' },
      { from: '2031-05-01', to: '2031-05-31' },
    )) {
      chunks += 1;
      largest = Math.max(largest, chunk.length);
    }
    // The header, then one chunk per page: never the whole table at once.
    expect(chunks).toBe(1 + 20_000 / exportPageSize);
    expect(largest).toBeLessThan(exportPageSize * 300);

    const js = await signInAs(t, 'JS');
    const res = await download(js, '/api/manage/export/bookings.csv?from=2031-05-01&to=2031-05-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(20_001);
    expect(new Set(rows.slice(1).map((r) => r[6])).size).toBe(20_000);
  }, 120_000);
});
