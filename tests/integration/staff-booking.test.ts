import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInTimeZone, type Treatment } from '../../src/common/booking.js';
import type { StaffList } from '../../src/common/staff.js';
import { pricingsOf, totalsRange } from '../../src/common/therapist-prices.js';
import { insertStaffMember } from '../../src/server/staff/staff-store.js';
import {
  loadBookingRules,
  saveBookingRules,
} from '../../src/server/booking/booking-rules-store.js';
import { describeEachDatabase } from '../support/each-database.js';
import { bookingCustomer } from '../support/booking-request.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { withoutPatchTests } from '../support/patch-tests.js';

/**
 * The salon as its people (issue 32), through the public API on both databases: the staff list,
 * a named therapist or any, bad staff ids, and no double booking of a therapist under concurrency.
 * RRB's seed has three therapists (seed/staff.json): Eilidh (nails, waxing; Tue-Sat all day),
 * Morven (waxing, lashes and brows, facials; Tue-Sat with a break at 13:00) and Kirsty (gel
 * nails, facials, massage; Wed-Sat).
 */
describeEachDatabase('booking with staff', (kind) => {
  let t: TestApp;
  let staff: StaffList;
  let treatments: Treatment[];
  const idOf = (name: string) => staff.find((m) => m.name.startsWith(name))!.id;

  /** The next `count` dates from a few days ahead on these weekdays (0 = Sunday). */
  function datesOn(weekdays: number[], count: number, skip = 0): string[] {
    const today = todayInTimeZone('Europe/London');
    const found: string[] = [];
    for (let ahead = 3; found.length < count + skip; ahead++) {
      const date = addDays(today, ahead);
      const closed = ['2026-12-25', '2026-12-26', '2027-01-01'].includes(date);
      if (!closed && weekdays.includes(new Date(`${date}T12:00:00Z`).getUTCDay())) found.push(date);
    }
    return found.slice(skip);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
    await withoutPatchTests(t);
    // Three rooms and a nail bar: the salon's capacity no longer limits three therapists.
    const loaded = (await loadBookingRules(t.handle.db, t.registry.byCode('RRB')!))!;
    await saveBookingRules(
      t.handle.db,
      'RRB',
      { ...loaded.rules, capacity: 3 },
      loaded.version,
      new Date(),
    );
    t.changes.clientChanged('RRB');
    staff = (await t.app.inject({ url: '/api/staff/list?client=RRB' })).json<StaffList>();
    treatments = (await t.app.inject({ url: '/api/treatments/list?client=RRB' })).json<
      Treatment[]
    >();
  });
  afterAll(async () => t?.close());

  const create = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/bookings/create?client=RRB', payload: body });
  const booking = (date: string, time: string, ids: number[], extra: object = {}, n = 0) => ({
    startTime: `${date} ${time}:00`,
    customer: {
      ...bookingCustomer,
      email: `staff${n}.${date}.${time.replace(':', '')}@example.com`,
    },
    treatments: ids.map((ID) => treatments.find((tr) => tr.ID === ID)!),
    ...extra,
  });
  const times = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/bookings/time?client=RRB', payload });

  it('lists the active staff with their treatments, per client', async () => {
    expect(staff.map((m) => m.name)).toEqual(['Eilidh Fraser', 'Morven Taylor', 'Kirsty Paterson']);
    expect(staff[0]).toMatchObject({ photo: null, treatmentIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(staff.every((m) => m.bio.length > 0)).toBe(true);
    // Every treatment on offer has someone who performs it.
    for (const tr of treatments.filter((x) => x.Active)) {
      expect(staff.some((m) => m.treatmentIds.includes(tr.ID))).toBe(true);
    }
    const other = await t.app.inject({ url: '/api/staff/list?client=SE' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual([]);
  });

  it('refuses a bad staffId with 400 and issues, never 5xx', async () => {
    const [date] = datesOn([3], 1);
    const cases: Array<[Promise<{ statusCode: number; json: () => unknown }>, string]> = [
      [times({ bookingDate: date, estmatedDuration: 60, staffId: 'abc' }), 'staffId'],
      [times({ bookingDate: date, estmatedDuration: 60, staffId: 0 }), 'staffId'],
      [times({ bookingDate: date, estmatedDuration: 60, staffId: 99_999 }), 'staffId'],
      // Kirsty does not do lash lifts.
      [
        times({
          bookingDate: date,
          estmatedDuration: 60,
          staffId: idOf('Kirsty'),
          treatmentIds: [11],
        }),
        'staffId',
      ],
      [
        t.app.inject({
          url: `/api/bookings/free-days?client=RRB&month=${date!.slice(0, 7)}&estmatedDuration=60&staffId=-1`,
        }),
        'staffId',
      ],
      [
        t.app.inject({
          url: `/api/bookings/free-days?client=RRB&month=${date!.slice(0, 7)}&estmatedDuration=60&staffId=99999`,
        }),
        'staffId',
      ],
      [create(booking(date!, '10:00', [1], { staffId: 99_999 })), 'staffId'],
      [create(booking(date!, '10:00', [11], { staffId: idOf('Eilidh') })), 'staffId'],
      [create(booking(date!, '10:00', [1], { staffId: '1x' })), 'staffId'],
    ];
    for (const [request, path] of cases) {
      const res = await request;
      expect(res.statusCode).toBe(400);
      const body = res.json() as { issues: Array<{ path: string }> };
      expect(body.issues.map((i) => i.path)).toContain(path);
    }
    // A client without staff takes no staffId.
    const pi = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/time?client=PI',
      payload: { bookingDate: date, estmatedDuration: 60, staffId: 1 },
    });
    expect(pi.statusCode).toBeLessThan(500);
  });

  it("offers a named therapist's own hours, and any therapist's together", async () => {
    const [tuesday] = datesOn([2], 1);
    const [wednesday] = datesOn([3], 1);
    // Kirsty does not work on Tuesdays.
    const kirstyTue = await times({
      bookingDate: tuesday,
      estmatedDuration: 60,
      staffId: idOf('Kirsty'),
    });
    expect(kirstyTue.json()).toEqual([]);
    // Morven breaks at 13:00-13:30: no hour-long lash lift from 12:15 to 13:15.
    const morven = (
      await times({
        bookingDate: wednesday,
        estmatedDuration: 60,
        staffId: idOf('Morven'),
        treatmentIds: [11],
      })
    ).json<string[]>();
    expect(morven).toContain('12:00');
    expect(morven).not.toContain('12:15');
    expect(morven).toContain('13:30');
    expect(morven.at(-1)).toBe('16:30');
    // Lash lifts with anyone: only Morven does them.
    const anyLash = (
      await times({ bookingDate: wednesday, estmatedDuration: 60, treatmentIds: [11] })
    ).json<string[]>();
    expect(anyLash).toEqual(morven);
    // The month view follows: Kirsty has no free Tuesday, and Sundays are closed.
    const month = (
      await t.app.inject({
        url: `/api/bookings/free-days?client=RRB&month=${tuesday!.slice(0, 7)}&estmatedDuration=60&staffId=${idOf('Kirsty')}`,
      })
    ).json<{ days: Array<{ date: string; state: string }> }>();
    const day = month.days.find((d) => d.date === tuesday)!;
    expect(day.state).toBe('full');
  });

  it('books a named therapist, names them in the answer and the e-mails, and assigns "any" fairly', async () => {
    const [date] = datesOn([5], 1);
    const named = await create(booking(date!, '10:00', [15], { staffId: idOf('Kirsty') }));
    expect(named.statusCode).toBe(200);
    expect(named.json().data.staff).toEqual({ id: idOf('Kirsty'), name: 'Kirsty Paterson' });
    const stored = await t.handle.db
      .selectFrom('bookings')
      .select(['staff_id', 'reference'])
      .where('id', '=', named.json().data.ID)
      .executeTakeFirstOrThrow();
    expect(stored.staff_id).toBe(idOf('Kirsty'));
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select(['text', 'ical'])
      .where('client_code', '=', 'RRB')
      .where('mail_to', 'like', '%staff0.%')
      .where('text', 'like', `%${stored.reference}%`)
      .execute();
    expect(mail.length).toBeGreaterThan(0);
    for (const m of mail) expect(m.text).toContain('Kirsty Paterson');
    expect(mail.some((m) => m.ical?.includes('Kirsty Paterson'))).toBe(true);

    // Facials: Morven and Kirsty. Kirsty has one booking today, so "any" goes to Morven first…
    const first = await create(booking(date!, '14:00', [15], {}, 1));
    expect(first.json().data.staff.name).toBe('Morven Taylor');
    // …then both have one: display order, Morven again, at another time.
    const second = await create(booking(date!, '15:00', [15], {}, 2));
    expect(second.json().data.staff.name).toBe('Morven Taylor');
    // Now Morven has two: Kirsty.
    const third = await create(booking(date!, '16:00', [15], {}, 3));
    expect(third.json().data.staff.name).toBe('Kirsty Paterson');
  });

  it('moves a booking only to a time its therapist works and is free', async () => {
    const [date] = datesOn([5], 1, 1);
    const sameSite = {
      host: 'localhost',
      origin: 'http://localhost',
      'x-requested-with': 'highstreet',
    };
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      headers: { host: 'localhost' },
      payload: booking(date!, '10:00', [11], { staffId: idOf('Morven') }, 7),
    });
    expect(made.statusCode).toBe(200);
    const other = await create(booking(date!, '12:00', [11], { staffId: idOf('Morven') }, 8));
    expect(other.statusCode).toBe(200);
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select('text')
      .where('idempotency_key', '=', `booking-${made.json().data.ID}-customer`)
      .executeTakeFirstOrThrow();
    const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const move = (time: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/manage/${token}/move?client=RRB`,
        headers: sameSite,
        payload: { startTime: `${date} ${time}:00` },
      });
    // Morven is booked at 12:00 (the salon has room: capacity 3), and breaks at 13:00.
    expect((await move('12:00')).statusCode).toBe(409);
    expect((await move('12:45')).statusCode).toBe(400);
    const moved = await move('14:00');
    expect(moved.statusCode).toBe(200);
    const row = await t.handle.db
      .selectFrom('bookings')
      .select(['staff_id', 'start_minute'])
      .where('id', '=', made.json().data.ID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ staff_id: idOf('Morven'), start_minute: 14 * 60 });
  });

  describe('under concurrency', () => {
    it('lets exactly one of many requests for one time with one named therapist through', async () => {
      const [date] = datesOn([6], 1);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          create(booking(date!, '11:00', [7], { staffId: idOf('Morven') }, i)),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const rows = await t.handle.db
        .selectFrom('bookings')
        .select('staff_id')
        .where('client_code', '=', 'RRB')
        .where('booking_date', '=', date!)
        .execute();
      expect(rows).toEqual([{ staff_id: idOf('Morven') }]);
      // Eilidh, who also waxes, is still free then.
      const left = (
        await times({ bookingDate: date, estmatedDuration: 15, treatmentIds: [7] })
      ).json<string[]>();
      expect(left).toContain('11:00');
    });

    it('with any therapist, lets through exactly as many as could take the time', async () => {
      const [waxDay, nailDay] = datesOn([6], 2, 1);
      // Eyebrow wax at 11:00: Eilidh and Morven.
      const wax = await Promise.all(
        Array.from({ length: 20 }, (_, i) => create(booking(waxDay!, '11:00', [7], {}, i))),
      );
      expect(wax.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect(wax.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
      const names = wax
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().data.staff.name)
        .sort();
      expect(names).toEqual(['Eilidh Fraser', 'Morven Taylor']);
      // Gel manicure at 10:30: Eilidh and Kirsty; one named request for Eilidh among them.
      const nails = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          create(booking(nailDay!, '10:30', [1], i === 0 ? { staffId: idOf('Eilidh') } : {}, i)),
        ),
      );
      expect(nails.filter((r) => r.statusCode === 200)).toHaveLength(2);
      const rows = await t.handle.db
        .selectFrom('bookings')
        .select('staff_id')
        .where('client_code', '=', 'RRB')
        .where('booking_date', '=', nailDay!)
        .orderBy('staff_id')
        .execute();
      expect(rows.map((r) => r.staff_id)).toEqual(
        [idOf('Eilidh'), idOf('Kirsty')].sort((a, b) => a - b),
      );
    });
  });

  it("names the therapist in a held booking's e-mails once the customer confirms", async () => {
    const loaded = (await loadBookingRules(t.handle.db, t.registry.byCode('RRB')!))!;
    await saveBookingRules(
      t.handle.db,
      'RRB',
      { ...loaded.rules, confirmNewCustomersMinutes: 30 },
      loaded.version,
      new Date(),
    );
    t.changes.clientChanged('RRB');
    const [date] = datesOn([4], 1, 2);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      headers: { host: 'localhost' },
      payload: booking(date!, '15:00', [19], {}, 9),
    });
    expect(made.statusCode).toBe(200);
    const { ID: id, staff: assigned, confirmBy } = made.json().data;
    expect(confirmBy).toBeDefined();
    expect(assigned).toEqual({ id: idOf('Kirsty'), name: 'Kirsty Paterson' });
    const request = await t.handle.db
      .selectFrom('outbox')
      .select('text')
      .where('idempotency_key', '=', `booking-${id}-confirm-request`)
      .executeTakeFirstOrThrow();
    expect(request.text).toContain('with Kirsty Paterson at');
    const token = /\/booking\/confirm\/([A-Za-z0-9_-]{43})/.exec(request.text)![1]!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/confirm/${token}?client=RRB`,
      headers: { host: 'localhost', origin: 'http://localhost', 'x-requested-with': 'highstreet' },
    });
    expect(confirmed.statusCode).toBe(200);
    const sent = await t.handle.db
      .selectFrom('outbox')
      .select(['idempotency_key', 'text', 'ical'])
      .where('idempotency_key', 'in', [
        `booking-${id}-customer`,
        `booking-${id}-business`,
        `booking-${id}-reminder-0`,
      ])
      .execute();
    expect(sent).toHaveLength(3);
    for (const m of sent) expect(m.text).toContain('Kirsty Paterson');
    expect(sent.find((m) => m.ical)?.ical).toContain('with Kirsty Paterson');
  });

  it("lists a therapist's own prices and lengths, and books at them, as the page shows", async () => {
    const isla = await insertStaffMember(
      t.handle.db,
      'RRB',
      {
        name: 'Isla Own',
        bio: 'Nails at her own price.',
        photo: null,
        active: true,
        displayOrder: 9,
        treatments: [
          { treatmentId: 1, durationMinutes: 50, pricePence: 3350 },
          { treatmentId: 2, durationMinutes: null, pricePence: null },
        ],
        hours: (['tue', 'wed', 'thu', 'fri', 'sat'] as const).map((weekday) => ({
          weekday,
          start: '09:00',
          end: '17:00',
        })),
        timeOff: [],
      },
      new Date(),
    );
    t.changes.clientChanged('RRB');
    const listed = (await t.app.inject({ url: '/api/staff/list?client=RRB' })).json<StaffList>();
    const entry = listed.find((m) => m.id === isla)!;
    expect(entry.own).toEqual([{ treatmentId: 1, pricePence: 3350, durationMinutes: 50 }]);
    expect(listed.find((m) => m.name.startsWith('Eilidh'))!.own).toEqual([]);

    const chosen = [1, 2].map((id) => treatments.find((tr) => tr.ID === id)!);
    const [page] = pricingsOf(chosen, [entry]);
    const { low } = totalsRange([page!]);
    const [date] = datesOn([4], 1, 5);
    const made = await create(booking(date!, '09:00', [1, 2], { staffId: isla }, 10));
    expect(made.statusCode, made.body).toBe(200);
    const data = made.json<{ data: { totalPrice: number; totalDuration: number } }>().data;
    expect(data.totalPrice).toBe(low.price);
    expect(data.totalDuration).toBe(low.minutes);
    expect(low.price).toBe(33.5 + chosen[1]!.Price);
  });
});
