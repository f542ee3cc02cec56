import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, splitStartTime } from '../../../common/booking.js';
import { describeEachDatabase } from '../../../../tests/support/each-database.js';
import { freeBookingRequest } from '../../../../tests/support/booking-request.js';
import { startSmtpSink } from '../../../../tests/support/smtp-sink.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { readMail } from '../../mail/mime-for-tests.js';
import {
  createOutboxWorker,
  defaultWorkerSettings,
  smtpDelivery,
} from '../../mail/outbox-worker.js';
import { localTimeToInstant } from '../availability/availability.js';
import { parseIcs } from '../emails/booking-ics.js';

const sameSite = {
  host: 'localhost',
  origin: 'http://localhost',
  'x-requested-with': 'highstreet',
};
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describeEachDatabase('the visitor keeps, moves or cancels a booking (issue 17)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
  });
  afterAll(async () => t?.close());

  /** Books a free time for a fresh e-mail address; returns the answer and the link's token. */
  async function book(email: string, skipTimes = 0) {
    const body = await freeBookingRequest(t, { email }, skipTimes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      headers: { host: 'localhost' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { ID: number; reference: string; startTime: string };
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select(['text', 'ical'])
      .where('idempotency_key', '=', `booking-${data.ID}-customer`)
      .executeTakeFirstOrThrow();
    const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    return { data, token, body };
  }
  const manage = (token: string, action = '', payload?: object) =>
    t.app.inject({
      method: action ? 'POST' : 'GET',
      url: `/api/bookings/manage/${token}${action}?client=RRB`,
      headers: action ? sameSite : { host: 'localhost' },
      ...(payload ? { payload } : {}),
    });
  const outboxOf = (id: number) =>
    t.handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('client_code', '=', 'RRB')
      .where('idempotency_key', 'like', `booking-${id}-%`)
      .orderBy('id')
      .execute();

  it('shows the booking by its link, stores only the hash, and refuses made-up links', async () => {
    const { data, token } = await book('view@example.com');
    const res = await manage(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.json().data).toMatchObject({
      reference: data.reference,
      status: 'booked',
      changeable: true,
      start: data.startTime.slice(11, 16),
    });
    const stored = await t.handle.db
      .selectFrom('bookings')
      .select('manage_token_hash')
      .where('id', '=', data.ID)
      .executeTakeFirstOrThrow();
    expect(stored.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.manage_token_hash).not.toContain(token);
    expect((await manage('A'.repeat(43))).statusCode).toBe(404);
    expect((await manage('short')).json().message).toContain('not complete');
    // Another client's site does not know the link.
    const other = await t.app.inject({ url: `/api/bookings/manage/${token}?client=FEA` });
    expect(other.statusCode).not.toBe(200);
    // State changes need the same-site check.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/cancel?client=RRB`,
      headers: { host: 'localhost', origin: 'http://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('moves through the locked path: 409 when taken, new .ics SEQUENCE, e-mails to both sides, reminder replaced', async () => {
    const first = await book('mover@example.com', 0);
    const other = await book('taken@example.com', 2);
    const { date } = splitStartTime(first.data.startTime);
    // RRB's capacity is 1 per time: the other booking's time is taken.
    const taken = await manage(first.token, '/move', { startTime: other.data.startTime });
    expect(taken.statusCode).toBe(409);
    // The refusal names the start it refused, so the visitor's form says it beside the time box.
    const refusal = taken.json<{ message: string; issues?: unknown }>();
    expect(refusal.issues).toEqual([{ path: 'startTime', message: refusal.message }]);
    expect(refusal.message).toMatch(/has just been booked by someone else/);
    const newStart = `${date} ${(other.body.startTime as string).slice(11, 16)}:00`;
    expect(newStart).toBe(other.data.startTime);

    const times = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bookings/time?client=RRB',
        payload: {
          bookingDate: addDays(date, 7),
          estmatedDuration: (first.body.totalDuration as number) ?? 30,
        },
      })
    ).json<string[]>();
    const target = `${addDays(date, 7)} ${times.at(-1)}:00`;
    const moved = await manage(first.token, '/move', { startTime: target });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ date: addDays(date, 7), start: times.at(-1) });

    const rows = await outboxOf(first.data.ID);
    const toCustomer = rows.find(
      (r) => r.idempotency_key === `booking-${first.data.ID}-moved-1-customer`,
    )!;
    const toBusiness = rows.find(
      (r) => r.idempotency_key === `booking-${first.data.ID}-moved-1-business`,
    )!;
    expect(toBusiness.mail_to).toBe(t.registry.byCode('RRB')!.email);
    const ics = parseIcs(JSON.parse(toCustomer.ical!).content as string);
    expect(ics).toMatchObject({ METHOD: 'REQUEST', SEQUENCE: '1' });
    // Reminders: the first one (sequence 0) is gone, one for the new time waits.
    const reminders = rows.filter((r) => r.template_id === 'booking-reminder');
    expect(reminders.map((r) => r.idempotency_key)).toEqual([
      `booking-${first.data.ID}-reminder-1`,
    ]);
    const start = localTimeToInstant(
      addDays(date, 7),
      splitStartTime(target).minuteOfDay,
      'Europe/London',
    )!;
    expect(Date.parse(reminders[0]!.not_before!)).toBe(start - 24 * 3_600_000);
  });

  it('cancels: slot freed, METHOD:CANCEL sent at the SMTP sink, no reminder left, second cancel 409', async () => {
    const { data, token } = await book('canceller@example.com', 4);
    const res = await manage(token, '/cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', changeable: false });
    expect((await manage(token, '/cancel')).statusCode).toBe(409);
    const rows = await outboxOf(data.ID);
    expect(rows.filter((r) => r.template_id === 'booking-reminder')).toHaveLength(0);

    const sink = await startSmtpSink();
    try {
      const worker = createOutboxWorker({
        ...defaultWorkerSettings,
        db: t.handle.db,
        dbKind: t.handle.kind,
        deliver: smtpDelivery(sink.url),
        log: quiet,
      });
      for (let round = 0; round < 30; round++) if ((await worker.runOnce()) === 0) break;
      const cancelled = await sink.waitFor(
        (m) => m.to.includes('canceller@example.com') && m.raw.includes('METHOD:CANCEL'),
      );
      const ics = parseIcs(readMail(cancelled.raw).calendar);
      expect(ics).toMatchObject({ METHOD: 'CANCEL', SEQUENCE: '1', STATUS: 'CANCELLED' });
      expect(ics.UID).toContain(data.reference);
    } finally {
      await sink.close();
    }
  });

  it('refuses changes after the cut-off with a message saying whom to contact', async () => {
    const { data, token } = await book('late@example.com', 6);
    // Move the booking's start near: tomorrow-ish is inside 24 h when the clock is pinned later.
    const rules = await t.handle.db
      .selectFrom('booking_rules')
      .select(['rules', 'version'])
      .where('client_code', '=', 'RRB')
      .executeTakeFirst();
    const parsed = rules ? (JSON.parse(rules.rules) as Record<string, unknown>) : undefined;
    if (parsed) {
      // A cut-off longer than the booking is ahead: changing online is over.
      await t.handle.db
        .updateTable('booking_rules')
        .set({ rules: JSON.stringify({ ...parsed, changeCutoffHours: 720 }) })
        .where('client_code', '=', 'RRB')
        .execute();
      t.changes.clientChanged('RRB');
      const res = await manage(token, '/cancel');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('no longer be changed online');
      expect((await manage(token)).json().data.changeable).toBe(false);
      await t.handle.db
        .updateTable('booking_rules')
        .set({ rules: rules!.rules })
        .where('client_code', '=', 'RRB')
        .execute();
      t.changes.clientChanged('RRB');
    }
    expect(parsed).toBeDefined();
    expect(data.ID).toBeGreaterThan(0);
  });
});

