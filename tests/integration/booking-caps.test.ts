import { afterEach, expect, it } from 'vitest';
import { addDays, splitStartTime } from '../../src/common/booking.js';
import type { BookingRules } from '../../src/common/booking-rules.js';
import { createFormTokens } from '../../src/server/forms/form-token.js';
import { bookingCustomer, freeBookingRequest } from '../support/booking-request.js';
import { placeBooking } from '../../src/server/booking/booking-service.js';
import { describeEachDatabase } from '../support/each-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { loadConfig } from '../../src/server/config.js';

/**
 * Issue 30, items 4 and 5: anti-hogging per network address and form session (holds counted, a
 * 24-hour cap across days), and the visitor's move limited and idempotent. Each test starts its
 * own app with the caps at their defaults unless it says otherwise (test-app.ts raises them).
 */
const secret = 'booking-caps-test-secret';
const sameSite = {
  host: 'localhost',
  origin: 'http://localhost',
  'x-requested-with': 'highstreet',
};
const defaults = { BOOKING_VISITORS_PER_IP: '1', BOOKINGS_PER_IP_PER_DAY: '6' };

describeEachDatabase('booking caps per address and form session (issue 30)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(env: Record<string, string> = {}): Promise<TestApp> {
    t = await startTestApp(kind, {
      BOOKING_LIMIT_PER_IP: '1000',
      FORM_TOKEN_SECRET: secret,
      ...defaults,
      ...env,
    });
    return t;
  }
  /** The seeded rules with these settings changed, as the owner's screen would save them. */
  async function setRules(app: TestApp, changes: Partial<BookingRules>) {
    const { rules } = await app.handle.db
      .selectFrom('booking_rules')
      .select('rules')
      .where('client_code', '=', 'RRB')
      .executeTakeFirstOrThrow();
    await app.handle.db
      .updateTable('booking_rules')
      .set({ rules: JSON.stringify({ ...JSON.parse(rules), ...changes }) })
      .where('client_code', '=', 'RRB')
      .execute();
    app.changes.clientChanged('RRB');
  }
  const create = (app: TestApp, payload: object, from = '203.0.113.7', token?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      remoteAddress: from,
      headers: { host: 'localhost', ...(token ? { 'x-form-token': token } : {}) },
      payload,
    });
  /** The request for the `skip`th free time, `weeks` weeks after freeBookingRequest's day. */
  async function requestOn(app: TestApp, email: string, skip = 0, weeks = 0) {
    const template = await freeBookingRequest(app, { email }, skip);
    if (weeks === 0) return template;
    const { date } = splitStartTime(template.startTime as string);
    const later = addDays(date, 7 * weeks);
    return { ...template, startTime: (template.startTime as string).replace(date, later) };
  }
  const statuses = (answers: Array<{ statusCode: number }>) =>
    answers.map((a) => a.statusCode).sort((a, b) => a - b);

  it('at once from one address with different e-mails: 2 × 200 (the rules allow 2), the rest 409', async () => {
    const app = await start();
    await setRules(app, { maxBookingsPerEmailPerDay: 2, maxBookingMinutes: 240 });
    const bodies = await Promise.all(
      [0, 6, 12, 18, 24].map((skip, i) => requestOn(app, `hog${i}@example.com`, skip)),
    );
    const answers = await Promise.all(bodies.map((body) => create(app, body)));
    expect(statuses(answers)).toEqual([200, 200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toContain('from your network');
    }
    // Another address books the same day still.
    const other = await create(app, await requestOn(app, 'else@example.com', 10), '198.51.100.9');
    expect(other.statusCode).toBe(200);
  });

  it('one form session from several addresses and e-mails: 2 × 200, then 409', async () => {
    const app = await start({ BOOKING_VISITORS_PER_IP: '100' });
    await setRules(app, { maxBookingsPerEmailPerDay: 2, maxBookingMinutes: 240 });
    const token = createFormTokens(secret).issue('RRB', Date.now() - 5000);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const body = await requestOn(app, `session${i}@example.com`, i * 2);
      answers.push(await create(app, body, `203.0.113.${20 + i}`, token));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 409]);
    expect(answers[2]!.json().message).toContain('as many as we take online for one day');
  });

  it('holds count: made-up addresses waiting for confirmation fill the cap', async () => {
    const app = await start();
    await setRules(app, {
      maxBookingsPerEmailPerDay: 2,
      maxBookingMinutes: 240,
      confirmNewCustomersMinutes: 60,
    });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await create(app, await requestOn(app, `made-up${i}@example.com`, i * 2)));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 409]);
    const held = await app.handle.db
      .selectFrom('bookings')
      .select(['status', 'address_hash'])
      .where('client_code', '=', 'RRB')
      .execute();
    expect(held.map((row) => row.status)).toEqual(['pending', 'pending']);
    // The address is stored only as a keyed hash.
    expect(held[0]!.address_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the minutes one address holds on a day are bounded: two long bookings do not fill it', async () => {
    const app = await start();
    const template = await requestOn(app, 'long0@example.com');
    const minutes = template.totalDuration as number;
    // Room for one booking of this length per visitor, two by count.
    await setRules(app, { maxBookingsPerEmailPerDay: 2, maxBookingMinutes: minutes });
    const first = await create(app, await requestOn(app, 'long1@example.com'));
    const second = await create(app, await requestOn(app, 'long2@example.com', 4));
    expect([first.statusCode, second.statusCode]).toEqual([200, 409]);
  });

  it('24 hours across days: 3 bookings from one address on 3 days, the 4th 409 (cap 3)', async () => {
    const app = await start({ BOOKINGS_PER_IP_PER_DAY: '3' });
    const answers = [];
    for (let week = 0; week < 4; week++) {
      answers.push(await create(app, await requestOn(app, `days${week}@example.com`, 0, week)));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 409]);
    expect(answers[3]!.json().message).toContain('in the last 24 hours');
  });

  it('the caps tested here are the defaults an operator gets', () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, process.cwd());
    expect(String(config.bookingVisitorsPerAddress)).toBe(defaults.BOOKING_VISITORS_PER_IP);
    expect(String(config.bookingsPerAddressPer24h)).toBe(defaults.BOOKINGS_PER_IP_PER_DAY);
  });

  it("the owner's phone bookings stay uncapped once the visitor's address is at its caps", async () => {
    const app = await start({ BOOKINGS_PER_IP_PER_DAY: '1' });
    const first = await requestOn(app, 'first@example.com');
    expect((await create(app, first)).statusCode).toBe(200);
    const second = await requestOn(app, 'second@example.com', 6);
    expect((await create(app, second)).statusCode).toBe(409);
    const treatment = (second.treatments as Array<{ ID: number }>)[0]!;
    const context = {
      db: app.handle.db,
      dbKind: app.handle.kind,
      client: app.registry.byCode('RRB')!,
      mailFrom: app.config.mailFrom,
      now: new Date(),
      addressCaps: { visitorsPerAddress: 1, per24h: 1 },
    };
    const phone = await placeBooking(context, {
      startTime: second.startTime as string,
      treatmentIds: [treatment.ID],
      customer: { ...bookingCustomer, email: 'first@example.com', marketing: false },
      source: 'phone',
      consentVersion: 'owner-phone',
    });
    expect(phone.customer.email).toBe('first@example.com');
  });

  /** Books from a fresh address and returns the booking's id and its manage link's token. */
  async function book(app: TestApp, email: string, skip = 0) {
    const res = await create(app, await requestOn(app, email, skip), '198.51.100.20');
    expect(res.statusCode).toBe(200);
    const { ID: id, startTime } = res.json().data as { ID: number; startTime: string };
    const mail = await app.handle.db
      .selectFrom('outbox')
      .select('text')
      .where('idempotency_key', '=', `booking-${id}-customer`)
      .executeTakeFirstOrThrow();
    return { id, startTime, token: /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]! };
  }
  const move = (
    app: TestApp,
    token: string,
    startTime: string,
    from = '198.51.100.20',
    key?: string,
  ) =>
    app.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/move?client=RRB`,
      remoteAddress: from,
      headers: { ...sameSite, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { startTime },
    });
  const outboxCount = async (app: TestApp) =>
    Number(
      (
        await app.handle.db
          .selectFrom('outbox')
          .select(({ fn }) => fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a move to the time the booking has answers 200 and queues no e-mail', async () => {
    const app = await start();
    const { token, startTime: current } = await book(app, 'same@example.com');
    const before = await outboxCount(app);
    const res = await move(app, token, current);
    expect(res.statusCode).toBe(200);
    expect(await outboxCount(app)).toBe(before);
  });

  it('a replayed move with the same Idempotency-Key answers the first result, no new e-mails', async () => {
    const app = await start();
    const { token } = await book(app, 'replay@example.com');
    const target = (await requestOn(app, 'x@example.com', 4)).startTime as string;
    const first = await move(app, token, target, undefined, 'move-key-0001');
    expect(first.statusCode).toBe(200);
    const after = await outboxCount(app);
    const replays = await Promise.all(
      [1, 2, 3].map(() => move(app, token, target, undefined, 'move-key-0001')),
    );
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(replays[0]!.json().data).toEqual(first.json().data);
    expect(await outboxCount(app)).toBe(after);
  });

  it('moves are limited per booking link (10 an hour) and per address', async () => {
    const app = await start();
    const { token } = await book(app, 'many-moves@example.com');
    const times = await Promise.all(
      [2, 4].map(async (skip) => (await requestOn(app, 'x@example.com', skip)).startTime as string),
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => move(app, token, times[i % 2]!, `203.0.113.${100 + i}`)),
    );
    const limited = answers.filter((a) => a.statusCode === 429).length;
    expect(limited).toBe(20);
  });

  it('moves and cancels are limited per address (BOOKING_LIMIT_PER_IP)', async () => {
    const app = await start({ BOOKING_LIMIT_PER_IP: '3', BOOKING_VISITORS_PER_IP: '100' });
    const links = [];
    for (let i = 0; i < 3; i++) links.push(await book(app, `addr${i}@example.com`, i * 2));
    const answers = [];
    for (const { token } of [...links, links[0]!]) {
      answers.push(
        await app.app.inject({
          method: 'POST',
          url: `/api/bookings/manage/${token}/cancel?client=RRB`,
          remoteAddress: '192.0.2.77',
          headers: sameSite,
        }),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
  });
});
