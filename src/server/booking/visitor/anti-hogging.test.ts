import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { addDays, splitStartTime, type Treatment } from '../../../common/booking.js';
import type { BookingRules } from '../../../common/booking-rules.js';
import { findBookedIntervalsBetween } from '../booking-store.js';
import { describeEachDatabase } from '../../../../tests/support/each-database.js';
import { freeBookingRequest } from '../../../../tests/support/booking-request.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { listDiaryBookings } from '../diary/diary-store.js';
import { confirmHeldBooking } from './booking-holds.js';
import { holdReleasedReason, releaseExpiredHolds } from './booking-holds-store.js';
import { findAvailableTimes, placeBooking } from '../booking-service.js';

const sameSite = {
  host: 'localhost',
  origin: 'http://localhost',
  'x-requested-with': 'highstreet',
};

/**
 * Issue 17's anti-hogging caps (one booking's length, bookings per address and day) and
 * unconfirmed holds for new customers, through the HTTP API on both databases; the hold's
 * expiry with an injected clock, as the services take `now`.
 */
describeEachDatabase('anti-hogging caps and unconfirmed holds (issue 17)', (kind) => {
  let t: TestApp;
  let seeded: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
    seeded = (
      await t.handle.db
        .selectFrom('booking_rules')
        .select('rules')
        .where('client_code', '=', 'RRB')
        .executeTakeFirstOrThrow()
    ).rules;
  });
  afterAll(async () => t?.close());
  afterEach(async () => setRules({}));

  /** The seeded rules with these settings changed, as the owner's screen would save them. */
  async function setRules(changes: Partial<BookingRules>) {
    await t.handle.db
      .updateTable('booking_rules')
      .set({ rules: JSON.stringify({ ...JSON.parse(seeded), ...changes }) })
      .where('client_code', '=', 'RRB')
      .execute();
    t.changes.clientChanged('RRB');
  }
  const create = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      headers: { host: 'localhost' },
      payload,
    });
  const timesOn = async (bookingDate: string, estmatedDuration: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/bookings/time?client=RRB',
        payload: { bookingDate, estmatedDuration },
      })
    ).json<string[]>();
  const rowOf = (id: number) =>
    t.handle.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const outboxKeys = async (id: number) =>
    (
      await t.handle.db
        .selectFrom('outbox')
        .select('idempotency_key')
        .where('idempotency_key', 'like', `booking-${id}-%`)
        .orderBy('id')
        .execute()
    ).map((r) => r.idempotency_key);
  /**
   * A booking request for this address on the first free time of an open day `weeks` weeks
   * after freeBookingRequest's day (each test its own day, so they do not fill one day up).
   */
  async function requestInWeek(weeks: number, email: string): Promise<Record<string, unknown>> {
    const template = await freeBookingRequest(t, { email });
    const { date } = splitStartTime(template.startTime as string);
    for (let w = weeks; w < weeks + 4; w++) {
      const day = addDays(date, 7 * w);
      const times = await timesOn(day, template.totalDuration as number);
      if (times.length > 0) return { ...template, startTime: `${day} ${times[0]}:00` };
    }
    throw new Error('no open day found');
  }
  /** Start times on the date at least `gap` minutes apart, so bookings there never overlap. */
  const spacedTimes = (times: string[], gap: number) => {
    const minute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    const picked: string[] = [];
    for (const time of times) {
      if (picked.every((p) => Math.abs(minute(p) - minute(time)) >= gap)) picked.push(time);
    }
    return picked;
  };

  it('refuses an online booking longer than maxBookingMinutes with 422 saying whom to call', async () => {
    const body = await requestInWeek(1, 'long@example.com');
    await setRules({ maxBookingMinutes: 15 });
    const refused = await create(body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(
      /^Ruby Rose Beauty takes bookings of up to 15 min(utes)? online.*please (call|e-mail)/,
    );
    // Within the cap it goes through.
    await setRules({ maxBookingMinutes: 240 });
    expect((await create(body)).statusCode).toBe(200);
  });

  it('counts bookings per e-mail address and day, in any case, leaving out cancelled ones', async () => {
    await setRules({ maxBookingsPerEmailPerDay: 2 });
    const first = await requestInWeek(2, 'Twice@Example.com');
    const firstAnswer = await create(first);
    expect(firstAnswer.statusCode).toBe(200);
    expect((await create(await requestInWeek(2, 'twice@example.com '))).statusCode).toBe(200);
    const third = await requestInWeek(2, 'TWICE@example.COM');
    const refused = await create(third);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('as many as we take online for one day');
    // Another address is not affected.
    expect((await create(await requestInWeek(2, 'else@example.com'))).statusCode).toBe(200);
    // A cancelled booking no longer counts.
    await t.handle.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', firstAnswer.json().data.ID)
      .execute();
    expect((await create(await requestInWeek(2, 'twice@example.com'))).statusCode).toBe(200);
  });

  it('lets only one of several concurrent requests from one address through when the cap is 1', async () => {
    await setRules({ maxBookingsPerEmailPerDay: 1 });
    const template = await requestInWeek(3, 'racer.cap@example.com');
    const day = splitStartTime(template.startTime as string).date;
    const duration = template.totalDuration as number;
    const times = spacedTimes(await timesOn(day, duration), duration + 60).slice(0, 5);
    expect(times.length).toBe(5);
    const answers = await Promise.all(
      times.map((time) => create({ ...template, startTime: `${day} ${time}:00` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toContain('as many as we take online for one day');
    }
    const stored = (await listDiaryBookings(t.handle.db, 'RRB', day, day)).filter(
      (b) => b.customer.email === 'racer.cap@example.com' && b.status === 'booked',
    );
    expect(stored).toHaveLength(1);
  });

  it('applies both caps when a visitor moves a booking through the manage link', async () => {
    const body = await requestInWeek(4, 'mover.cap@example.com');
    const made = await create(body);
    expect(made.statusCode).toBe(200);
    const id = made.json().data.ID as number;
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select('text')
      .where('idempotency_key', '=', `booking-${id}-customer`)
      .executeTakeFirstOrThrow();
    const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const { date } = splitStartTime(body.startTime as string);
    const duration = body.totalDuration as number;
    // Another open day with free times, a week or more later (never the booking's own day: near
    // a closure two weeks' first open days can be one and the same).
    let other = date;
    for (let weeks = 1; other === date && weeks < 8; weeks++) {
      const candidate = addDays(date, 7 * weeks);
      if ((await timesOn(candidate, duration)).length > 0) other = candidate;
    }
    expect(other).not.toBe(date);
    const [busyTime, freeTime] = spacedTimes(await timesOn(other, duration), duration + 60);
    // The address already has its one booking for the other day.
    await setRules({ maxBookingsPerEmailPerDay: 1 });
    expect((await create({ ...body, startTime: `${other} ${busyTime}:00` })).statusCode).toBe(200);
    const move = (startTime: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/manage/${token}/move?client=RRB`,
        headers: sameSite,
        payload: { startTime },
      });
    const refused = await move(`${other} ${freeTime}:00`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('as many as we take online for one day');
    // On its own day it does not count against itself.
    const sameDay = (await timesOn(date, duration)).find((x) => x !== body.startTime);
    expect((await move(`${date} ${sameDay}:00`)).statusCode).toBe(200);
    await setRules({ maxBookingMinutes: 15 });
    expect((await move(`${other} ${freeTime}:00`)).statusCode).toBe(422);
  });

  it('holds a new customer’s booking until confirmed; the hold frees its slot after the window', async () => {
    await setRules({ confirmNewCustomersMinutes: 30 });
    const body = await requestInWeek(6, 'new.customer@example.com');
    const made = await create(body);
    expect(made.statusCode).toBe(200);
    const data = made.json().data as { ID: number; confirmBy: string; startTime: string };
    const { date } = splitStartTime(data.startTime);
    const start = data.startTime.slice(11, 16);
    const row = await rowOf(data.ID);
    expect(row.status).toBe('pending');
    expect(row.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.manage_token_hash).toBeNull();
    const heldUntil = Date.parse(row.held_until!);
    expect(heldUntil).toBe(Date.parse(data.confirmBy));
    expect(heldUntil - Date.now()).toBeGreaterThan(29 * 60_000);
    // Only the customer hears of it, with the confirm link; no business e-mail, no reminder yet.
    expect(await outboxKeys(data.ID)).toEqual([`booking-${data.ID}-confirm-request`]);
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select('text')
      .where('idempotency_key', '=', `booking-${data.ID}-confirm-request`)
      .executeTakeFirstOrThrow();
    const token = /\/booking\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect(row.confirm_token_hash).not.toContain(token);

    // The hold takes its time, and the diary shows it as pending.
    expect(await timesOn(date, body.totalDuration as number)).not.toContain(start);
    const [inDiary] = (await listDiaryBookings(t.handle.db, 'RRB', date, date)).filter(
      (b) => b.id === data.ID,
    );
    expect(inDiary).toMatchObject({ status: 'pending', heldUntil: row.held_until });

    // 31 minutes on: the time is free again before any sweep, and the link answers clearly.
    const later = new Date(Date.now() + 31 * 60_000);
    const client = t.registry.byCode('RRB')!;
    const context = {
      db: t.handle.db,
      dbKind: t.handle.kind,
      client,
      mailFrom: t.config.mailFrom,
      now: later,
      origin: 'http://localhost',
      changes: t.changes,
    };
    const freeLater = await findAvailableTimes(context, {
      bookingDate: date,
      estmatedDuration: body.totalDuration as number,
    });
    expect(freeLater).toContain(start);
    // The month view counts the hold the same way: taken now, not after the window.
    const heldMinute = Number(start.slice(0, 2)) * 60 + Number(start.slice(3));
    const heldIn = async (at: Date) =>
      ((await findBookedIntervalsBetween(t.handle.db, 'RRB', date, date, at)).get(date) ?? []).some(
        (interval) => interval.startMinute === heldMinute,
      );
    expect(await heldIn(new Date())).toBe(true);
    expect(await heldIn(later)).toBe(false);
    await expect(confirmHeldBooking(context, token)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('not confirmed in time'),
    });
    expect((await rowOf(data.ID)).status).toBe('pending');

    // The sweep releases it once, even when two instances sweep at the same moment.
    const swept = await Promise.all([
      releaseExpiredHolds(t.handle.db, later),
      releaseExpiredHolds(t.handle.db, later),
    ]);
    expect(swept[0] + swept[1]).toBe(1);
    expect(await releaseExpiredHolds(t.handle.db, later)).toBe(0);
    expect(await rowOf(data.ID)).toMatchObject({
      status: 'cancelled',
      cancel_reason: holdReleasedReason,
    });
    const expired = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/confirm/${token}?client=RRB`,
      headers: sameSite,
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toContain('not confirmed in time, so its time was released');
  });

  it('confirms by the link (POST, same site only): the booking’s e-mails and reminder follow; existing customers never wait', async () => {
    await setRules({ confirmNewCustomersMinutes: 30 });
    const body = await requestInWeek(7, 'Confirmer@example.com');
    const made = await create(body);
    const id = made.json().data.ID as number;
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select('text')
      .where('idempotency_key', '=', `booking-${id}-confirm-request`)
      .executeTakeFirstOrThrow();
    const token = /\/booking\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const confirm = (headers: Record<string, string> = sameSite, link = token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/confirm/${link}?client=RRB`,
        headers,
      });
    expect((await confirm({ host: 'localhost', origin: 'http://evil.example' })).statusCode).toBe(
      403,
    );
    expect((await confirm(sameSite, 'B'.repeat(43))).statusCode).toBe(404);
    expect((await confirm(sameSite, 'short')).statusCode).toBe(400);
    // Another client's site does not know the link.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/bookings/confirm/${token}?client=SE`,
          headers: sameSite,
        })
      ).statusCode,
    ).not.toBe(200);

    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ alreadyConfirmed: false });
    expect((await rowOf(id)).status).toBe('booked');
    expect((await rowOf(id)).manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await outboxKeys(id)).toEqual([
      `booking-${id}-confirm-request`,
      `booking-${id}-business`,
      `booking-${id}-customer`,
      `booking-${id}-reminder-0`,
    ]);
    const toCustomer = await t.handle.db
      .selectFrom('outbox')
      .select(['text', 'ical'])
      .where('idempotency_key', '=', `booking-${id}-customer`)
      .executeTakeFirstOrThrow();
    expect(toCustomer.text).toMatch(/\/booking\/manage\/[A-Za-z0-9_-]{43}/);
    expect(JSON.parse(toCustomer.ical!)).toMatchObject({ method: 'REQUEST' });
    // A second click changes nothing.
    const again = await confirm();
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ alreadyConfirmed: true });
    expect(await outboxKeys(id)).toHaveLength(4);

    // Now an existing customer (any case): booked at once, no confirmation asked.
    const next = await create(await requestInWeek(7, 'confirmer@EXAMPLE.com'));
    expect(next.statusCode).toBe(200);
    expect(next.json().data.confirmBy).toBeUndefined();
    expect((await rowOf(next.json().data.ID as number)).status).toBe('booked');
    // With the setting off (the default), a new address is booked at once as before.
    await setRules({});
    const plain = await create(await requestInWeek(7, 'plain.new@example.com'));
    expect((await rowOf(plain.json().data.ID as number)).status).toBe('booked');
  });

  it('the owner can book past the caps by phone', async () => {
    await setRules({ maxBookingMinutes: 15, maxBookingsPerEmailPerDay: 1 });
    const body = await requestInWeek(8, 'regular@example.com');
    const [treatment] = (await t.app.inject({ url: '/api/treatments/list?client=RRB' })).json<
      Treatment[]
    >();
    const context = {
      db: t.handle.db,
      dbKind: t.handle.kind,
      client: t.registry.byCode('RRB')!,
      mailFrom: t.config.mailFrom,
      now: new Date(),
    };
    const customer = {
      name: 'Regular',
      email: 'regular@example.com',
      telephone: '',
      doorNo: '',
      postCode: '',
      marketing: false,
    };
    const { date } = splitStartTime(body.startTime as string);
    const times = spacedTimes(await timesOn(date, treatment!.Duration), treatment!.Duration + 60);
    for (const time of times.slice(0, 2)) {
      await expect(
        placeBooking(context, {
          startTime: `${date} ${time}:00`,
          treatmentIds: [treatment!.ID],
          customer,
          source: 'phone',
          consentVersion: 'owner-phone',
        }),
      ).resolves.toMatchObject({ customer: { email: 'regular@example.com' } });
    }
    // Online, the same address is over both caps.
    const online = await create({ ...body, startTime: `${date} ${times[2]}:00` });
    expect([409, 422]).toContain(online.statusCode);
  });
});
