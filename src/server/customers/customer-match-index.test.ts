import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { matchCandidateQueries } from './customer-store.js';

/**
 * Every booking, order and enquiry looks up its customer by e-mail and phone. Each lookup must be
 * answered from the (client, e-mail) or (client, phone digits) index, never by walking the
 * client's whole customer list, which grows with every new sender.
 */
describeEachDatabase('a customer is found by an index on the key, not a walk', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    if (t.handle.kind === 'postgres') {
      // PostgreSQL plans by its statistics, which autovacuum keeps on a live database: a client
      // with 2,000 customers, analysed, as a salon's list grows to. (SQLite keeps none unless
      // asked, and the server never asks: its plan is the one without.)
      const now = new Date().toISOString();
      const people = Array.from({ length: 2000 }, (_, i) => ({
        client_code: 'RRB',
        name: `Customer ${i}`,
        email: `customer${i}@example.com`,
        telephone: null,
        telephone_digits: `7700${String(i).padStart(6, '0')}`,
        created_at: now,
        updated_at: now,
        last_activity_at: now,
      }));
      for (let i = 0; i < people.length; i += 500)
        await t.handle.db
          .insertInto('customers')
          .values(people.slice(i, i + 500))
          .execute();
      await sql`ANALYZE customers`.execute(t.handle.db);
    }
  });
  afterAll(async () => t?.close());

  it('reads each key through its own index, the key in the index condition', async () => {
    const queries = matchCandidateQueries(t.handle.db, 'RRB', {
      email: 'ann@example.com',
      digits: '7700900123',
    });
    expect(queries).toHaveLength(2);
    const plans: string[] = [];
    for (const query of queries) {
      const compiled = query.compile();
      if (t.handle.kind === 'sqlite') {
        const rows = await t.handle.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
        );
        plans.push(rows.rows.map((row) => row.detail).join('\n'));
      } else {
        plans.push(
          (
            await t.handle.db.executeQuery<{ 'QUERY PLAN': string }>(
              CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
            )
          ).rows
            .map((row) => row['QUERY PLAN'])
            .join('\n'),
        );
      }
    }
    if (t.handle.kind === 'sqlite') {
      expect(plans[0]).toMatch(/INDEX customers_by_email \(client_code=\? AND email=\?\)/);
      expect(plans[1]).toMatch(
        /INDEX customers_by_telephone \(client_code=\? AND telephone_digits=\?\)/,
      );
    } else {
      expect(plans[0]).toMatch(/Index Cond: .*client_code.*email/);
      expect(plans[1]).toMatch(/Index Cond: .*client_code.*telephone_digits/);
      for (const plan of plans) expect(plan).not.toContain('Seq Scan');
    }
  });
});
