import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countRows } from '../support/count-rows.js';
import { describeEachDatabase } from '../support/each-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Thousands of malformed bodies, queries and ids at every endpoint: only 4xx answers with a
 * message, never a 5xx or a crash, and nothing stored.
 */
const postEndpoints = [
  '/api/bookings/time',
  '/api/bookings/create',
  '/api/v1.0/email/send',
  '/api/v1.0/email/send-form',
  '/api/diagnostics/failure-probe',
];

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '\r\nBcc: victim@example.com',
    '<script>alert(1)</script>',
    "'; DROP TABLE bookings; --",
    '2026-02-30',
    '25:61',
    '9999-12-31',
    '-1',
    '1e309',
    'NaN',
    '__proto__',
    'RRB',
    'hs_pub_RRB',
  ),
);

const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        hostileString,
        fc.constantFrom(
          'bookingDate',
          'estmatedDuration',
          'customer',
          'treatments',
          'startTime',
          'endTime',
          'user_id',
          'service_id',
          'template_id',
          'template_params',
          'message',
          'gdprConsent',
          'email',
          'telephone',
          'ID',
        ),
      ),
      tie('value'),
      { maxKeys: 6 },
    ),
  ),
})).value;

describeEachDatabase('bad input everywhere', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      MAIL_RELAY_LIMIT_PER_IP: '1000000',
      BOOKING_LIMIT_PER_IP: '1000000',
      MAIL_RELAY_LIMIT_PER_CLIENT: '1000000',
    });
  });
  afterAll(async () => t?.close());

  const storedRows = async () => {
    const count = (table: 'bookings' | 'outbox' | 'booking_treatments') =>
      countRows(t.handle.db, table);
    return {
      bookings: await count('bookings'),
      outbox: await count('outbox'),
      lines: await count('booking_treatments'),
    };
  };

  const expectRefused = (res: { statusCode: number; body: string }, what: string) => {
    expect(
      res.statusCode,
      `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`,
    ).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${what} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
    expect(res.body.length, what).toBeGreaterThan(0);
  };

  it('refuses malformed JSON bodies at every POST endpoint', async () => {
    const before = await storedRows();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postEndpoints),
        jsonish,
        fc.constantFrom('RRB', 'SE', 'JS'),
        async (url, body, client) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${url}?client=${client}`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
          });
          // The diagnostic endpoint accepts any {message: string}; everything else must refuse.
          if (url.endsWith('failure-probe') && res.statusCode === 200) return;
          expectRefused(res, `${url} ${JSON.stringify(body).slice(0, 200)}`);
        },
      ),
      { numRuns: 1500 },
    );
    expect(await storedRows()).toEqual(before);
  });

  it('refuses bodies that are not JSON at all', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postEndpoints),
        fc.string(),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
        ),
        async (url, payload, type) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${url}?client=RRB`,
            headers: { 'content-type': type },
            payload,
          });
          if (url.endsWith('failure-probe') && res.statusCode === 200) return;
          expectRefused(res, `${url} ${type} ${payload.slice(0, 100)}`);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('refuses malformed queries and ids on every GET endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          (v: string) => `/api/products?category=${encodeURIComponent(v)}`,
          (v: string) => `/api/products/${encodeURIComponent(v) || '%20'}`,
          (v: string) => `/api/treatments/list?activeOnly=${encodeURIComponent(v)}`,
          (v: string) => `/api/categories/list?x=${encodeURIComponent(v)}`,
          (v: string) => `/?client=${encodeURIComponent(v)}`,
        ),
        hostileString,
        async (build, value) => {
          const res = await t.app.inject({ method: 'GET', url: build(value) });
          expect(res.statusCode, `${build(value)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 800 },
    );
  });
});
