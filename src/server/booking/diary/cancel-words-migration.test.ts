import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { migrationList } from '../../db/migrations/index.js';

/**
 * Migration 0019 (issue 32): an owner's old cancel "reason" was e-mailed word for word, so it
 * becomes the booking's message to the customer; the words the system wrote itself stay.
 */
describe('migration 0019: the old cancel reasons', () => {
  it("moves the owner's reasons to cancel_message and keeps the system's own", async () => {
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    const { db } = handle;
    try {
      const upTo0016 = migrationList.filter((m) => m.name < '0017');
      for (const migration of upTo0016) await migration.up(db, 'sqlite');
      const rows: Array<[string, string | null]> = [
        ['booked', null],
        ['cancelled', 'Closed for a burst pipe'],
        ['cancelled', null],
        ['cancelled', 'Cancelled by the customer online'],
        ['cancelled', 'Not confirmed by e-mail in time'],
      ];
      for (const [index, [status, reason]] of rows.entries()) {
        await sql`
          INSERT INTO bookings (client_code, booking_date, start_minute, end_minute,
            total_price_pence, total_duration_minutes, customer_name, customer_email,
            customer_telephone, customer_door_no, customer_post_code, marketing, consent_at,
            consent_version, created_at, status, cancel_reason)
          VALUES ('RRB', '2026-12-09', ${600 + index}, 660, 100, 60, 'Ann', 'a@example.com', '',
            '', '', 0, '', 'v1', '', ${status}, ${reason})
        `.execute(db);
      }
      const next = migrationList.find((m) => m.name.startsWith('0019'))!;
      await next.up(db, 'sqlite');
      const after = await db
        .selectFrom('bookings')
        .select(['status', 'cancel_reason', 'cancel_message', 'internal_note'])
        .orderBy('start_minute')
        .execute();
      expect(after).toEqual([
        { status: 'booked', cancel_reason: null, cancel_message: null, internal_note: null },
        {
          status: 'cancelled',
          cancel_reason: 'Cancelled by the salon',
          cancel_message: 'Closed for a burst pipe',
          internal_note: null,
        },
        {
          status: 'cancelled',
          cancel_reason: 'Cancelled by the salon',
          cancel_message: null,
          internal_note: null,
        },
        {
          status: 'cancelled',
          cancel_reason: 'Cancelled by the customer online',
          cancel_message: null,
          internal_note: null,
        },
        {
          status: 'cancelled',
          cancel_reason: 'Not confirmed by e-mail in time',
          cancel_message: null,
          internal_note: null,
        },
      ]);
    } finally {
      await handle.close();
    }
  });
});
