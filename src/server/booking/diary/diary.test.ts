import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInTimeZone, type Treatment } from '../../../common/booking.js';
import { bookingRulesSchema, type BookingRules } from '../../../common/booking-rules.js';
import { weekdays, type ClientConfig } from '../../../common/client-config.js';
import { describeEachDatabase } from '../../../../tests/support/each-database.js';
import { startSmtpSink } from '../../../../tests/support/smtp-sink.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { migrateToLatest } from '../../db/migrations.js';
import { applySeed, readSeed } from '../../db/seed.js';
import { AppError } from '../../kernel/errors.js';
import {
  createOutboxWorker,
  defaultWorkerSettings,
  smtpDelivery,
} from '../../mail/outbox-worker.js';
import { readMail } from '../../mail/mime-for-tests.js';
import { parseIcs } from '../emails/booking-ics.js';
import { loadBookingRules } from '../booking-rules-store.js';
import {
  addOwnerBooking,
  bookingDetail,
  cancelBooking,
  getBookingRules,
  listDiary,
  updateBookingRules,
} from './diary-service.js';
import type { ManageContext } from './manage-context.js';
import {
  addCategory,
  addTreatment,
  editTreatment,
  getMenu,
  reorderTreatments,
  setCategoryActive,
  setTreatmentActive,
} from './menu-service.js';

/** Open days of RRB from a few days ahead (the lead time never interferes), by the seeded rules. */
function openDates(client: ClientConfig, count: number): string[] {
  const record = client.booking!;
  const today = todayInTimeZone(client.timeZone);
  const found: string[] = [];
  for (let ahead = 3; found.length < count; ahead++) {
    const date = addDays(today, ahead);
    const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    if (record.openingHours[weekday] && !record.closedDates.includes(date)) found.push(date);
  }
  return found;
}