describeEachDatabase('reminders (issue 17)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
  });
  afterAll(async () => t?.close());

  it('are sent once when due, across a restart of the worker, and never for a cancelled booking', async () => {
    const body = await freeBookingRequest(t, { email: 'remind.me@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      headers: { host: 'localhost' },
      payload: body,
    });
    const { ID } = res.json().data as { ID: number };
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      headers: { host: 'localhost' },
      payload: await freeBookingRequest(t, { email: 'cancelled.one@example.com' }, 3),
    });
    const cancelledId = (second.json().data as { ID: number }).ID;
    const reminder = await t.handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('idempotency_key', '=', `booking-${ID}-reminder-0`)
      .executeTakeFirstOrThrow();
    const due = new Date(reminder.not_before!);

    // The owner cancels the second booking: its reminder goes.
    const owner = await t.handle.db
      .selectFrom('outbox')
      .select('id')
      .where('idempotency_key', '=', `booking-${cancelledId}-reminder-0`)
      .executeTakeFirst();
    expect(owner).toBeDefined();
    const { dropPendingReminders } = await import('../emails/booking-reminders.js');
    await dropPendingReminders(t.handle.db, 'RRB', cancelledId, new Date());

    const sink = await startSmtpSink();
    try {
      const workerAt = (at: Date) =>
        createOutboxWorker({
          ...defaultWorkerSettings,
          db: t.handle.db,
          dbKind: t.handle.kind,
          deliver: smtpDelivery(sink.url),
          log: quiet,
          now: () => at,
        });
      const reminders = () => sink.messages.filter((m) => m.raw.includes('Subject: Reminder'));
      // Before it is due: the confirmations go, the reminder stays.
      const early = workerAt(new Date(due.getTime() - 60_000));
      for (let round = 0; round < 30; round++) if ((await early.runOnce()) === 0) break;
      expect(reminders()).toHaveLength(0);
      // Due: one worker sends it; a second one (a restart) finds nothing more to send.
      const late = workerAt(new Date(due.getTime() + 60_000));
      for (let round = 0; round < 30; round++) if ((await late.runOnce()) === 0) break;
      const restarted = workerAt(new Date(due.getTime() + 120_000));
      for (let round = 0; round < 5; round++) await restarted.runOnce();
      await sink.waitFor((m) => m.raw.includes('Subject: Reminder'));
      expect(reminders()).toHaveLength(1);
      expect(reminders()[0]!.to).toContain('remind.me@example.com');
      expect(
        sink.messages.filter(
          (m) => m.to.includes('cancelled.one@example.com') && m.raw.includes('Subject: Reminder'),
        ),
      ).toHaveLength(0);
    } finally {
      await sink.close();
    }
  });
});
