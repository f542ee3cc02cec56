import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrationList } from '../db/migrations/index.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database.js';

/** Migration 0020 links the bookings and orders already stored: by e-mail, then by phone. */
describeEachDatabase('the customer records backfill', (kind) => {
  let test: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    handle = openDatabase(test.target);
    const before = migrationList.filter((m) => m.name < '0020');
    for (const migration of before) await migration.up(handle.db, kind);
  });
  afterAll(async () => {
    await handle?.close();
    await test?.drop();
  });

  it('gives rows with the same e-mail, or the same phone and no other e-mail, one customer', async () => {
    const booking = (id: number, email: string, telephone: string, at: string, client = 'RRB') => ({
      id,
      client_code: client,
      booking_date: '2026-01-10',
      start_minute: 600,
      end_minute: 660,
      total_price_pence: 3000,
      total_duration_minutes: 60,
      customer_name: `Person ${id}`,
      customer_email: email,
      customer_telephone: telephone,
      customer_door_no: '',
      customer_post_code: '',
      marketing: id === 1 ? 1 : 0,
      consent_at: at,
      consent_version: 'v1',
      created_at: at,
    });
    await handle.db
      .insertInto('bookings')
      .values([
        booking(1, 'Ann@Example.com', '07700900123', '2026-01-01T10:00:00.000Z'),
        booking(2, '', '+44 7700 900123', '2026-01-02T10:00:00.000Z'),
        booking(3, 'bob@example.com', '07700900123', '2026-01-03T10:00:00.000Z'),
        booking(4, 'ann@example.com', '', '2026-01-04T10:00:00.000Z', 'PHEC'),
      ])
      .execute();
    const orderBeforeCustomers = {
      client_code: 'RRB',
      sequence: 1,
      order_number: 'RRB-000001',
      idempotency_key: null,
      request_hash: 'x',
      status: 'new',
      status_note: null,
      customer_name: 'Ann',
      customer_email: ' ann@example.com ',
      customer_telephone: '01506 111111',
      customer_address: '',
      customer_message: '',
      total: 10,
      prices_in_pence: 0,
      created_at: '2026-01-05T10:00:00.000Z',
      updated_at: '2026-01-05T10:00:00.000Z',
    };
    // The table as it was before 0020: no customer_id column yet.
    await handle.db
      .insertInto('orders')
      .values(orderBeforeCustomers as typeof orderBeforeCustomers & { customer_id: null })
      .execute();

    const latest = migrationList.find((m) => m.name.startsWith('0020'))!;
    await latest.up(handle.db, kind);

    const bookings = await handle.db
      .selectFrom('bookings')
      .select(['id', 'customer_id'])
      .orderBy('id')
      .execute();
    const order = await handle.db
      .selectFrom('orders')
      .select('customer_id')
      .executeTakeFirstOrThrow();
    const [ann, annByPhone, bob, annElsewhere] = bookings.map((b) => b.customer_id);
    expect(annByPhone).toBe(ann);
    expect(order.customer_id).toBe(ann);
    expect(bob).not.toBe(ann);
    expect(annElsewhere).not.toBe(ann);
    const customers = await handle.db.selectFrom('customers').selectAll().orderBy('id').execute();
    expect(customers).toHaveLength(3);
    expect(customers[0]).toMatchObject({
      client_code: 'RRB',
      email: 'ann@example.com',
      telephone_digits: '07700900123',
      marketing: 1,
      consent_source: 'online booking',
      last_activity_at: '2026-01-05T10:00:00.000Z',
    });
  });
});