const customer = {
  name: 'Ann Example',
  telephone: '07700900123',
  email: 'ann.diary@example.com',
  doorNo: '12 Rose Lane',
  postCode: 'EH49 7AB',
  gdprConsent: true,
  marketing: false,
};

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describeEachDatabase('the owner diary, rules and menu', (kind) => {
  let t: TestApp;
  let rrb: ClientConfig;
  let se: ClientConfig;
  let dates: string[];
  const audit: Array<{ action: string; detail: Record<string, unknown> }> = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
    rrb = t.registry.byCode('RRB')!;
    se = t.registry.byCode('SE')!;
    dates = openDates(rrb, 12);
  });
  afterAll(async () => t?.close());

  const context = (client: ClientConfig = rrb): ManageContext => ({
    db: t.handle.db,
    dbKind: t.handle.kind,
    client,
    changes: t.changes,
    mailFrom: t.config.mailFrom,
    now: new Date(),
    audit: async (action, detail) => {
      audit.push({ action, detail });
    },
  });

  const times = async (bookingDate: string, estmatedDuration = 60): Promise<string[]> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/time?client=RRB',
      payload: { bookingDate, estmatedDuration },
    });
    expect(res.statusCode).toBe(200);
    return res.json<string[]>();
  };
  const bookOnline = (date: string, time: string, treatmentId = 2, email = customer.email) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      payload: {
        startTime: `${date} ${time}:00`,
        customer: { ...customer, email },
        treatments: [{ ID: treatmentId }],
      },
    });
  const phone = (date: string, time: string, email = '') =>
    addOwnerBooking(context(), {
      source: 'phone',
      startTime: `${date} ${time}:00`,
      customer: { name: 'Phone Customer', telephone: '01506 111111', email },
      treatmentIds: [2],
    });
  const duration = async (id: number) =>
    (await t.app.inject({ url: '/api/treatments/list?client=RRB' }))
      .json<Treatment[]>()
      .find((tr) => tr.ID === id)!.Duration;

  const rulesWith = async (change: (rules: BookingRules) => BookingRules) => {
    const current = await getBookingRules(context());
    return updateBookingRules(context(), {
      version: current.version,
      rules: bookingRulesSchema.parse(change(structuredClone(current.rules))),
    });
  };

  describe('diary', () => {
    it('lists a day and a week with time, customer, treatments, duration, price and contact', async () => {
      const date = dates[0]!;
      expect((await bookOnline(date, '10:00')).statusCode).toBe(200);
      const walkIn = await addOwnerBooking(context(), {
        source: 'walk-in',
        startTime: `${date} 14:00:00`,
        customer: { name: 'Walk In', telephone: '', email: '' },
        treatmentIds: [1],
      });
      expect(walkIn).toMatchObject({ source: 'walk-in', status: 'booked', start: '14:00' });

      const day = await listDiary(context(), { date, view: 'day' });
      expect(day.days).toHaveLength(1);
      const [online, inShop] = day.days[0]!.bookings;
      expect(online).toMatchObject({
        date,
        start: '10:00',
        status: 'booked',
        source: 'online',
        customer: { name: 'Ann Example', email: customer.email, telephone: '07700900123' },
      });
      expect(online!.treatments).toEqual([
        {
          id: 2,
          name: expect.any(String),
          price: online!.totalPrice,
          duration: online!.totalDuration,
        },
      ]);
      expect(online!.end).toBe(
        `${String(10 + Math.floor(online!.totalDuration / 60)).padStart(2, '0')}:${String(online!.totalDuration % 60).padStart(2, '0')}`,
      );
      expect(inShop).toMatchObject({ start: '14:00', customer: { name: 'Walk In' } });

      const week = await listDiary(context(), { date, view: 'week' });
      expect(week.days).toHaveLength(7);
      expect(weekdays[new Date(`${week.from}T12:00:00Z`).getUTCDay()]).toBe('mon');
      expect(week.days.find((d) => d.date === date)!.bookings).toHaveLength(2);
      expect(await bookingDetail(context(), online!.id)).toEqual(online);
    });

    it("keeps every client to its own bookings: another client's id is not found", async () => {
      const [booking] = (await listDiary(context(), { date: dates[0]!, view: 'day' })).days[0]!
        .bookings;
      await expect(bookingDetail(context(se), booking!.id)).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(
        cancelBooking(context(se), booking!.id, { message: 'guessing' }),
      ).rejects.toMatchObject({ statusCode: 404 });
      expect(
        (await listDiary(context(se), { date: dates[0]!, view: 'week' })).days.flatMap(
          (d) => d.bookings,
        ),
      ).toEqual([]);
      expect((await bookingDetail(context(), booking!.id)).status).toBe('booked');
    });

    it('cancelling frees the slot at once and e-mails the customer through the outbox', async () => {
      const date = dates[1]!;
      const res = await bookOnline(date, '11:00', 2, 'cancel.me@example.com');
      expect(res.statusCode).toBe(200);
      const id = res.json<{ data: { ID: number } }>().data.ID;
      expect(await times(date, await duration(2))).not.toContain('11:00');

      const cancelled = await cancelBooking(context(), id, {
        message: 'Therapist unwell',
        internalNote: 'Owes us for the last visit',
      });
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        cancelReason: 'Cancelled by the salon',
        cancelMessage: 'Therapist unwell',
        internalNote: 'Owes us for the last visit',
      });
      expect(await times(date, await duration(2))).toContain('11:00');
      await expect(cancelBooking(context(), id, {})).rejects.toMatchObject({ statusCode: 409 });
      expect(audit).toContainEqual({
        action: 'booking.cancel',
        detail: { bookingId: id, messageSent: true, internalNote: true },
      });

      const sink = await startSmtpSink();
      try {
        const worker = createOutboxWorker({
          ...defaultWorkerSettings,
          db: t.handle.db,
          dbKind: t.handle.kind,
          deliver: smtpDelivery(sink.url),
          log: silent,
        });
        const cancellation = (m: { to: string[]; raw: string }) =>
          m.to.includes('cancel.me@example.com') && m.raw.includes('cancelled');
        for (let round = 0; round < 30 && !sink.messages.some(cancellation); round++) {
          await worker.runOnce();
        }
        const mail = await sink.waitFor(cancellation);
        // Headers fold long lines; the subject ends on its continuation line.
        expect(mail.raw).toMatch(
          /^Subject: Your booking at Ruby Rose Beauty on [^]*?is cancelled\r?$/im,
        );
        expect(mail.raw).toContain('Therapist unwell');
        // Issue 32: the internal note is stored, never sent.
        expect(mail.raw).not.toContain('Owes us');
        // Issue 17: the calendar file removes the event the booking e-mail added (same UID,
        // SEQUENCE raised), and the reminder is gone.
        const booked = await t.handle.db
          .selectFrom('outbox')
          .select('ical')
          .where('idempotency_key', '=', `booking-${id}-customer`)
          .executeTakeFirstOrThrow();
        const added = parseIcs((JSON.parse(booked.ical!) as { content: string }).content);
        const removed = parseIcs(readMail(mail.raw).calendar);
        expect(added).toMatchObject({ METHOD: 'REQUEST', SEQUENCE: '0' });
        expect(removed).toMatchObject({ METHOD: 'CANCEL', SEQUENCE: '1', STATUS: 'CANCELLED' });
        expect(removed.UID).toBe(added.UID);
        const reminders = await t.handle.db
          .selectFrom('outbox')
          .select('id')
          .where('idempotency_key', 'like', `booking-${id}-reminder-%`)
          .execute();
        expect(reminders).toHaveLength(0);
      } finally {
        await sink.close();
      }
    });

    it('a phone booking and an online booking racing for one slot: one is stored, the other gets 409', async () => {
      for (const [index, time] of ['09:00', '10:00', '11:00', '12:00'].entries()) {
        const date = dates[2 + (index % 2)]!;
        const [online, byPhone] = await Promise.allSettled([
          bookOnline(date, time),
          phone(date, time),
        ]);
        const onlineStatus = online.status === 'fulfilled' ? online.value.statusCode : 500;
        const phoneStatus =
          byPhone.status === 'fulfilled'
            ? 200
            : byPhone.reason instanceof AppError
              ? byPhone.reason.statusCode
              : 500;
        expect([onlineStatus, phoneStatus].sort()).toEqual([200, 409]);
        const stored = (await listDiary(context(), { date, view: 'day' })).days[0]!.bookings.filter(
          (b) => b.start === time && b.status === 'booked',
        );
        expect(stored).toHaveLength(1);
      }
      // Taken by either path, the slot answers the other path with the same 409.
      const date = dates[4]!;
      await phone(date, '15:00', 'phone.customer@example.com');
      const online = await bookOnline(date, '15:00');
      expect(online.statusCode).toBe(409);
      await expect(phone(date, '15:00')).rejects.toMatchObject({ statusCode: 409 });
    });
  });

  describe('rules', () => {
    it("a closure, a break and a buffer show in the visitors' times at once", async () => {
      const date = dates[5]!;
      const before = await times(date);
      expect(before).toContain('12:00');

      await rulesWith((rules) => ({
        ...rules,
        closures: [...rules.closures, { from: date, to: date, reason: 'Training day' }],
      }));
      expect(await times(date)).toEqual([]);

      const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
      await rulesWith((rules) => ({
        ...rules,
        closures: rules.closures.filter((c) => c.reason !== 'Training day'),
        weeklyHours: {
          ...rules.weeklyHours,
          [weekday]: [
            { start: '09:00', end: '12:00' },
            { start: '13:00', end: '17:30' },
          ],
        },
      }));
      const withBreak = await times(date);
      expect(withBreak).toContain('11:00');
      expect(withBreak).not.toContain('11:15');
      expect(withBreak).not.toContain('12:00');
      expect(withBreak).toContain('13:00');

      expect((await bookOnline(date, '13:00', 1)).statusCode).toBe(200);
      const end = 13 * 60 + (await duration(1));
      const slot = (m: number) =>
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      expect(await times(date, 15)).toContain(slot(end));
      await rulesWith((rules) => ({ ...rules, bufferMinutes: 15 }));
      const buffered = await times(date, 15);
      expect(buffered).not.toContain(slot(end));
      expect(buffered).toContain(slot(end + 15));
    });

    it("refuses a save over someone else's with 409", async () => {
      const current = await getBookingRules(context());
      await updateBookingRules(context(), current);
      await expect(updateBookingRules(context(), current)).rejects.toMatchObject({
        statusCode: 409,
      });
    });

    it('owner changes survive a restart: the seed inserts only what is missing', async () => {
      const changed = await rulesWith((rules) => ({
        ...rules,
        weeklyHours: { ...rules.weeklyHours, mon: [{ start: '10:00', end: '16:00' }] },
      }));
      await editTreatment(context(), 3, {
        name: 'Renamed by the owner',
        description: 'Changed',
        price: 99.5,
        duration: 50,
        categoryId: 1,
      });

      // What start-up does to the data: migrate, then seed from seed/.
      const schema =
        kind === 'postgres'
          ? (await sql<{ name: string }>`SELECT current_schema() AS name`.execute(t.handle.db))
              .rows[0]!.name
          : undefined;
      await migrateToLatest(t.handle.db, t.handle.kind, schema);
      await applySeed(t.handle.db, readSeed(t.config.seedDir));

      const after = await loadBookingRules(t.handle.db, rrb);
      expect(after).toEqual(changed);
      expect(after!.rules.weeklyHours.mon).toEqual([{ start: '10:00', end: '16:00' }]);
      const treatment = (await getMenu(context())).treatments.find((tr) => tr.id === 3);
      expect(treatment).toMatchObject({ name: 'Renamed by the owner', price: 99.5, duration: 50 });
    });
  });

  describe('menu', () => {
    const visitorTreatments = async () =>
      (await t.app.inject({ url: '/api/treatments/list?activeOnly=1&client=RRB' })).json<
        Treatment[]
      >();
    const visitorCategories = async () =>
      (await t.app.inject({ url: '/api/categories/list?client=RRB' })).json<
        Array<{ ID: number; Name: string }>
      >();

    it('adds, edits, reorders and deactivates; visitors see each change at once', async () => {
      await visitorTreatments(); // fill the cache
      const withCategory = await addCategory(context(), { name: 'Owner Added Category' });
      const category = withCategory.categories.find((c) => c.name === 'Owner Added Category')!;
      expect((await visitorCategories()).map((c) => c.Name)).toContain('Owner Added Category');

      let menu = await addTreatment(context(), {
        name: 'Back Massage',
        description: 'Thirty minutes',
        price: 30,
        duration: 30,
        categoryId: category.id,
      });
      const first = menu.treatments.find((tr) => tr.name === 'Back Massage')!;
      menu = await addTreatment(context(), {
        name: 'Hot Stones',
        description: '',
        price: 45.5,
        duration: 60,
        categoryId: category.id,
      });
      const second = menu.treatments.find((tr) => tr.name === 'Hot Stones')!;
      expect((await visitorTreatments()).find((tr) => tr.ID === second.id)).toMatchObject({
        Name: 'Hot Stones',
        Price: 45.5,
        Duration: 60,
        CategoryId: category.id,
      });

      await reorderTreatments(context(), category.id, { ids: [second.id, first.id] });
      const order = (await visitorTreatments())
        .filter((tr) => tr.CategoryId === category.id)
        .map((tr) => tr.ID);
      expect(order).toEqual([second.id, first.id]);
      await expect(
        reorderTreatments(context(), category.id, { ids: [second.id] }),
      ).rejects.toMatchObject({ statusCode: 400 });

      await setTreatmentActive(context(), first.id, false);
      expect((await visitorTreatments()).map((tr) => tr.ID)).not.toContain(first.id);
      expect((await bookOnline(dates[6]!, '10:00', first.id)).statusCode).toBe(400);

      await setCategoryActive(context(), category.id, false);
      expect((await visitorCategories()).map((c) => c.Name)).not.toContain('Owner Added Category');
      expect((await visitorTreatments()).map((tr) => tr.ID)).not.toContain(second.id);
      expect((await bookOnline(dates[6]!, '10:00', second.id)).statusCode).toBe(400);

      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining([
          'category.add',
          'treatment.add',
          'treatment.reorder',
          'treatment.deactivate',
          'category.deactivate',
        ]),
      );
    });

    it("refuses another client's ids and a category that does not exist", async () => {
      await expect(setTreatmentActive(context(se), 1, false)).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(
        addTreatment(context(), {
          name: 'Nowhere',
          description: '',
          price: 1,
          duration: 10,
          categoryId: 999,
        }),
      ).rejects.toMatchObject({ statusCode: 400 });
      expect((await getMenu(context())).treatments.find((tr) => tr.id === 1)!.active).toBe(true);
    });
  });
});
