import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { sql, type Insertable } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BookingsTable, OrdersTable } from '../../src/server/db/schema.js';
import { createOwner } from '../../src/server/owners/owner-store.js';
import { runRecordsRetention } from '../../src/server/retention/retention-job.js';
import { anonymisedName } from '../../src/server/retention/retention-store.js';
import { compiledEntry } from '../support/compiled-server.js';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs } from '../support/owner-session.js';
import { repoRoot, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 33, retention that does what /privacy says (decision 0063): with an injected clock, rows
 * just inside each limit stay, rows just over are anonymised or deleted, the owner's figures do
 * not move, and the run happens once a day across instances.
 */
const now = new Date('2026-11-26T08:00:00.000Z');
const minutesBefore = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
const dayMinutes = 24 * 60;
const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const idleMs = 60 * 60_000;

function booking(clientCode: string, date: string, extra: Partial<Insertable<BookingsTable>> = {}) {
  return {
    client_code: clientCode,
    booking_date: date,
    start_minute: 600,
    end_minute: 660,
    total_price_pence: 4500,
    total_duration_minutes: 60,
    customer_name: 'Ann Example',
    customer_email: 'ann@example.com',
    customer_telephone: '07700 900123',
    customer_door_no: '12',
    customer_post_code: 'SE1 1AA',
    marketing: 1,
    consent_at: '2024-01-01T00:00:00.000Z',
    consent_version: '1',
    created_at: '2024-01-01T00:00:00.000Z',
    status: 'completed',
    manage_token_hash: hash(`manage ${date} ${Math.random()}`),
    internal_note: 'Prefers the window seat',
    ...extra,
  } satisfies Insertable<BookingsTable>;
}

let sequence = 0;
function order(clientCode: string, createdAt: string): Insertable<OrdersTable> {
  sequence += 1;
  return {
    client_code: clientCode,
    sequence,
    order_number: `RT-${sequence}`,
    request_hash: hash(String(sequence)),
    status: 'completed',
    customer_name: 'Bob Example',
    customer_email: 'bob@example.com',
    customer_telephone: '07700 900456',
    customer_address: '1 High Street',
    customer_message: 'Gift wrap please',
    total: 30,
    prices_in_pence: 0,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

function email(clientCode: string, createdAt: string) {
  return {
    client_code: clientCode,
    template_id: 'contact',
    mail_from: 'site@example.com',
    mail_to: 'owner@example.com',
    subject: 'An enquiry',
    html: '<p>Hello</p>',
    text: 'Hello',
    status: 'sent',
    attempts: 1,
    next_attempt_at: createdAt,
    created_at: createdAt,
    sent_at: createdAt,
  };
}

async function figures(db: TestApp['handle']['db'], table: 'bookings' | 'orders') {
  const column = table === 'bookings' ? 'total_price_pence' : 'total';
  const row = await db
    .selectFrom(table)
    .select((eb) => [
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.sum<string | number>(column).as('sum'),
    ])
    .executeTakeFirstOrThrow();
  return { n: Number(row.n), sum: Number(row.sum) };
}

describeEachDatabase('retention', (kind) => {
  let t: TestApp;
  let salon: string;
  let shop: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    salon = t.registry.byHost('rrb.localhost')!.name;
    shop = t.registry.byCode('SE')!.name;
  });
  afterAll(async () => t?.close());

  it('anonymises and deletes exactly what is over the limits, once a day, figures unchanged', async () => {
    const db = t.handle.db;
    const inserted = await db
      .insertInto('bookings')
      .values([
        booking(salon, '2024-11-25'),
        booking(salon, '2024-11-26'),
        // Finished holds: one ended 31 days ago (its link goes), one 29 days ago (kept).
        booking(salon, '2026-12-20', {
          status: 'cancelled',
          held_until: minutesBefore(31 * dayMinutes),
          confirm_token_hash: hash('old hold'),
        }),
        booking(salon, '2026-12-21', {
          status: 'booked',
          held_until: minutesBefore(29 * dayMinutes),
          confirm_token_hash: hash('recent hold'),
        }),
      ])
      .returning('id')
      .execute();
    const [oldBooking, keptBooking, oldHold, recentHold] = inserted.map((r) => r.id);
    await db
      .insertInto('booking_treatments')
      .values(
        inserted.map((r) => ({
          booking_id: r.id,
          treatment_id: 1,
          name: 'Facial',
          price_pence: 4500,
          duration_minutes: 60,
        })),
      )
      .execute();
    const orders = await db
      .insertInto('orders')
      .values([
        order(shop, new Date(Date.parse('2020-11-26T08:00:00.000Z') - 1).toISOString()),
        order(shop, '2020-11-26T08:00:00.000Z'),
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('order_lines')
      .values(
        orders.map((o) => ({
          order_id: o.id,
          position: 1,
          product_id: 1,
          title: 'Candle',
          unit_price: 30,
          quantity: 1,
        })),
      )
      .execute();
    await db
      .insertInto('outbox')
      .values([
        email(salon, new Date(Date.parse('2024-11-26T08:00:00.000Z') - 1).toISOString()),
        email(salon, '2024-11-26T08:00:00.000Z'),
      ])
      .execute();
    const owner = (await createOwner(db, salon, `retention-${kind}@example.com`, now))!;
    await db
      .insertInto('owner_tokens')
      .values([
        {
          token_hash: hash('expired link'),
          owner_id: owner.id,
          purpose: 'reset',
          created_at: minutesBefore(3 * dayMinutes),
          expires_at: minutesBefore(2 * dayMinutes),
          used_at: null,
        },
        {
          token_hash: hash('live link'),
          owner_id: owner.id,
          purpose: 'set-password',
          created_at: minutesBefore(10),
          expires_at: minutesBefore(-60),
          used_at: null,
        },
      ])
      .execute();
    const session = (token: string, lastSeen: string, expires: string) => ({
      token_hash: hash(token),
      owner_id: owner.id,
      created_at: minutesBefore(3 * dayMinutes),
      last_seen_at: lastSeen,
      expires_at: expires,
    });
    await db
      .insertInto('owner_sessions')
      .values([
        session('expired', minutesBefore(1), minutesBefore(1)),
        session('idle', minutesBefore(61), minutesBefore(-600)),
        session('live', minutesBefore(59), minutesBefore(-600)),
      ])
      .execute();

    const bookingsBefore = await figures(db, 'bookings');
    const ordersBefore = await figures(db, 'orders');

    const first = await runRecordsRetention(db, { sessionIdleMs: idleMs, now });
    expect(first.ran).toBe(true);
    expect(first.byClient.get(salon)).toEqual({
      bookingsAnonymised: 1,
      ordersAnonymised: 0,
      emailsDeleted: 1,
      visitorLinksEnded: 1,
      ownerTokensDeleted: 1,
      ownerSessionsDeleted: 2,
      enquiriesDeleted: 0,
      customersErased: 0,
    });
    expect(first.byClient.get(shop)).toMatchObject({ ordersAnonymised: 1 });

    // Figures: counts and sums unchanged; lines kept.
    expect(await figures(db, 'bookings')).toEqual(bookingsBefore);
    expect(await figures(db, 'orders')).toEqual(ordersBefore);
    const lines = await db
      .selectFrom('booking_treatments')
      .select('booking_id')
      .where('booking_id', 'in', [oldBooking!, keptBooking!])
      .execute();
    expect(lines).toHaveLength(2);
    expect(
      await db
        .selectFrom('order_lines')
        .select('order_id')
        .where('order_id', '=', orders[0]!.id)
        .execute(),
    ).toHaveLength(1);

    const anonymised = await db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', oldBooking!)
      .executeTakeFirstOrThrow();
    expect(anonymised).toMatchObject({
      customer_name: anonymisedName,
      customer_email: '',
      customer_telephone: '',
      customer_door_no: '',
      customer_post_code: '',
      manage_token_hash: null,
      internal_note: null,
      booking_date: '2024-11-25',
      total_price_pence: 4500,
      status: 'completed',
    });
    const kept = await db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', keptBooking!)
      .executeTakeFirstOrThrow();
    expect(kept.customer_name).toBe('Ann Example');
    expect(kept.manage_token_hash).not.toBeNull();
    const holds = await db
      .selectFrom('bookings')
      .select(['id', 'confirm_token_hash'])
      .where('id', 'in', [oldHold!, recentHold!])
      .orderBy('id')
      .execute();
    expect(holds.map((h) => h.confirm_token_hash)).toEqual([null, hash('recent hold')]);

    const orderRows = await db
      .selectFrom('orders')
      .selectAll()
      .where(
        'id',
        'in',
        orders.map((o) => o.id),
      )
      .orderBy('id')
      .execute();
    expect(orderRows[0]).toMatchObject({
      customer_name: anonymisedName,
      customer_email: '',
      customer_address: '',
      customer_message: '',
      total: 30,
      order_number: expect.stringMatching(/^RT-/) as unknown as string,
    });
    expect(orderRows[1]!.customer_name).toBe('Bob Example');

    const outbox = await db
      .selectFrom('outbox')
      .select('created_at')
      .where('client_code', '=', salon)
      .execute();
    expect(outbox.map((m) => m.created_at)).toEqual(['2024-11-26T08:00:00.000Z']);
    const tokens = await db
      .selectFrom('owner_tokens')
      .select('token_hash')
      .where('owner_id', '=', owner.id)
      .execute();
    expect(tokens.map((x) => x.token_hash)).toEqual([hash('live link')]);
    const sessions = await db
      .selectFrom('owner_sessions')
      .select('token_hash')
      .where('owner_id', '=', owner.id)
      .execute();
    expect(sessions.map((x) => x.token_hash)).toEqual([hash('live')]);

    // The same day again: the claim refuses; forced (the CLI), there is nothing left to do.
    const again = await runRecordsRetention(db, {
      sessionIdleMs: idleMs,
      now: new Date(now.getTime() + 60 * 60_000),
    });
    expect(again.ran).toBe(false);
    const forced = await runRecordsRetention(db, { sessionIdleMs: idleMs, now, force: true });
    expect(forced.ran).toBe(true);
    expect(forced.byClient.size).toBe(0);
    expect(await figures(db, 'bookings')).toEqual(bookingsBefore);
  });

  it('shows the owner the last run and what it did for their client; staff may not see it', async () => {
    const db = t.handle.db;
    const at = new Date(now.getTime() + 3 * 24 * 60 * 60_000);
    await db.insertInto('bookings').values(booking(salon, '2024-11-27')).execute();
    const run = await runRecordsRetention(db, { sessionIdleMs: idleMs, now: at });
    expect(run.ran).toBe(true);
    const owner = await signInAs(t, salon);
    const res = await t.app.inject({ url: '/api/manage/retention', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    // Moved on three days, the cut-offs take in some of the first test's kept rows as well.
    expect(res.json()).toEqual({ lastRunAt: at.toISOString(), counts: run.byClient.get(salon) });
    expect(run.byClient.get(salon)!.bookingsAnonymised).toBeGreaterThanOrEqual(1);
    const shopOwner = await signInAs(t, shop);
    const other = await t.app.inject({ url: '/api/manage/retention', headers: shopOwner.headers });
    expect(other.json()).toMatchObject({
      lastRunAt: at.toISOString(),
      counts: { bookingsAnonymised: 0 },
    });
    const staff = await signInAs(t, salon, { role: 'staff' });
    const denied = await t.app.inject({ url: '/api/manage/retention', headers: staff.headers });
    expect(denied.statusCode).toBe(403);
  });

  it('runs once when two instances ask at the same moment', async () => {
    const b = await startTestApp(kind, {}, { sameDatabaseAs: t });
    try {
      const at = new Date(now.getTime() + 10 * 24 * 60 * 60_000);
      await t.handle.db.insertInto('bookings').values(booking(salon, '2024-12-01')).execute();
      const runs = await Promise.all([
        runRecordsRetention(t.handle.db, { sessionIdleMs: idleMs, now: at }),
        runRecordsRetention(b.handle.db, { sessionIdleMs: idleMs, now: at }),
      ]);
      expect(runs.map((r) => r.ran).sort()).toEqual([false, true]);
      expect(runs.reduce((sum, r) => sum + r.totals.bookingsAnonymised, 0)).toBe(1);
      const audits = await t.handle.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'old-records-tidied')
        .where('client_code', '=', salon)
        .where('at', '=', at.toISOString())
        .execute();
      expect(audits).toHaveLength(1);
    } finally {
      await b.close();
    }
  });

  if (kind === 'sqlite') {
    it('runs as `npm run retention -- run|show` against the configured database', async () => {
      const file = await sql<{
        file: string;
      }>`select file from pragma_database_list where name = 'main'`.execute(t.handle.db);
      const env = { ...process.env, SQLITE_FILE: file.rows[0]!.file, DATABASE_URL: '' };
      const cli = (...args: string[]) =>
        promisify(execFile)(process.execPath, [compiledEntry('retention-cli'), ...args], {
          cwd: repoRoot,
          env,
        });
      await t.handle.db.insertInto('bookings').values(booking(salon, '2020-01-01')).execute();
      const run = await cli('run');
      expect(run.stdout).toContain('Old records tidied: 1 booking anonymised.');
      expect(run.stdout).toContain(`${salon}: 1 booking anonymised`);
      const show = await cli('show');
      expect(show.stdout).toMatch(/Old records last tidied at \d{4}-\d\d-\d\dT/);
      expect(show.stdout).toContain(`${salon}: 1 booking anonymised`);
      await expect(cli('tidy')).rejects.toMatchObject({ code: 2 });
    });
  }
});
