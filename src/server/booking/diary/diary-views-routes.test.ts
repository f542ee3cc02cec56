import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayInTimeZone } from '../../../common/booking.js';
import { weekdays } from '../../../common/client-config.js';
import type { BookingSearch, Diary, DiaryBooking, ManageMenu } from '../../../common/diary.js';
import { describeEachDatabase } from '../../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';

/**
 * The diary's views (issue 32) through the owner API on both databases: references, therapists
 * and day totals in the diary, marking a booking completed or no-show (only once it has started,
 * never a cancelled one, never another client's), the marked time staying taken, and search.
 */
describeEachDatabase('the diary’s columns, totals, statuses and search', (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let se: OwnerSession;
  let date: string;
  let yesterday: string;
  let fiona: DiaryBooking;
  let gregor: DiaryBooking;
  let audited: () => Promise<string[]>;

  const call = (session: OwnerSession, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  const book = async (time: string, name: string, telephone: string, email: string) => {
    const res = await call(rrb, 'POST', '/api/manage/bookings', {
      source: 'phone',
      startTime: `${date} ${time}:00`,
      customer: { name, telephone, email },
      treatmentIds: [2],
    });
    expect(res.statusCode).toBe(201);
    return res.json<DiaryBooking>();
  };

  /** Moves a booking to another day behind the app's back (a past one cannot be booked). */
  const moveTo = async (id: number, day: string) => {
    await t.handle.db
      .updateTable('bookings')
      .set({ booking_date: day })
      .where('id', '=', id)
      .execute();
    t.changes.clientChanged('RRB', 'bookings');
  };

  const setStatus = (session: OwnerSession, id: number, status: string) =>
    call(session, 'POST', `/api/manage/bookings/${id}/status`, { status });

  const search = async (session: OwnerSession, q: string) => {
    const res = await call(
      session,
      'GET',
      `/api/manage/bookings/search?q=${encodeURIComponent(q)}`,
    );
    expect(res.statusCode, q).toBe(200);
    return res.json<BookingSearch>().bookings.map((b) => b.id);
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
    const client = t.registry.byCode('RRB')!;
    const today = todayInTimeZone(client.timeZone);
    yesterday = addDays(today, -1);
    for (let ahead = 3; ; ahead++) {
      date = addDays(today, ahead);
      const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
      if (client.booking!.openingHours[weekday] && !client.booking!.closedDates.includes(date)) {
        break;
      }
    }
    fiona = await book('10:00', 'Fiona Quillfeather', '07700 900 555', 'Fiona.Q@Example.com');
    gregor = await book('12:00', 'Gregor Marsh', '0131 496 0000', 'gregor@example.com');
    // Another client's booking of a customer with the same name: never found by RRB's owner.
    await t.handle.db
      .insertInto('bookings')
      .values({
        client_code: 'SE',
        booking_date: date,
        start_minute: 600,
        end_minute: 660,
        total_price_pence: 1000,
        total_duration_minutes: 60,
        customer_name: 'Fiona Quillfeather',
        customer_email: 'fiona.q@example.com',
        customer_telephone: '07700900555',
        customer_door_no: '',
        customer_post_code: '',
        marketing: 0,
        consent_at: new Date().toISOString(),
        consent_version: 'test',
        created_at: new Date().toISOString(),
        reference: 'SEREF234',
      })
      .execute();
    audited = async () =>
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select('action')
          .where('client_code', '=', 'RRB')
          .orderBy('id')
          .execute()
      ).map((row) => row.action);
  });
  afterAll(async () => t?.close());

  it('gives each booking its reference and therapist, the columns, and each day’s totals', async () => {
    expect(fiona.reference).toMatch(/^[0-9A-Z]{8}$/);
    expect(fiona.staff).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    const res = await call(rrb, 'GET', `/api/manage/diary?date=${date}&view=week`);
    expect(res.statusCode).toBe(200);
    const diary = res.json<Diary>();
    expect(diary.staff.map((s) => s.name)).toEqual([
      'Eilidh Fraser',
      'Morven Taylor',
      expect.any(String),
    ]);
    expect(diary.staff.map((s) => s.id)).toContain(fiona.staff!.id);
    const day = diary.days.find((d) => d.date === date)!;
    expect(day.bookings.find((b) => b.id === fiona.id)).toMatchObject({
      reference: fiona.reference,
      staff: fiona.staff,
      status: 'booked',
    });
    const menu = (await call(rrb, 'GET', '/api/manage/menu')).json<ManageMenu>();
    const treatment = menu.treatments.find((tr) => tr.id === 2)!;
    expect(day.totals).toEqual({
      bookings: 2,
      bookedMinutes: 2 * treatment.duration,
      valuePence: 2 * Math.round(treatment.price * 100),
      byStatus: { booked: 2, pending: 0, completed: 0, 'no-show': 0, cancelled: 0 },
    });
    const other = diary.days.find((d) => d.date !== date)!;
    expect(other.totals.bookings).toBe(0);
  });

  it('adds a phone booking with the therapist the customer asked for, and refuses one who does not do it', async () => {
    const staff = (await t.app.inject({ url: '/api/staff/list?client=RRB' })).json<
      Array<{ id: number; name: string; treatmentIds: number[] }>
    >();
    const eilidh = staff.find((m) => m.name.startsWith('Eilidh'))!;
    const morven = staff.find((m) => m.name.startsWith('Morven'))!;
    expect(eilidh.treatmentIds).toContain(2);
    expect(morven.treatmentIds).not.toContain(2);
    const request = (staffId: number) => ({
      source: 'phone',
      startTime: `${date} 15:00:00`,
      customer: { name: 'Asked For Eilidh', telephone: '01234 000111', email: '' },
      treatmentIds: [2],
      staffId,
    });
    const refused = await call(rrb, 'POST', '/api/manage/bookings', request(morven.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ issues: Array<{ path: string }> }>().issues[0]!.path).toBe('staffId');
    const added = await call(rrb, 'POST', '/api/manage/bookings', request(eilidh.id));
    expect(added.statusCode).toBe(201);
    expect(added.json<DiaryBooking>().staff).toEqual({ id: eilidh.id, name: eilidh.name });
    // The time is hers now: asked for her again, it is refused.
    const again = await call(rrb, 'POST', '/api/manage/bookings', request(eilidh.id));
    expect(again.statusCode).toBe(409);
    await call(rrb, 'POST', `/api/manage/bookings/${added.json<DiaryBooking>().id}/cancel`, {});
  });

  it('keeps an inactive therapist’s column while they have bookings in the range', async () => {
    await t.handle.db
      .updateTable('staff_members')
      .set({ active: 0 })
      .where('id', '=', fiona.staff!.id)
      .execute();
    const withBookings = (await call(rrb, 'GET', `/api/manage/diary?date=${date}`)).json<Diary>();
    expect(withBookings.staff.find((s) => s.id === fiona.staff!.id)).toMatchObject({
      active: false,
    });
    const without = (
      await call(rrb, 'GET', `/api/manage/diary?date=${addDays(date, 14)}`)
    ).json<Diary>();
    expect(without.staff.map((s) => s.id)).not.toContain(fiona.staff!.id);
    await t.handle.db
      .updateTable('staff_members')
      .set({ active: 1 })
      .where('id', '=', fiona.staff!.id)
      .execute();
  });

  it('marks a started booking no-show, completed and booked again; audited, counted', async () => {
    const before = (await audited()).length;
    // Not yet started: 422 with what to do.
    const early = await setStatus(rrb, fiona.id, 'no-show');
    expect(early.statusCode).toBe(422);
    expect(early.json<{ message: string }>().message).toMatch(/has not started yet/);

    await moveTo(fiona.id, yesterday);
    const noShow = await setStatus(rrb, fiona.id, 'no-show');
    expect(noShow.statusCode).toBe(200);
    expect(noShow.json<DiaryBooking>()).toMatchObject({ id: fiona.id, status: 'no-show' });
    const day = (await call(rrb, 'GET', `/api/manage/diary?date=${yesterday}`)).json<Diary>()
      .days[0]!;
    expect(day.totals.byStatus['no-show']).toBe(1);
    expect(day.totals.bookings).toBe(1);

    expect((await setStatus(rrb, fiona.id, 'completed')).json<DiaryBooking>().status).toBe(
      'completed',
    );
    expect((await setStatus(rrb, fiona.id, 'booked')).json<DiaryBooking>().status).toBe('booked');
    expect((await audited()).slice(before)).toEqual([
      'booking.status',
      'booking.status',
      'booking.status',
    ]);

    // Bad input is a 400 naming the field; another client's owner gets 404, as for an unknown id.
    const bad = await setStatus(rrb, fiona.id, 'cancelled');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: Array<{ path: string }> }>().issues[0]!.path).toBe('status');
    expect((await setStatus(se, fiona.id, 'no-show')).statusCode).toBe(404);
    expect((await setStatus(rrb, 999_999, 'no-show')).statusCode).toBe(404);
    expect((await call(rrb, 'GET', `/api/manage/bookings/${fiona.id}`)).json()).toMatchObject({
      status: 'booked',
    });
  });

  it('refuses to mark a cancelled booking (409)', async () => {
    await moveTo(gregor.id, yesterday);
    const cancelled = await call(rrb, 'POST', `/api/manage/bookings/${gregor.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    const res = await setStatus(rrb, gregor.id, 'completed');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/cancelled/);
    await moveTo(gregor.id, date);
  });

  it('keeps a no-show’s time taken: it is not offered again', async () => {
    const staffId = fiona.staff!.id;
    const times = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/time',
        headers: { host: 'rrb.localhost' },
        payload: { bookingDate: date, estmatedDuration: fiona.totalDuration, staffId },
      });
      expect(res.statusCode).toBe(200);
      return res.json<string[]>();
    };
    // Marked no-show once started, then put back on its future day: its time stays taken.
    expect(await setStatus(rrb, fiona.id, 'no-show')).toMatchObject({ statusCode: 200 });
    await moveTo(fiona.id, date);
    expect(await times()).not.toContain('10:00');
    await t.handle.db
      .updateTable('bookings')
      .set({ status: 'completed' })
      .where('id', '=', fiona.id)
      .execute();
    t.changes.clientChanged('RRB', 'bookings');
    expect(await times()).not.toContain('10:00');
    // Cancelled, it is free again: the check above is about the status, not the day.
    await t.handle.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', fiona.id)
      .execute();
    t.changes.clientChanged('RRB', 'bookings');
    expect(await times()).toContain('10:00');
    await t.handle.db
      .updateTable('bookings')
      .set({ status: 'booked' })
      .where('id', '=', fiona.id)
      .execute();
    t.changes.clientChanged('RRB', 'bookings');
  });

  it('finds bookings by reference, name, e-mail or phone, in any case, only the client’s own', async () => {
    const reference = fiona.reference!;
    const dashed = `${reference.slice(0, 4)}-${reference.slice(4)}`.toLowerCase();
    expect(await search(rrb, reference)).toEqual([fiona.id]);
    expect(await search(rrb, dashed)).toEqual([fiona.id]);
    expect(await search(rrb, 'quillFEATHER')).toEqual([fiona.id]);
    expect(await search(rrb, 'fiona.q@example')).toEqual([fiona.id]);
    expect(await search(rrb, '07700900555')).toEqual([fiona.id]);
    expect(await search(rrb, '0770 090 0555')).toEqual([fiona.id]);
    expect(await search(rrb, 'nobody-like-this')).toEqual([]);
    // A LIKE wildcard typed is a character to find, not "anything".
    expect(await search(rrb, '%%')).toEqual([]);
    // Both match "example.com": newest (latest start) first.
    const both = await search(rrb, 'example.com');
    expect(both.indexOf(gregor.id)).toBeLessThan(both.indexOf(fiona.id));

    // SE's owner never finds RRB's bookings, and RRB's owner never SE's.
    expect(await search(se, 'Quillfeather')).toHaveLength(1);
    expect(await search(se, reference)).toEqual([]);
    expect(await search(rrb, 'SEREF234')).toEqual([]);

    const short = await call(rrb, 'GET', '/api/manage/bookings/search?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ issues: Array<{ path: string }> }>().issues[0]!.path).toBe('q');
    expect((await call(rrb, 'GET', '/api/manage/bookings/search')).statusCode).toBe(400);
  });
});
