import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayInTimeZone, type Treatment } from '../../../common/booking.js';
import type {
  AffectedBookings,
  ClosingCancelResult,
  DiaryBooking,
  EmailPreview,
  MoveOptions,
} from '../../../common/diary.js';
import type { StaffList } from '../../../common/staff.js';
import { describeEachDatabase } from '../../../../tests/support/each-database.js';
import { bookingCustomer } from '../../../../tests/support/booking-request.js';
import { signInAs, type OwnerSession } from '../../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { localTimeToInstant } from '../availability/availability.js';
import { parseIcs } from '../emails/booking-ics.js';
import { loadBookingRules, saveBookingRules } from '../booking-rules-store.js';

type Method = 'GET' | 'POST';

/**
 * Issue 32 on both databases: the owner moves a booking (time, day, therapist) through the locked
 * path, the customer gets the updated calendar file and a rescheduled reminder; cancelling keeps
 * the internal note out of every e-mail and previews the real one; closing days lists the
 * bookings standing in them and cancels those with one message. RRB's seeded therapists
 * (seed/staff.json): Eilidh (1-10) and Kirsty (1, 2, 5, 6, 15-21) both do treatment 2; Morven
 * does not. On Wednesdays Eilidh works 09:00-17:30, Kirsty 10:00-13:00 and 14:00-17:30.
 */
