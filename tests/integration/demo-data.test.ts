import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderStatuses } from '../../src/common/orders.js';
import { describeEachDatabase } from '../support/each-database.js';
import { startDeployment, type Deployment } from '../support/deployment.js';

/**
 * `npm run demo` (issue 38): every client gets an owner whose password is printed once, a month
 * of bookings across staff, orders in every status and sent and failed e-mails; a second run
 * changes nothing without --reset; production refuses.
 */

describeEachDatabase('npm run demo', (kind) => {
  let d: Deployment;
  beforeAll(async () => {
    d = await startDeployment(kind);
  }, 120_000);
  afterAll(async () => d?.close());

  it('refuses under NODE_ENV=production without --force', async () => {
    const refused = await d.run('demo-cli', [], { NODE_ENV: 'production' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('NODE_ENV is production');
    const bookings = await d.handle.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(bookings.n)).toBe(0);
  });

  it('fills the back office, and the printed password signs the owner in to a diary with bookings', async () => {
    const demo = await d.run('demo-cli', ['--client', 'RRB']);
    expect(demo.code, demo.output).toBe(0);
    const password = /owner@rrb\.demo {2}password: (\S+)/.exec(demo.output)?.[1];
    expect(password, demo.output).toBeDefined();

    const db = d.handle.db;
    const statuses = await db
      .selectFrom('bookings')
      .select(['status', 'staff_id'])
      .where('client_code', '=', 'RRB')
      .execute();
    expect(new Set(statuses.map((b) => b.status))).toEqual(
      new Set(['booked', 'completed', 'no-show', 'cancelled']),
    );
    expect(new Set(statuses.map((b) => b.staff_id)).size).toBeGreaterThan(1);
    const mail = await db
      .selectFrom('outbox')
      .select('status')
      .where('client_code', '=', 'RRB')
      .execute();
    expect(new Set(mail.map((m) => m.status))).toEqual(new Set(['sent', 'failed']));

    const host = 'rrb.localhost';
    const signIn = await d.app.inject({
      method: 'POST',
      url: '/api/owner/login',
      headers: { host, origin: `http://${host}`, 'x-requested-with': 'highstreet' },
      payload: { email: 'owner@rrb.demo', password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = ([] as string[])
      .concat(signIn.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const upcoming = await db
      .selectFrom('bookings')
      .select('booking_date')
      .where('client_code', '=', 'RRB')
      .where('status', '=', 'booked')
      .orderBy('booking_date')
      .executeTakeFirstOrThrow();
    const diary = await d.app.inject({
      url: `/api/manage/diary?date=${upcoming.booking_date}&view=week`,
      headers: { host, cookie, 'x-requested-with': 'highstreet' },
    });
    expect(diary.statusCode, diary.body).toBe(200);
    expect(diary.body).toContain('@demo.example');
  });

  it('gives a shop orders in every status, and runs again only with --reset', async () => {
    const again = await d.run('demo-cli', ['--client', 'RRB']);
    expect(again.code).toBe(1);
    expect(again.output).toContain('There is demo data already for RRB: nothing was changed.');

    const before = await countAll(d);
    const reset = await d.run('demo-cli', ['--reset']);
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output.match(/password: /g)).toHaveLength(d.registry.all.length);
    const orders = await d.handle.db
      .selectFrom('orders')
      .select('status')
      .where('client_code', '=', 'SE')
      .execute();
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(orderStatuses));
    // RRB's rows were replaced, not added to.
    const after = await countAll(d);
    expect(after.rrbBookings).toBe(before.rrbBookings);
  });
});

it('on a fresh data folder, migrates and seeds the database itself first', async () => {
  const d = await startDeployment('sqlite');
  const fresh = mkdtempSync(join(tmpdir(), 'highstreet-fresh-demo-'));
  try {
    const demo = await d.run('demo-cli', ['--client', 'RRB'], {
      DATA_DIR: fresh,
      SQLITE_FILE: join(fresh, 'highstreet.sqlite'),
    });
    expect(demo.code, demo.output).toBe(0);
    expect(demo.output).toMatch(/owner@rrb\.demo {2}password: \S+/);
  } finally {
    await d.close();
    rmSync(fresh, { recursive: true, force: true });
  }
}, 120_000);

async function countAll(d: Deployment) {
  const row = await d.handle.db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_code', '=', 'RRB')
    .executeTakeFirstOrThrow();
  return { rrbBookings: Number(row.n) };
}
