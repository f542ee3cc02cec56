import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bookingMessages,
  consentVersion,
  todayInTimeZone,
  type StoredBooking,
  type Treatment,
} from '../../../common/booking.js';
import { weekdays, type ClientConfig } from '../../../common/client-config.js';
import { describeEachDatabase } from '../../../../tests/support/each-database.js';
import { startSmtpSink } from '../../../../tests/support/smtp-sink.js';
import { clientSender, senderAddress } from '../../mail/client-sender.js';
import { readMail } from '../../mail/mime-for-tests.js';
import { localTimeToInstant } from '../availability/availability.js';
import { uidHost } from '../emails/booking-calendar.js';
import { icsUtc, parseIcs } from '../emails/booking-ics.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { withoutPatchTests } from '../../../../tests/support/patch-tests.js';
import {
  createOutboxWorker,
  defaultWorkerSettings,
  smtpDelivery,
} from '../../mail/outbox-worker.js';

/** The n-th open day of a client from a few days ahead, so the lead time never interferes. */
function openDates(client: ClientConfig, count: number): string[] {
  const rules = client.booking!;
  const today = todayInTimeZone(client.timeZone);
  const found: string[] = [];
  for (let ahead = 3; found.length < count && ahead < rules.horizonDays; ahead++) {
    const date = addDays(today, ahead);
    const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    if (rules.openingHours[weekday] && !rules.closedDates.includes(date)) found.push(date);
  }
  return found;
}

function closedWeekdayDate(client: ClientConfig): string {
  const today = todayInTimeZone(client.timeZone);
  for (let ahead = 3; ; ahead++) {
    const date = addDays(today, ahead);
    const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    if (!client.booking!.openingHours[weekday]) return date;
  }
}

const customer = {
  name: 'Ann Example',
  dob: '1900-01-01 00:00:00',
  telephone: '07700900123',
  email: 'ann@example.com',
  doorNo: '12 Rose Lane',
  postCode: 'EH49 7AB',
  gdprConsent: true,
  gift: false,
  marketing: false,
};