describeEachDatabase('the owner moves, cancels and closes over bookings', (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let se: OwnerSession;
  let staff: StaffList;
  let treatments: Treatment[];
  const idOf = (name: string) => staff.find((m) => m.name.startsWith(name))!.id;

  /** The next `count` Wednesdays (3) or Thursdays (4) from a few days ahead, not closed. */
  function datesOn(weekday: number, count: number): string[] {
    const today = todayInTimeZone('Europe/London');
    const found: string[] = [];
    for (let ahead = 3; found.length < count; ahead++) {
      const date = addDays(today, ahead);
      const closed = ['2026-12-25', '2026-12-26', '2027-01-01'].includes(date);
      if (!closed && new Date(`${date}T12:00:00Z`).getUTCDay() === weekday) found.push(date);
    }
    return found;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
    // Rooms for three: the salon's capacity does not limit three therapists at once.
    const loaded = (await loadBookingRules(t.handle.db, t.registry.byCode('RRB')!))!;
    await saveBookingRules(
      t.handle.db,
      'RRB',
      { ...loaded.rules, capacity: 3 },
      loaded.version,
      new Date(),
    );
    t.changes.clientChanged('RRB');
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
    staff = (await t.app.inject({ url: '/api/staff/list?client=RRB' })).json<StaffList>();
    treatments = (await t.app.inject({ url: '/api/treatments/list?client=RRB' })).json<
      Treatment[]
    >();
  });
  afterAll(async () => t?.close());

  const call = (session: OwnerSession, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  let phoneCount = 0;
  /** A phone booking of treatment 2 by the owner ("any" therapist: the fairest free one). */
  async function phone(date: string, time: string): Promise<DiaryBooking> {
    const res = await call(rrb, 'POST', '/api/manage/bookings', {
      source: 'phone',
      startTime: `${date} ${time}:00`,
      customer: { name: 'Moved Customer', email: `moved${++phoneCount}.${kind}@example.com` },
      treatmentIds: [2],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DiaryBooking>();
  }

  const move = (id: number, body: object) =>
    call(rrb, 'POST', `/api/manage/bookings/${id}/move`, body);

  const outbox = (key: string) =>
    t.handle.db
      .selectFrom('outbox')
      .select(['subject', 'text', 'html', 'ical', 'not_before', 'mail_to'])
      .where('client_code', '=', 'RRB')
      .where('idempotency_key', '=', key)
      .executeTakeFirst();

  const reminderKeys = async (id: number) =>
    (
      await t.handle.db
        .selectFrom('outbox')
        .select('idempotency_key')
        .where('idempotency_key', 'like', `booking-${id}-reminder-%`)
        .execute()
    ).map((r) => r.idempotency_key);

  it('moves a booking to another time and therapist: e-mail, same UID, higher SEQUENCE, reminder rescheduled, audited', async () => {
    const [date] = datesOn(3, 1);
    const booking = await phone(date!, '10:00');
    expect(booking.staff).toEqual({ id: idOf('Eilidh'), name: 'Eilidh Fraser' });
    expect(await reminderKeys(booking.id)).toEqual([`booking-${booking.id}-reminder-0`]);

    const options = (
      await call(rrb, 'GET', `/api/manage/bookings/${booking.id}/move-times?date=${date}`)
    ).json<MoveOptions>();
    // Its own time is free for it; only those who do the treatment are offered.
    expect(options.times).toContain('10:00');
    expect(options.staff.map((m) => m.name)).toEqual(['Eilidh Fraser', 'Kirsty Paterson']);

    const res = await move(booking.id, {
      startTime: `${date} 14:00:00`,
      staffId: idOf('Kirsty'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<DiaryBooking>();
    expect(moved).toMatchObject({
      date,
      start: '14:00',
      status: 'booked',
      staff: { id: idOf('Kirsty'), name: 'Kirsty Paterson' },
      totalDuration: booking.totalDuration,
      totalPrice: booking.totalPrice,
    });

    const first = (await outbox(`booking-${booking.id}-customer`))!;
    const mail = (await outbox(`booking-${booking.id}-moved-by-salon-1`))!;
    expect(mail.mail_to).toBe(booking.customer.email);
    expect(mail.text).toContain('at 14:00');
    expect(mail.text).toContain('Therapist: Kirsty Paterson');
    const before = parseIcs((JSON.parse(first.ical!) as { content: string }).content);
    const after = parseIcs((JSON.parse(mail.ical!) as { content: string }).content);
    expect(after.UID).toBe(before.UID);
    expect({ before: before.SEQUENCE, after: after.SEQUENCE }).toEqual({
      before: '0',
      after: '1',
    });
    expect(after.METHOD).toBe('REQUEST');
    expect(after.SUMMARY).toContain('Kirsty Paterson');

    // The reminder follows: the old one is gone, the new one is due 24 hours before 14:00.
    expect(await reminderKeys(booking.id)).toEqual([`booking-${booking.id}-reminder-1`]);
    const reminder = (await outbox(`booking-${booking.id}-reminder-1`))!;
    expect(reminder.text).toContain('14:00');
    expect(reminder.text).toContain('with Kirsty Paterson');

    // The old time is free again for others.
    const times = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bookings/time?client=RRB',
        payload: { bookingDate: date, estmatedDuration: 30, staffId: idOf('Eilidh') },
      })
    ).json<string[]>();
    expect(times).toContain('10:00');

    const audit = JSON.stringify((await call(rrb, 'GET', '/api/manage/audit')).json());
    expect(audit).toContain('booking.move');

    // Asking for where it already is changes nothing and sends nothing.
    const again = await move(booking.id, { startTime: `${date} 14:00:00` });
    expect(again.statusCode).toBe(200);
    expect(await outbox(`booking-${booking.id}-moved-by-salon-2`)).toBeUndefined();
  });

  it("moves a deposit's free cancellation window with the booking: as many hours before the new start", async () => {
    const [, , from, to] = datesOn(4, 4);
    const booking = await phone(from!, '11:00');
    const startOf = (date: string, minute: number) =>
      localTimeToInstant(date, minute, 'Europe/London')!;
    // A deposit paid with 48 hours' free cancellation before the booking's start.
    const notice = 48 * 3_600_000;
    await t.handle.db
      .updateTable('bookings')
      .set({
        deposit_status: 'paid',
        deposit_free_until: new Date(startOf(from!, 11 * 60) - notice).toISOString(),
      })
      .where('id', '=', booking.id)
      .execute();

    const res = await move(booking.id, { startTime: `${to} 15:00:00` });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.handle.db
      .selectFrom('bookings')
      .select(['booking_date', 'start_minute', 'deposit_free_until'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ booking_date: to, start_minute: 15 * 60 });
    expect(Date.parse(row.deposit_free_until!)).toBe(startOf(to!, 15 * 60) - notice);
  });

  it('answers 409 naming the time when the therapist is taken, 400 for a bad move, 404 for another client', async () => {
    const [, date] = datesOn(3, 2);
    const taken = await phone(date!, '14:00');
    const other = await phone(date!, '11:00');
    expect(taken.staff!.id).toBe(idOf('Eilidh'));
    const res = await move(other.id, { startTime: `${date} 14:00:00`, staffId: idOf('Eilidh') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining('was just taken'),
      issues: [{ path: 'startTime' }],
    });
    const options = (
      await call(
        rrb,
        'GET',
        `/api/manage/bookings/${other.id}/move-times?date=${date}&staffId=${idOf('Eilidh')}`,
      )
    ).json<MoveOptions>();
    expect(options.times).not.toContain('14:00');
    expect(options.times).toContain('11:00');

    const bad: Array<[object, string]> = [
      [{ startTime: 'tomorrow' }, 'startTime'],
      [{ startTime: `${date} 14:00:00`, staffId: idOf('Morven') }, 'staffId'],
      [{ startTime: `${date} 14:00:00`, staffId: 99_999 }, 'staffId'],
      [{ startTime: `${date} 14:00:00`, staffId: 'Eilidh' }, 'staffId'],
      [{ startTime: `${date} 22:00:00` }, 'startTime'],
      [{ startTime: '2020-01-01 10:00:00' }, 'startTime'],
    ];
    for (const [body, path] of bad) {
      const answer = await move(other.id, body);
      expect({ body, status: answer.statusCode }).toEqual({ body, status: 400 });
      expect(
        answer.json<{ issues: Array<{ path: string }> }>().issues.map((i) => i.path),
      ).toContain(path);
    }
    expect(
      (
        await call(se, 'POST', `/api/manage/bookings/${other.id}/move`, {
          startTime: `${date} 15:00:00`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(se, 'GET', `/api/manage/bookings/${other.id}/move-times?date=${date}`))
        .statusCode,
    ).toBe(404);
    const cancelled = await call(rrb, 'POST', `/api/manage/bookings/${other.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect((await move(other.id, { startTime: `${date} 15:00:00` })).statusCode).toBe(409);
  });

  it('under concurrency: two moves, or a move and an online booking, for one therapist and time: exactly one wins', async () => {
    const dates = datesOn(3, 6).slice(2);
    for (const [round, date] of dates.entries()) {
      const a = await phone(date, '09:00');
      const b = await phone(date, '12:00');
      const time = round % 2 === 0 ? '15:00' : '16:00';
      const kirsty = idOf('Kirsty');
      const racers =
        round < 2
          ? [
              move(a.id, { startTime: `${date} ${time}:00`, staffId: kirsty }),
              move(b.id, { startTime: `${date} ${time}:00`, staffId: kirsty }),
            ]
          : [
              move(a.id, { startTime: `${date} ${time}:00`, staffId: kirsty }),
              t.app.inject({
                method: 'POST',
                url: '/api/bookings/create?client=RRB',
                payload: {
                  startTime: `${date} ${time}:00`,
                  customer: { ...bookingCustomer, email: `race.${round}.${kind}@example.com` },
                  treatments: [treatments.find((tr) => tr.ID === 2)!],
                  staffId: kirsty,
                },
              }),
            ];
      const statuses = (await Promise.all(racers)).map((r) => r.statusCode).sort();
      expect({ round, statuses }).toEqual({ round, statuses: [200, 409] });
      const kirstys = await t.handle.db
        .selectFrom('bookings')
        .select('id')
        .where('client_code', '=', 'RRB')
        .where('booking_date', '=', date)
        .where('staff_id', '=', kirsty)
        .where('start_minute', '=', Number(time.slice(0, 2)) * 60)
        .where('status', '=', 'booked')
        .execute();
      expect({ round, count: kirstys.length }).toEqual({ round, count: 1 });
    }
  });

  it('cancels with an internal note kept out of every e-mail, and previews exactly what is sent', async () => {
    const [date] = datesOn(4, 1);
    const booking = await phone(date!, '12:00');
    const message = 'We are closed for a burst pipe.\nSo sorry: call us to rebook.';
    const preview = await call(rrb, 'POST', `/api/manage/bookings/${booking.id}/cancel-preview`, {
      message,
    });
    expect(preview.statusCode).toBe(200);
    const shown = preview.json<EmailPreview>();
    expect(shown.to).toBe(booking.customer.email);
    expect(shown.text).toContain(message);

    const res = await call(rrb, 'POST', `/api/manage/bookings/${booking.id}/cancel`, {
      message,
      internalNote: 'Plumber says two weeks',
    });
    expect(res.json<DiaryBooking>()).toMatchObject({
      status: 'cancelled',
      cancelMessage: message,
      internalNote: 'Plumber says two weeks',
    });
    const sent = (await outbox(`booking-${booking.id}-cancelled`))!;
    expect({ subject: sent.subject, text: sent.text }).toEqual({
      subject: shown.subject,
      text: shown.text,
    });
    const mails = await t.handle.db
      .selectFrom('outbox')
      .select(['subject', 'text', 'html', 'ical'])
      .where('client_code', '=', 'RRB')
      .execute();
    expect(JSON.stringify(mails)).not.toContain('Plumber says');
    expect(JSON.stringify((await call(rrb, 'GET', '/api/manage/audit')).json())).not.toContain(
      'Plumber says',
    );

    const tooLong = await call(rrb, 'POST', `/api/manage/bookings/${booking.id}/cancel-preview`, {
      message: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('lists the bookings standing in days about to close, for the salon or one therapist, and cancels those with a message', async () => {
    const [, date] = datesOn(4, 2);
    const withEilidh = await phone(date!, '12:00');
    const withKirsty = await phone(date!, '12:00');
    const kept = await phone(addDays(date!, 1), '12:00');
    expect([withEilidh.staff!.name, withKirsty.staff!.name]).toEqual([
      'Eilidh Fraser',
      'Kirsty Paterson',
    ]);
    const affected = (body: object) => call(rrb, 'POST', '/api/manage/closing/affected', body);
    const all = (await affected({ from: date, to: date })).json<AffectedBookings>();
    expect(all.bookings.map((b) => b.id)).toEqual([withEilidh.id, withKirsty.id]);
    const hers = (
      await affected({ from: date, to: addDays(date!, 1), staffId: idOf('Kirsty') })
    ).json<AffectedBookings>();
    expect(hers.bookings.map((b) => b.id)).toEqual([withKirsty.id]);
    // Asking changes nothing: the bookings and their reminders stand ("Keep them").
    expect(await reminderKeys(withEilidh.id)).toHaveLength(1);
    for (const [body, path] of [
      [{ from: date, to: addDays(date!, -1) }, 'to'],
      [{ from: 'soon', to: date }, 'from'],
      [{ from: date, to: date, staffId: 99_999 }, 'staffId'],
    ] as const) {
      const res = await affected(body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json<{ issues: Array<{ path: string }> }>().issues.map((i) => i.path)).toContain(
        path,
      );
    }
    expect(
      (await call(se, 'POST', '/api/manage/closing/affected', { from: date, to: date })).statusCode,
    ).toBe(404);

    const cancel = (bookingIds: number[]) =>
      call(rrb, 'POST', '/api/manage/closing/cancel', {
        from: date,
        to: date,
        bookingIds,
        message: 'The salon is closed that day for training.',
        internalNote: 'Training with the new supplier',
      });
    // A booking not in the days refuses the lot before anything is cancelled.
    expect((await cancel([withEilidh.id, kept.id])).statusCode).toBe(400);
    expect(
      (await affected({ from: date, to: date })).json<AffectedBookings>().bookings,
    ).toHaveLength(2);

    const done = await cancel([withEilidh.id, withKirsty.id]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ClosingCancelResult>()).toEqual({
      cancelled: [withEilidh.id, withKirsty.id],
      alreadyCancelled: [],
    });
    for (const booking of [withEilidh, withKirsty]) {
      const mail = (await outbox(`booking-${booking.id}-cancelled`))!;
      expect(mail.text).toContain('The salon is closed that day for training.');
      expect(mail.text).not.toContain('Training with the new supplier');
      expect(await reminderKeys(booking.id)).toEqual([]);
      const detail = (
        await call(rrb, 'GET', `/api/manage/bookings/${booking.id}`)
      ).json<DiaryBooking>();
      expect(detail).toMatchObject({
        status: 'cancelled',
        internalNote: 'Training with the new supplier',
      });
    }
    expect((await cancel([withEilidh.id])).json<ClosingCancelResult>()).toEqual({
      cancelled: [],
      alreadyCancelled: [withEilidh.id],
    });
    // The booking outside the days keeps its reminder.
    expect(await reminderKeys(kept.id)).toHaveLength(1);
    expect((await affected({ from: date, to: date })).json<AffectedBookings>().bookings).toEqual(
      [],
    );
  });
});
