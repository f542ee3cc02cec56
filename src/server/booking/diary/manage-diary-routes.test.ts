import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayInTimeZone } from '../../../common/booking.js';
import type { VersionedBookingRules } from '../../../common/booking-rules.js';
import { weekdays } from '../../../common/client-config.js';
import type { Diary, DiaryBooking, ManageMenu } from '../../../common/diary.js';
import { describeEachDatabase } from '../../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';

type Method = 'GET' | 'POST' | 'PUT';

describeEachDatabase("the owner's diary, rules and menu API", (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let se: OwnerSession;
  let date: string;
  let rrbBooking: DiaryBooking;

  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
    const client = t.registry.byCode('RRB')!;
    const today = todayInTimeZone(client.timeZone);
    for (let ahead = 3; ; ahead++) {
      date = addDays(today, ahead);
      const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
      if (client.booking!.openingHours[weekday] && !client.booking!.closedDates.includes(date)) {
        break;
      }
    }
    const res = await call(rrb, 'POST', '/api/manage/bookings', {
      source: 'phone',
      startTime: `${date} 10:00:00`,
      customer: { name: 'Phone Customer', telephone: '01506 222222' },
      treatmentIds: [2],
    });
    expect(res.statusCode).toBe(201);
    rrbBooking = res.json<DiaryBooking>();
  });
  afterAll(async () => t?.close());

  const call = (
    session: Pick<OwnerSession, 'headers'> | undefined,
    method: Method,
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(session?.headers ?? { host: 'rrb.localhost' }), ...headers },
      ...(payload ? { payload } : {}),
    });

  /** Every route of the plugin, with a body that would pass validation. */
  const routes = (): Array<[Method, string, object?]> => [
    ['GET', `/api/manage/diary?date=${date}&view=week`],
    ['GET', `/api/manage/bookings/${rrbBooking.id}`],
    ['POST', `/api/manage/bookings/${rrbBooking.id}/cancel`, { message: 'x' }],
    [
      'POST',
      '/api/manage/bookings',
      {
        source: 'walk-in',
        startTime: `${date} 15:00:00`,
        customer: { name: 'X' },
        treatmentIds: [2],
      },
    ],
    ['GET', `/api/manage/bookings/${rrbBooking.id}/move-times?date=${date}`],
    ['POST', `/api/manage/bookings/${rrbBooking.id}/move`, { startTime: `${date} 15:00:00` }],
    ['POST', `/api/manage/bookings/${rrbBooking.id}/cancel-preview`, { message: 'x' }],
    ['POST', '/api/manage/closing/affected', { from: date, to: date }],
    ['POST', '/api/manage/closing/cancel', { from: date, to: date, bookingIds: [1] }],
    ['GET', '/api/manage/booking-rules'],
    ['PUT', '/api/manage/booking-rules', { version: 1, rules: {} }],
    ['GET', '/api/manage/menu'],
    ['POST', '/api/manage/categories', { name: 'X' }],
    ['PUT', '/api/manage/categories/order', { ids: [1] }],
    ['PUT', '/api/manage/categories/1', { name: 'X' }],
    ['PUT', '/api/manage/categories/1/active', { active: false }],
    ['PUT', '/api/manage/categories/1/treatments/order', { ids: [1] }],
    ['POST', '/api/manage/treatments', { name: 'X', price: 1, duration: 10, categoryId: 1 }],
    ['PUT', '/api/manage/treatments/1', { name: 'X', price: 1, duration: 10, categoryId: 1 }],
    ['PUT', '/api/manage/treatments/1/active', { active: false }],
  ];

  it('shows the diary, takes and cancels bookings, edits rules and the menu, and audits each change', async () => {
    const diary = (await call(rrb, 'GET', `/api/manage/diary?date=${date}`)).json<Diary>();
    expect(diary.days[0]!.bookings).toEqual([rrbBooking]);
    expect(rrbBooking).toMatchObject({ source: 'phone', start: '10:00', status: 'booked' });

    // The same slot again: the same 409 an online visitor gets.
    const again = await call(rrb, 'POST', '/api/manage/bookings', {
      source: 'phone',
      startTime: `${date} 10:00:00`,
      customer: { name: 'Second Caller' },
      treatmentIds: [2],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('10:00'),
    });

    const rules = (
      await call(rrb, 'GET', '/api/manage/booking-rules')
    ).json<VersionedBookingRules>();
    const saved = await call(rrb, 'PUT', '/api/manage/booking-rules', {
      version: rules.version,
      rules: { ...rules.rules, bufferMinutes: 10 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<VersionedBookingRules>()).toMatchObject({
      version: rules.version + 1,
      rules: { bufferMinutes: 10 },
    });
    const stale = await call(rrb, 'PUT', '/api/manage/booking-rules', rules);
    expect(stale.statusCode).toBe(409);

    const added = await call(rrb, 'POST', '/api/manage/treatments', {
      name: 'Express Facial',
      description: 'Twenty minutes',
      price: 19.99,
      duration: 20,
      categoryId: 1,
    });
    expect(added.statusCode).toBe(201);
    const treatment = added
      .json<ManageMenu>()
      .treatments.find((tr) => tr.name === 'Express Facial')!;
    expect(treatment).toMatchObject({ price: 19.99, duration: 20, active: true });
    const off = await call(rrb, 'PUT', `/api/manage/treatments/${treatment.id}/active`, {
      active: false,
    });
    expect(off.json<ManageMenu>().treatments.find((tr) => tr.id === treatment.id)!.active).toBe(
      false,
    );

    const cancelled = await call(rrb, 'POST', `/api/manage/bookings/${rrbBooking.id}/cancel`, {
      message: 'Closed for a burst pipe',
      internalNote: 'Plumber booked for Tuesday',
    });
    expect(cancelled.json<DiaryBooking>()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Cancelled by the salon',
      cancelMessage: 'Closed for a burst pipe',
      internalNote: 'Plumber booked for Tuesday',
    });

    const audit = JSON.stringify((await call(rrb, 'GET', '/api/manage/audit')).json());
    for (const action of [
      'booking.add',
      'booking-rules.update',
      'treatment.add',
      'treatment.deactivate',
      'booking.cancel',
    ]) {
      expect(audit).toContain(action);
    }
  });

  it('refuses bad input with 400 and a message naming the field', async () => {
    const cases: Array<[Method, string, object | undefined, string]> = [
      ['GET', '/api/manage/diary?date=2026-02-30', undefined, 'date: is not a real calendar date'],
      [
        'GET',
        '/api/manage/diary?date=2026-12-01&view=month',
        undefined,
        'view must be day or week',
      ],
      ['GET', '/api/manage/bookings/abc', undefined, 'the id must be a number'],
      [
        'PUT',
        '/api/manage/booking-rules',
        { version: 1, rules: { weeklyHours: {}, closures: [] } },
        'rules.weeklyHours.sun',
      ],
      [
        'POST',
        '/api/manage/treatments',
        { name: 'Cheap', price: 1.234, duration: 10, categoryId: 1 },
        'at most two decimals',
      ],
      ['POST', '/api/manage/bookings', { source: 'email' }, 'source must be phone or walk-in'],
      ['PUT', '/api/manage/categories/order', { ids: [1, 1] }, 'each id can appear only once'],
    ];
    for (const [method, url, payload, message] of cases) {
      const res = await call(rrb, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });

  it('answers 401 on every route without a session, and 403 to a change from another site', async () => {
    for (const [method, url, payload] of routes()) {
      const res = await call(undefined, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
    const crossSite = await call(
      rrb,
      'POST',
      `/api/manage/bookings/${rrbBooking.id}/cancel`,
      {},
      {
        origin: 'https://evil.example',
      },
    );
    expect(crossSite.statusCode).toBe(403);
    const noHeader = await call(
      rrb,
      'PUT',
      '/api/manage/treatments/1/active',
      { active: false },
      {
        'x-requested-with': '',
      },
    );
    expect(noHeader.statusCode).toBe(403);
  });

  it("refuses an RRB owner on SE's host (403) and SE's owner guessing RRB's ids (404)", async () => {
    const rrbOnSeHost = {
      headers: { ...rrb.headers, host: se.headers.host!, origin: se.headers.origin! },
    };
    for (const [method, url, payload] of routes()) {
      const res = await call(rrbOnSeHost, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
    const guesses: Array<[Method, string, object?]> = [
      ['GET', `/api/manage/bookings/${rrbBooking.id}`],
      ['POST', `/api/manage/bookings/${rrbBooking.id}/cancel`, {}],
      ['PUT', '/api/manage/categories/1', { name: 'Taken over' }],
      ['PUT', '/api/manage/categories/1/active', { active: false }],
      [
        'PUT',
        '/api/manage/treatments/1',
        { name: 'Taken over', price: 1, duration: 10, categoryId: 1 },
      ],
      ['PUT', '/api/manage/treatments/1/active', { active: false }],
      ['PUT', '/api/manage/categories/1/treatments/order', { ids: [1] }],
    ];
    for (const [method, url, payload] of guesses) {
      const res = await call(se, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
    // SE's own diary and menu are empty; SE takes no bookings, so it has no rules.
    const seDiary = (
      await call(se, 'GET', `/api/manage/diary?date=${date}&view=week`)
    ).json<Diary>();
    expect(seDiary.days.flatMap((d) => d.bookings)).toEqual([]);
    expect((await call(se, 'GET', '/api/manage/menu')).json()).toEqual({
      categories: [],
      treatments: [],
    });
    expect((await call(se, 'GET', '/api/manage/booking-rules')).statusCode).toBe(404);
    // RRB's data is untouched.
    const menu = (await call(rrb, 'GET', '/api/manage/menu')).json<ManageMenu>();
    expect(menu.categories.find((c) => c.id === 1)).toMatchObject({ name: 'Nails', active: true });
    expect(menu.treatments.find((tr) => tr.id === 1)).toMatchObject({
      name: 'Gel Manicure',
      active: true,
    });
  });
});