describeEachDatabase('the booking API', (kind) => {
  let t: TestApp;
  let rrb: ClientConfig;
  let dates: string[];
  let treatments: Treatment[];
  const byId = (id: number) => treatments.find((tr) => tr.ID === id)!;

  beforeAll(async () => {
    // The per-address limit has its own test below; these tests send many requests from one.
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
    await withoutPatchTests(t);
    rrb = t.registry.byCode('RRB')!;
    dates = openDates(rrb, 8);
    treatments = (await t.app.inject({ url: '/api/treatments/list?client=RRB' })).json<
      Treatment[]
    >();
  });
  afterAll(async () => t?.close());

  const payload = (
    date: string,
    time: string,
    ids: number[],
    overrides: Record<string, unknown> = {},
  ): Record<string, unknown> => {
    const chosen = ids.map((id) => byId(id) ?? { ID: id });
    return {
      totalPrice: chosen.reduce((sum, tr) => sum + ('Price' in tr ? tr.Price : 0), 0),
      totalDuration: chosen.reduce((sum, tr) => sum + ('Duration' in tr ? tr.Duration : 0), 0),
      startTime: `${date} ${time}:00`,
      endTime: `${date} 12:00:00`,
      customer,
      treatments: chosen,
      ...overrides,
    };
  };
  const create = (body: unknown, client = 'RRB') =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/create?client=${client}`,
      payload: body as object,
    });
  const times = async (bookingDate: string, estmatedDuration: number, client = 'RRB') =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/time?client=${client}`,
      payload: { bookingDate, estmatedDuration },
    });
  const bookingsOn = (date: string) =>
    t.handle.db
      .selectFrom('bookings')
      .selectAll()
      .where('client_code', '=', 'RRB')
      .where('booking_date', '=', date)
      .execute();

  describe('catalogue', () => {
    it('lists the categories and, with activeOnly=1, only the active treatments', async () => {
      const categories = (await t.app.inject({ url: '/api/categories/list?client=RRB' })).json();
      expect(categories[0]).toEqual({ ID: 1, Name: 'Nails' });
      expect(categories).toHaveLength(5);

      const all = treatments;
      const active = (
        await t.app.inject({ url: '/api/treatments/list?activeOnly=1&client=RRB' })
      ).json<Treatment[]>();
      expect(all.length).toBeGreaterThan(active.length);
      expect(active.every((tr) => tr.Active)).toBe(true);
      expect(all.some((tr) => !tr.Active)).toBe(true);
      expect(byId(1)).toEqual({
        ID: 1,
        Name: 'Gel Manicure',
        Description: expect.any(String),
        Price: 27.5,
        Duration: 45,
        CategoryId: 1,
        Active: true,
      });
    });

    it('shows another client none of the salon treatments', async () => {
      expect((await t.app.inject({ url: '/api/treatments/list?client=JS' })).json()).toEqual([]);
      expect((await t.app.inject({ url: '/api/categories/list?client=JS' })).json()).toEqual([]);
    });

    it('refuses a malformed activeOnly with 400', async () => {
      const res = await t.app.inject({ url: '/api/treatments/list?activeOnly=yes&client=RRB' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('activeOnly');
    });
  });

  describe('available times', () => {
    it('answers "HH:mm" start times within opening hours, ending by closing time', async () => {
      const res = await times(dates[0]!, 60);
      expect(res.statusCode).toBe(200);
      const list = res.json<string[]>();
      expect(list[0]).toBe('09:00');
      expect(list.every((time) => /^\d{2}:\d{2}$/.test(time))).toBe(true);
      const weekday = weekdays[new Date(`${dates[0]}T12:00:00Z`).getUTCDay()]!;
      const close = rrb.booking!.openingHours[weekday]!.close;
      const [h, m] = close.split(':').map(Number) as [number, number];
      const lastStart = h * 60 + m - 60;
      expect(list.at(-1)).toBe(
        `${String(Math.floor(lastStart / 60)).padStart(2, '0')}:${String(lastStart % 60).padStart(2, '0')}`,
      );
    });

    it('stops offering a time as soon as it is booked, though the answer before was cached', async () => {
      const day = dates[5]!;
      const before = (await times(day, 15)).json<string[]>();
      expect(before).toContain('10:00');
      expect((await times(day, 15)).json<string[]>()).toEqual(before);
      const booked = await create(payload(day, '10:00', [5]));
      expect(booked.statusCode).toBe(200);
      expect((await times(day, 15)).json<string[]>()).not.toContain('10:00');
    });

    it('answers an empty list on a closed weekday', async () => {
      const res = await times(closedWeekdayDate(rrb), 60);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('refuses past dates, dates beyond the horizon and malformed input with 400 and a reason', async () => {
      const today = todayInTimeZone(rrb.timeZone);
      const past = await times(addDays(today, -1), 60);
      expect(past.statusCode).toBe(400);
      expect(past.json().message).toContain('is in the past');

      const far = await times(addDays(today, rrb.booking!.horizonDays + 1), 60);
      expect(far.statusCode).toBe(400);
      expect(far.json().message).toContain('latest date you can choose');

      const cases: Array<[unknown, string]> = [
        [{ bookingDate: '9/12/2026', estmatedDuration: 60 }, 'bookingDate'],
        [{ bookingDate: '2027-02-30', estmatedDuration: 60 }, 'not a real calendar date'],
        [{ bookingDate: dates[0] }, 'estmatedDuration'],
        [{ bookingDate: dates[0], estmatedDuration: -5 }, 'estmatedDuration'],
        [{ bookingDate: dates[0], estmatedDuration: 'long' }, 'estmatedDuration'],
        [[], 'request'],
      ];
      for (const [body, expected] of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/bookings/time?client=RRB',
          payload: body as object,
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toContain(expected);
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/time?client=RRB',
        headers: { 'content-type': 'application/json' },
        payload: '{"bookingDate":',
      });
      expect(notJson.statusCode).toBe(400);
    });

    it('tells a client without booking rules, clearly, that it takes no online bookings', async () => {
      const res = await times(dates[0]!, 60, 'JS');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('does not take bookings online');
      const created = await create(payload(dates[0]!, '10:00', [1]), 'JS');
      expect(created.statusCode).toBe(404);
      expect(await bookingsOn(dates[0]!)).toEqual([]);
    });
  });

  describe('creating a booking', () => {
    it('sells one slot exactly once under 50 concurrent requests', async () => {
      const date = dates[1]!;
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          create(
            payload(date, '10:00', [2], {
              customer: { ...customer, email: `racer${i}@example.com` },
            }),
          ),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      const conflict = responses.find((r) => r.statusCode === 409)!;
      expect(conflict.json().message).toContain('has just been booked by someone else');
      expect(await bookingsOn(date)).toHaveLength(1);

      const outbox = await t.handle.db
        .selectFrom('outbox')
        .selectAll()
        .where('client_code', '=', 'RRB')
        .where(
          'subject',
          'like',
          `%#${responses.find((r) => r.statusCode === 200)!.json().data.ID}%`,
        )
        .execute();
      expect(outbox).toHaveLength(1);
    });

    it('under concurrent partly overlapping requests, stores only bookings that do not overlap', async () => {
      const date = dates[2]!;
      const starts = ['10:00', '10:30', '11:00', '11:30'];
      const responses = await Promise.all(
        Array.from({ length: 48 }, (_, i) =>
          create(payload(date, starts[i % starts.length]!, [2])),
        ),
      );
      const succeeded = responses.filter((r) => r.statusCode === 200);
      expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      // Whatever wins first, exactly two one-hour bookings fit into 10:00-12:30 without overlap.
      expect(succeeded).toHaveLength(2);
      const stored = await bookingsOn(date);
      expect(stored).toHaveLength(2);
      const [a, b] = stored.sort((x, y) => x.start_minute - y.start_minute) as [
        (typeof stored)[number],
        (typeof stored)[number],
      ];
      expect(a.end_minute).toBeLessThanOrEqual(b.start_minute);

      // The brief's pair: 10:00 for 60 minutes and 10:30 for 60 minutes, raced, only one wins.
      const pairDate = dates[3]!;
      const pair = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          create(payload(pairDate, i % 2 ? '10:30' : '10:00', [2])),
        ),
      );
      expect(pair.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(await bookingsOn(pairDate)).toHaveLength(1);
    });

    it('stores totals and end time from the database, ignoring a tampered price and end time', async () => {
      const date = dates[4]!;
      const res = await create(
        payload(date, '14:00', [1, 7], {
          totalPrice: 0.01,
          totalDuration: 1,
          endTime: `${date} 23:59:00`,
          treatments: [
            { ...byId(1), Price: 0.01, Duration: 1 },
            { ...byId(7), Price: 0, Duration: 0 },
          ],
        }),
      );
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: StoredBooking }>().data;
      expect(data).toMatchObject({
        bookingDate: date,
        startTime: `${date} 14:00:00`,
        endTime: `${date} 15:00:00`,
        totalPrice: 39.5,
        totalDuration: 60,
        consentVersion,
        treatments: [
          { ID: 1, Name: 'Gel Manicure', Price: 27.5, Duration: 45 },
          { ID: 7, Name: 'Eyebrow Wax', Price: 12, Duration: 15 },
        ],
      });
      const [row] = await bookingsOn(date);
      expect(row).toMatchObject({
        start_minute: 14 * 60,
        end_minute: 15 * 60,
        total_price_pence: 3950,
        total_duration_minutes: 60,
        consent_version: consentVersion,
      });
      expect(Date.parse(row!.consent_at)).toBeGreaterThan(Date.now() - 60_000);
      const lines = await t.handle.db
        .selectFrom('booking_treatments')
        .selectAll()
        .where('booking_id', '=', data.ID)
        .orderBy('treatment_id')
        .execute();
      expect(lines.map((l) => [l.treatment_id, l.price_pence, l.duration_minutes])).toEqual([
        [1, 2750, 45],
        [7, 1200, 15],
      ]);
      // The slot is now gone from the available times, and so is any overlapping start.
      const after = (await times(date, 60)).json<string[]>();
      expect(after).not.toContain('14:00');
      expect(after).not.toContain('13:30');
      expect(after).toContain('13:00');
      expect(after).toContain('15:00');
    });

    it('queues confirmation e-mails to the business and the customer, escaping visitor text', async () => {
      const date = dates[5]!;
      const res = await create(
        payload(date, '11:00', [11], {
          customer: { ...customer, name: '<b>Ann</b> & Co', email: 'ann.escape@example.com' },
        }),
      );
      expect(res.statusCode).toBe(200);
      const id = res.json<{ data: StoredBooking }>().data.ID;
      const messages = await t.handle.db
        .selectFrom('outbox')
        .selectAll()
        .where('client_code', '=', 'RRB')
        .where('idempotency_key', 'in', [`booking-${id}-business`, `booking-${id}-customer`])
        .orderBy('idempotency_key')
        .execute();
      expect(messages).toHaveLength(2);
      const [business, toCustomer] = messages as [
        (typeof messages)[number],
        (typeof messages)[number],
      ];
      expect(business).toMatchObject({
        mail_to: rrb.email,
        reply_to: 'ann.escape@example.com',
        mail_from: clientSender(rrb.title, t.config.mailFrom),
        status: 'pending',
      });
      expect(toCustomer).toMatchObject({ mail_to: 'ann.escape@example.com', reply_to: rrb.email });
      for (const message of messages) {
        expect(message.html).not.toContain('<b>Ann</b>');
        expect(message.text).toContain('Lash Lift & Tint');
        expect(message.text).toContain('11:00');
      }
      expect(business.html).toContain('&#60;b&#62;Ann&#60;/b&#62; &#38; Co');
    });

    it('delivers both confirmation e-mails to a real SMTP server through the outbox worker', async () => {
      const sink = await startSmtpSink();
      try {
        const res = await create(
          payload(dates[5]!, '15:00', [13], {
            customer: { ...customer, email: 'smtp.check@example.com' },
          }),
        );
        expect(res.statusCode).toBe(200);
        const worker = createOutboxWorker({
          ...defaultWorkerSettings,
          db: t.handle.db,
          dbKind: t.handle.kind,
          deliver: smtpDelivery(sink.url),
          log: { info: () => {}, warn: () => {}, error: () => {} },
        });
        // Other tests queued messages too; run rounds until ours have gone out.
        const ours = () =>
          sink.messages.filter((m) => m.raw.includes('smtp.check@example.com')).length;
        for (let round = 0; round < 30 && ours() < 2; round++) {
          await worker.runOnce();
        }
        const toCustomer = await sink.waitFor((m) => m.to.includes('smtp.check@example.com'));
        expect(toCustomer.raw).toContain('Brow Tint & Shape');
        // Issue 17: the client's name as sender, the reference, the manage link, the .ics.
        const mail = readMail(toCustomer.raw);
        expect(mail.header('from')[0]).toBe(`${rrb.title} <${senderAddress(t.config.mailFrom)}>`);
        const reference = res.json().data.reference as string;
        expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
        expect(mail.text).toContain(reference);
        expect(mail.text).toMatch(/\/booking\/manage\/[A-Za-z0-9_-]{43}/);
        const ics = parseIcs(mail.calendar);
        expect(ics).toMatchObject({
          METHOD: 'REQUEST',
          UID: `booking-${reference}@${uidHost(rrb)}`,
          SEQUENCE: '0',
          DTSTART: icsUtc(localTimeToInstant(dates[5]!, 15 * 60, rrb.timeZone)!),
        });
        const toSalon = await sink.waitFor(
          (m) => m.to.includes(rrb.email) && m.raw.includes('smtp.check@example.com'),
        );
        expect(toSalon.raw).toMatch(/^Reply-To: .*smtp\.check@example\.com/im);
      } finally {
        await sink.close();
      }
    });

    it('refuses invalid bookings with 400 and a message a person can act on', async () => {
      const date = dates[6]!;
      const cases: Array<[unknown, string]> = [
        [
          payload(date, '10:00', [1], { customer: { ...customer, telephone: '123456789' } }),
          'customer.telephone',
        ],
        [
          payload(date, '10:00', [1], { customer: { ...customer, telephone: '012345678901' } }),
          'customer.telephone',
        ],
        [
          payload(date, '10:00', [1], { customer: { ...customer, email: 'ann@' } }),
          bookingMessages.emailFormat,
        ],
        [
          payload(date, '10:00', [1], { customer: { ...customer, gdprConsent: false } }),
          bookingMessages.gdprConsent,
        ],
        [
          payload(date, '10:00', [1], { customer: { ...customer, name: '  ' } }),
          bookingMessages.name,
        ],
        [payload(date, '10:00', []), 'at least one treatment'],
        [payload(date, '10:00', [1, 1]), 'only once'],
        [payload(date, '10:00', [999]), 'does not offer treatment 999'],
        [payload(date, '10:00', [14]), 'cannot be booked online'],
        [payload(date, '10:07', [1]), 'not a time we offer'],
        [payload(date, '07:00', [1]), 'not a time we offer'],
        [payload(date, '19:00', [4]), 'not a time we offer'],
        [payload(closedWeekdayDate(rrb), '10:00', [1]), 'not a time we offer'],
        [payload(addDays(todayInTimeZone(rrb.timeZone), -2), '10:00', [1]), 'is in the past'],
        [payload(date, '10:00', [1], { startTime: `${date}T10:00` }), 'startTime'],
        [{ ...payload(date, '10:00', [1]), customer: undefined }, 'customer'],
        [[1, 2], 'Invalid booking'],
      ];
      for (const [body, expected] of cases) {
        const res = await create(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message, JSON.stringify(body)).toContain(expected);
      }
      expect(await bookingsOn(date)).toEqual([]);
    });

    it('keeps clients apart: another client’s data never changes RRB’s times or treatments', async () => {
      const date = dates[7]!;
      // A booking and a treatment that belong to another client, written straight to the tables.
      await t.handle.db
        .insertInto('bookings')
        .values({
          client_code: 'SE',
          booking_date: date,
          start_minute: 9 * 60,
          end_minute: 17 * 60,
          total_price_pence: 100,
          total_duration_minutes: 480,
          customer_name: 'Other',
          customer_email: 'other@example.com',
          customer_telephone: '07700900000',
          customer_door_no: '1',
          customer_post_code: 'G1 1AA',
          marketing: 0,
          consent_at: new Date().toISOString(),
          consent_version: consentVersion,
          created_at: new Date().toISOString(),
        })
        .execute();
      await t.handle.db
        .insertInto('treatments')
        .values({
          client_code: 'SE',
          id: 500,
          category_id: 1,
          name: 'Hot tub service',
          description: 'Not a salon treatment',
          price_pence: 100,
          duration_minutes: 15,
          active: 1,
        })
        .execute();
      expect((await times(date, 60)).json<string[]>()).toContain('09:00');
      const foreign = await create(payload(date, '09:00', [500]));
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toContain('does not offer treatment 500');
      const ok = await create(payload(date, '09:00', [1]));
      expect(ok.statusCode).toBe(200);
      // The host name picks the client too, and the salon's booking stays the salon's.
      const viaHost = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/time',
        headers: { host: 'rrb.localhost' },
        payload: { bookingDate: date, estmatedDuration: 45 },
      });
      expect(viaHost.json<string[]>()).not.toContain('09:00');
      expect(await bookingsOn(date)).toHaveLength(1);
    });
  });
});

