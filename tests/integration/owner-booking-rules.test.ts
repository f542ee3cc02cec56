import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayInTimeZone } from '../../src/common/booking.js';
import type { BookingRules, VersionedBookingRules } from '../../src/common/booking-rules.js';
import { managedBookingSchema } from '../../src/common/booking-manage.js';
import { freeBookingRequest } from '../support/booking-request.js';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs, type OwnerSession } from '../support/owner-session.js';
import { jsonLdBlocks, localBusinessShape } from '../support/rich-results.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 29: the owner's booking rules, saved through the back office's API, are what every
 * visitor-facing place says: the opening hours in the pages' structured data, the horizon the
 * booking screens' calendar is given in the page and by the API, and the cut-off the confirmation
 * e-mail names. Pages are cached (production settings), so this also shows that saving the rules
 * drops the cached pages.
 */
describeEachDatabase("the owner's booking rules everywhere", (kind) => {
  let t: TestApp;
  let owner: OwnerSession;
  beforeAll(async () => {
    t = await startTestApp(kind, { NODE_ENV: 'production' });
    owner = await signInAs(t, 'RRB');
  });
  afterAll(async () => t?.close());

  const host = 'rrb.localhost';
  const get = (url: string) => t.app.inject({ url, headers: { host } });
  const pageQueries = (html: string): Array<{ queryKey: unknown[]; data: unknown }> => {
    const block = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html);
    return block ? JSON.parse(block[1]!) : [];
  };
  const embeddedRules = (html: string) =>
    pageQueries(html).find((query) => JSON.stringify(query.queryKey) === '["booking","rules"]')
      ?.data;
  const hoursOn = async (day: 'Thursday' | 'Saturday') => {
    const business = localBusinessShape.parse(jsonLdBlocks((await get('/')).body)[0]);
    return business
      .openingHoursSpecification!.filter((spec) => spec.dayOfWeek.includes(day))
      .map((spec) => `${spec.opens}-${spec.closes}`);
  };
  const saveRules = async (change: (rules: BookingRules) => BookingRules) => {
    const current = (
      await t.app.inject({ url: '/api/manage/booking-rules', headers: owner.headers })
    ).json<VersionedBookingRules>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/manage/booking-rules',
      headers: owner.headers,
      payload: { version: current.version, rules: change(current.rules) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  /** Books a free time and returns the customer's confirmation e-mail and the manage token. */
  const bookAndReadEmail = async (email: string) => {
    const request = await freeBookingRequest(t, { email });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: { host },
      payload: request,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const row = await t.handle.db
      .selectFrom('outbox')
      .select(['text', 'html', 'mail_to as to'])
      .where('client_code', '=', 'RRB')
      .where('template_id', '=', 'booking-customer')
      .where('mail_to', '=', email)
      .executeTakeFirstOrThrow();
    const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(row.text)![1]!;
    return { row, token, startTime: String(request.startTime) };
  };
  /** The hours between the booking's start (its London wall clock read as UTC) and the cut-off. */
  const hoursBefore = (startTime: string, changeUntil: string) =>
    (Date.parse(`${startTime.replace(' ', 'T')}Z`) - Date.parse(changeUntil)) / 3_600_000;
  const londonTime = (iso: string) =>
    new Date(iso).toLocaleString('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    });

  it('structured data, the booking pages and the e-mail follow a change the owner saves', async () => {
    const rrb = t.registry.byCode('RRB')!;
    const today = todayInTimeZone(rrb.timeZone);

    // Before: the rules the seed inserted (the record's), on pages now cached.
    expect(await hoursOn('Thursday')).toEqual(['09:00-20:00']);
    expect(embeddedRules((await get('/booking')).body)).toEqual({ horizonDays: 90 });
    const before = await bookAndReadEmail(`before-${Date.now()}@example.com`);
    const beforeAnswer = managedBookingSchema.parse(
      (await get(`/api/bookings/manage/${before.token}`)).json<{ data: unknown }>().data,
    );
    // The default cut-off, 24 hours (25 in wall-clock terms across a clock change).
    expect([24, 25]).toContain(hoursBefore(before.startTime, beforeAnswer.changeUntil));
    expect(before.row.text).toContain(
      `You can move or cancel your booking online until ${londonTime(beforeAnswer.changeUntil)} with this link:`,
    );

    await saveRules((rules) => ({
      ...rules,
      weeklyHours: {
        ...rules.weeklyHours,
        thu: [
          { start: '09:00', end: '12:30' },
          { start: '13:30', end: '18:00' },
        ],
        sat: [{ start: '10:00', end: '14:00' }],
      },
      horizonDays: 30,
      changeCutoffHours: 48,
    }));

    // The opening hours in every page's structured data: Thursday's break, Saturday's short day.
    expect(await hoursOn('Thursday')).toEqual(['09:00-12:30', '13:30-18:00']);
    expect(await hoursOn('Saturday')).toEqual(['10:00-14:00']);

    // The horizon the booking page's calendar is given, in the page and by the API.
    const bookingPage = await get('/booking');
    expect(bookingPage.statusCode).toBe(200);
    expect(embeddedRules(bookingPage.body)).toEqual({ horizonDays: 30 });
    expect((await get('/api/bookings/rules')).json()).toEqual({ horizonDays: 30 });

    // The last day the calendar offers is the last the server takes; the day after, refused.
    const [treatment] = (await get('/api/treatments/list?activeOnly=1')).json<
      Array<{ Duration: number }>
    >();
    const timesOn = (bookingDate: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bookings/time',
        headers: { host },
        payload: { bookingDate, estmatedDuration: treatment!.Duration },
      });
    const lastOffered = addDays(today, 30);
    expect((await timesOn(lastOffered)).statusCode).toBe(200);
    const beyond = await timesOn(addDays(lastOffered, 1));
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json<{ message: string }>().message).toContain('Bookings open 30 days ahead');

    // The confirmation e-mail names the owner's cut-off, as the manage page does.
    const after = await bookAndReadEmail(`after-${Date.now()}@example.com`);
    const afterAnswer = managedBookingSchema.parse(
      (await get(`/api/bookings/manage/${after.token}`)).json<{ data: unknown }>().data,
    );
    expect([48, 49]).toContain(hoursBefore(after.startTime, afterAnswer.changeUntil));
    const sentence = `You can move or cancel your booking online until ${londonTime(afterAnswer.changeUntil)} with this link:`;
    expect(after.row.text).toContain(sentence);
    expect(after.row.html).toContain(sentence);

    // Moved through its link, the booking's e-mail gives the new time's cut-off, 48 hours too.
    const [date, startTime] = after.startTime.split(' ') as [string, string];
    const free = (await timesOn(date)).json<string[]>();
    const later = free.find((time) => time > startTime.slice(0, 5))!;
    const move = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${after.token}/move`,
      headers: { host, origin: `http://${host}`, 'x-requested-with': 'highstreet' },
      payload: { startTime: `${date} ${later}:00` },
    });
    expect(move.statusCode, move.body).toBe(200);
    const moved = managedBookingSchema.parse(move.json<{ data: unknown }>().data);
    expect([48, 49]).toContain(hoursBefore(`${date} ${later}:00`, moved.changeUntil));
    const movedEmail = await t.handle.db
      .selectFrom('outbox')
      .select('text')
      .where('client_code', '=', 'RRB')
      .where('template_id', '=', 'booking-visitor-moved')
      .where('mail_to', '=', after.row.to)
      .executeTakeFirstOrThrow();
    expect(movedEmail.text).toContain(
      `You can move or cancel it again online until ${londonTime(moved.changeUntil)}:`,
    );

    // The manage page's calendar gets the same horizon in its page.
    expect(embeddedRules((await get(`/booking/manage/${after.token}`)).body)).toEqual({
      horizonDays: 30,
    });
  });

  it('answers 404 for the rules of a client that takes no bookings', async () => {
    const answer = await t.app.inject({
      url: '/api/bookings/rules',
      headers: { host: 'se.localhost' },
    });
    expect(answer.statusCode).toBe(404);
    expect(
      embeddedRules((await t.app.inject({ url: '/', headers: { host: 'se.localhost' } })).body),
    ).toBeUndefined();
  });
});
