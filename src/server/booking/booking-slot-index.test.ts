import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { takesItsSlot } from './booking-store.js';

/**
 * Issue 32: completed and no-show bookings take their time, so the condition on status became a
 * short IN list. The availability query must still be answered from the day index
 * (client, date, status, times, held_until), on both databases.
 */
describeEachDatabase('the day’s booked times are read through the day index', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers the availability query from a day index, not a scan', async () => {
    const compiled = t.handle.db
      .selectFrom('bookings')
      .select(({ fn }) => ['start_minute', 'end_minute', fn.countAll().as('count')])
      .where('client_code', '=', 'RRB')
      .where('booking_date', '=', '2030-01-08')
      .where(takesItsSlot(new Date()))
      .groupBy(['start_minute', 'end_minute'])
      .compile();
    let plan: string;
    if (t.handle.kind === 'sqlite') {
      const rows = await t.handle.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
      );
      plan = rows.rows.map((row) => row.detail).join('\n');
      expect(plan).toContain('COVERING INDEX bookings_by_day_status_time_hold');
    } else {
      // A test database is nearly empty, so the planner would scan; asked not to, it must be able
      // to find the client's day through an index.
      plan = await t.handle.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
        );
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      // With no statistics PostgreSQL may take either day index (the staff one too): either
      // finds the client's day by its leading columns, and the IN list is no reason to scan.
      expect(plan).toMatch(/Index (Only )?Scan using bookings_by_day_\w+ on bookings/);
      expect(plan).toMatch(/Index Cond: .*client_code.*booking_date/);
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
