import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormTokens } from '../../src/server/forms/form-token.js';
import { freeBookingRequest } from '../support/booking-request.js';
import { describeEachDatabase } from '../support/each-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 14, probes 3 and 4: who may name the visitor's address, and limits that spare customers. */
const relayBody = (marker: string) => ({
  user_id: 'hs_pub_JS',
  service_id: 'highstreet',
  template_id: 'contact',
  template_params: {
    name: 'Ann Example',
    email: 'ann@example.com',
    telephone: '07700 900123',
    message: marker,
  },
});

const secret = 'limits-test-secret';
/** A form session opened `agoMs` before now, as the page's GET /api/form-token would have. */
const tokenFor = (client: string, agoMs = 5000) =>
  createFormTokens(secret).issue(client, Date.now() - agoMs);

describe('TRUST_PROXY: X-Forwarded-For cannot choose the address', () => {
  const cases = [
    { trust: 'off', peer: '203.0.113.50', forwarded: (i: number) => `10.0.0.${i}` },
    {
      trust: '127.0.0.1',
      peer: '127.0.0.1',
      forwarded: (i: number) => `10.0.0.${i}, 203.0.113.9`,
    },
    { trust: '127.0.0.1', peer: '198.51.100.7', forwarded: (i: number) => `10.0.0.${i}` },
    { trust: '1', peer: '127.0.0.1', forwarded: (i: number) => `10.0.0.${i}, 203.0.113.9` },
  ];
  for (const { trust, peer, forwarded } of cases) {
    it(`TRUST_PROXY=${trust}, peer ${peer}, X-Forwarded-For "${forwarded(1)}" …: 200 200 200 429`, async () => {
      const t = await startTestApp('sqlite', {
        TRUST_PROXY: trust,
        MAIL_RELAY_LIMIT_PER_IP: '3',
        BOOKING_LIMIT_PER_IP: '3',
        MAIL_RELAY_LIMIT_PER_CLIENT: '100000',
      });
      try {
        const relay: number[] = [];
        for (let i = 1; i <= 5; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/v1.0/email/send',
            remoteAddress: peer,
            headers: { 'x-forwarded-for': forwarded(i) },
            payload: relayBody(`xff-${i}`),
          });
          relay.push(res.statusCode);
        }
        expect(relay).toEqual([200, 200, 200, 429, 429]);
        const booking: number[] = [];
        for (let i = 1; i <= 4; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/bookings/create?client=RRB',
            remoteAddress: peer,
            headers: { 'x-forwarded-for': forwarded(i) },
            payload: {},
          });
          booking.push(res.statusCode);
        }
        expect(booking).toEqual([400, 400, 400, 429]);
      } finally {
        await t.close();
      }
    });
  }
});

describeEachDatabase('limits that protect genuine customers', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      FORM_TOKEN_SECRET: secret,
      MAIL_RELAY_LIMIT_PER_IP: '1000',
      BOOKING_LIMIT_PER_IP: '1000',
      MAIL_RELAY_LIMIT_PER_CLIENT: '5',
      BOOKING_LIMIT_PER_CLIENT: '3',
      FORM_SESSION_LIMIT: '2',
    });
  });
  afterAll(async () => t?.close());

  const send = (marker: string, from: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1.0/email/send',
      remoteAddress: from,
      headers: token ? { 'x-form-token': token } : {},
      payload: relayBody(marker),
    });
  const notes = () =>
    t.handle.db
      .selectFrom('outbox')
      .select(['mail_to', 'subject', 'text'])
      .where('template_id', 'like', 'quota-%')
      .execute();

  it('a flood from ten addresses without a form session cannot stop a customer with one; the owner hears once', async () => {
    const flood: number[] = [];
    for (let i = 0; i < 20; i++)
      flood.push((await send(`flood-${i}`, `198.51.100.${i % 10}`)).statusCode);
    expect(flood.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(flood.slice(5))).toEqual(new Set([429]));
    // A form sent faster than a person can (token 0.5 s old) counts with the flood.
    expect((await send('too-fast', '203.0.113.20', tokenFor('JS', 500))).statusCode).toBe(429);
    // A forged token too.
    expect(
      (await send('forged', '203.0.113.21', `${tokenFor('JS').slice(0, -4)}AAAA`)).statusCode,
    ).toBe(429);

    // The customer: a form session from the page, sent after filling the form in.
    const customer = await send('customer-order', '203.0.113.30', tokenFor('JS'));
    expect(customer.statusCode).toBe(200);

    const sent = await notes();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.mail_to).toBe(t.registry.byCode('JS')!.email);
    expect(sent[0]!.subject).toMatch(/Unusual traffic/);
    expect(sent[0]!.text).toMatch(/Customers who fill in the form on your site are not affected/);
  });

  it('a form session is limited on its own: its third send gets 429, a new session is fine', async () => {
    const token = tokenFor('JS');
    expect((await send('session-1', '203.0.113.40', token)).statusCode).toBe(200);
    expect((await send('session-2', '203.0.113.41', token)).statusCode).toBe(200);
    const third = await send('session-3', '203.0.113.42', token);
    expect(third.statusCode).toBe(429);
    expect(third.body).toMatch(/You have sent this form several times already/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('session-4', '203.0.113.42', tokenFor('JS'))).statusCode).toBe(200);
  });

  it('bookings: a flood without a form session cannot stop a customer with one', async () => {
    const flood: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/create?client=RRB',
        remoteAddress: `198.51.100.${i}`,
        payload: {},
      });
      flood.push(res.statusCode);
    }
    expect(flood).toEqual([400, 400, 400, 429, 429]);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      remoteAddress: '203.0.113.60',
      headers: { 'x-form-token': tokenFor('RRB') },
      payload: await freeBookingRequest(t),
    });
    expect(booked.statusCode).toBe(200);
    // A token for another client is no session here.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      headers: { 'x-form-token': tokenFor('JS') },
      payload: {},
    });
    expect(foreign.statusCode).toBe(429);
  });

  it('GET /api/form-token issues a session the relay accepts once 2 s have passed', async () => {
    const issued = await t.app.inject({ url: '/api/form-token?client=JS' });
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { token } = issued.json<{ token: string }>();
    expect((await send('real-token-fast', '203.0.113.70', token)).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await send('real-token', '203.0.113.70', token)).statusCode).toBe(200);
  });
});