describeEachDatabase('the booking request limit per address', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '2' });
  });
  afterAll(async () => t?.close());

  it('answers 429 with Retry-After once an address has sent its share, stores nothing, and counts each address apart', async () => {
    const [date] = openDates(t.registry.byCode('RRB')!, 1);
    const [treatment] = (await t.app.inject({ url: '/api/treatments/list?client=RRB' })).json<
      Treatment[]
    >();
    const send = (time: string, remoteAddress = '203.0.113.7') =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings/create?client=RRB',
        remoteAddress,
        payload: {
          totalPrice: treatment!.Price,
          totalDuration: treatment!.Duration,
          startTime: `${date} ${time}:00`,
          endTime: `${date} 12:00:00`,
          customer,
          treatments: [treatment],
        },
      });
    expect((await send('10:00')).statusCode).toBe(200);
    expect((await send('not a time')).statusCode).toBe(400); // every request counts
    const refused = await send('11:00');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(
      /^Too many booking requests from your address\. Please try again in .+, or call us to book\.$/,
    );
    const stored = await t.handle.db
      .selectFrom('bookings')
      .select('start_minute')
      .where('client_code', '=', 'RRB')
      .where('booking_date', '=', date!)
      .execute();
    expect(stored).toHaveLength(1);
    expect((await send('11:00', '203.0.113.8')).statusCode).toBe(200);
  });
});
