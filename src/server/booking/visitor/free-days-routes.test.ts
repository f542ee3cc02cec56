import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayInTimeZone } from '../../../common/booking.js';
import type { FreeDays } from '../../../common/booking-free-days.js';
import { weekdays, type ClientConfig } from '../../../common/client-config.js';
import { describeEachDatabase } from '../../../../tests/support/each-database.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { loadBookingRules, saveBookingRules } from '../booking-rules-store.js';

/** The first open day of the salon at least `ahead` days from today (clear of the lead time). */
function openDayFrom(client: ClientConfig, ahead: number): string {
  const rules = client.booking!;
  const today = todayInTimeZone(client.timeZone);
  for (let offset = ahead; ; offset++) {
    const date = addDays(today, offset);
    const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    if (rules.openingHours[weekday] && !rules.closedDates.includes(date)) return date;
  }
}

describeEachDatabase('GET /api/bookings/free-days', (kind) => {
  let t: TestApp;
  let rrb: ClientConfig;
  /** Two open days in the same month, both at least three days ahead. */
  let fullDay: string;
  let freeDay: string;
  let month: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    rrb = t.registry.byCode('RRB')!;
    // Two open days of one month, clear of the lead time.
    for (let ahead = 3; ; ahead++) {
      fullDay = openDayFrom(rrb, ahead);
      const today = todayInTimeZone(rrb.timeZone);
      const daysAhead = Math.round((Date.parse(fullDay) - Date.parse(today)) / 86_400_000);
      freeDay = openDayFrom(rrb, daysAhead + 1);
      if (freeDay.slice(0, 7) === fullDay.slice(0, 7)) break;
    }
    month = fullDay.slice(0, 7);
    // Capacity 1: one booking from opening to the latest closing fills the day; a cancelled one
    // on the other day must not count.
    const row = {
      client_code: 'RRB',
      start_minute: 9 * 60,
      end_minute: 20 * 60,
      total_price_pence: 1000,
      total_duration_minutes: 660,
      customer_name: 'Filler',
      customer_email: 'filler@example.com',
      customer_telephone: '07700900000',
      customer_door_no: '1',
      customer_post_code: 'EH1 1AA',
      marketing: 0,
      consent_at: new Date().toISOString(),
      consent_version: 'test',
      created_at: new Date().toISOString(),
    };
    await t.handle.db
      .insertInto('bookings')
      .values([
        { ...row, booking_date: fullDay, status: 'booked' },
        { ...row, booking_date: freeDay, status: 'cancelled' },
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  const freeDays = (query: string, client = 'RRB') =>
    t.app.inject({ url: `/api/bookings/free-days?client=${client}&${query}` });
  const stateOf = (answer: FreeDays, date: string) =>
    answer.days.find((day) => day.date === date)?.state;

  it('answers every day of the month: full, free, closed, and past days unbookable', async () => {
    const res = await freeDays(`month=${month}&estmatedDuration=60`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<FreeDays>();
    expect(answer.month).toBe(month);
    const [y, m] = month.split('-').map(Number) as [number, number];
    expect(answer.days).toHaveLength(new Date(Date.UTC(y, m, 0)).getUTCDate());
    expect(answer.days[0]!.date).toBe(`${month}-01`);

    expect(stateOf(answer, fullDay)).toBe('full');
    expect(stateOf(answer, freeDay)).toBe('free');
    const today = todayInTimeZone(rrb.timeZone);
    for (const { date, state } of answer.days) {
      const weekday = weekdays[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
      if (date < today) expect(state, date).toBe('unbookable');
      else if (!rrb.booking!.openingHours[weekday] || rrb.booking!.closedDates.includes(date)) {
        expect(state, date).toBe('closed');
      }
    }
  });

  it('agrees with bookings/time on every day of the month', async () => {
    const answer = (await freeDays(`month=${month}&estmatedDuration=90`)).json<FreeDays>();
    for (const { date, state } of answer.days) {
      const times = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/time?client=RRB',
        payload: { bookingDate: date, estmatedDuration: 90 },
      });
      if (state === 'unbookable') expect(times.statusCode, date).toBe(400);
      else expect(times.json<string[]>().length > 0, date).toBe(state === 'free');
    }
  });

  it('shows an owner’s new closure at once (the cached rules are dropped on change)', async () => {
    expect(stateOf((await freeDays(`month=${month}&estmatedDuration=30`)).json(), freeDay)).toBe(
      'free',
    );
    const loaded = (await loadBookingRules(t.handle.db, rrb))!;
    const rules = {
      ...loaded.rules,
      closures: [...loaded.rules.closures, { from: freeDay, to: freeDay, reason: 'Training' }],
    };
    expect(await saveBookingRules(t.handle.db, 'RRB', rules, loaded.version, new Date())).toBe(
      loaded.version + 1,
    );
    t.changes.clientChanged('RRB');
    expect(stateOf((await freeDays(`month=${month}&estmatedDuration=30`)).json(), freeDay)).toBe(
      'closed',
    );
  });

  it('shows a day full at once when a booking takes its last free time', async () => {
    const today = todayInTimeZone(rrb.timeZone);
    const daysAhead = (date: string) =>
      Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
    const lastSlotDay = openDayFrom(rrb, daysAhead(freeDay) + 1);
    const lastSlotMonth = lastSlotDay.slice(0, 7);
    // Everything but 09:00-09:45 is taken, behind the app's back, before the month is first asked.
    await t.handle.db
      .insertInto('bookings')
      .values({
        client_code: 'RRB',
        booking_date: lastSlotDay,
        start_minute: 9 * 60 + 45,
        end_minute: 20 * 60,
        total_price_pence: 1000,
        total_duration_minutes: 615,
        customer_name: 'Filler',
        customer_email: 'filler@example.com',
        customer_telephone: '07700900000',
        customer_door_no: '1',
        customer_post_code: 'EH1 1AA',
        marketing: 0,
        consent_at: new Date().toISOString(),
        consent_version: 'test',
        created_at: new Date().toISOString(),
      })
      .execute();
    const ask = async () =>
      stateOf(
        (await freeDays(`month=${lastSlotMonth}&estmatedDuration=45`)).json<FreeDays>(),
        lastSlotDay,
      );
    expect(await ask()).toBe('free');
    const treatments = (await t.app.inject({ url: '/api/treatments/list?client=RRB' })).json<
      Array<{ ID: number; Duration: number; Active: boolean }>
    >();
    const fortyFive = treatments.find((tr) => tr.Active && tr.Duration === 45)!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      payload: {
        startTime: `${lastSlotDay} 09:00:00`,
        customer: {
          name: 'Last Slot',
          dob: '1900-01-01 00:00:00',
          telephone: '07700900123',
          email: 'last@example.com',
          doorNo: '1',
          postCode: 'EH49 7AB',
          gdprConsent: true,
          gift: false,
          marketing: false,
        },
        treatments: [{ ID: fortyFive.ID }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await ask()).toBe('full');
  });

  it('refuses a bad month or duration with 400 and a message a person can act on', async () => {
    const cases: Array<[string, string]> = [
      ['estmatedDuration=60', 'month is required, written YYYY-MM'],
      [`month=2026-13&estmatedDuration=60`, 'month: must be a month written YYYY-MM'],
      [`month=12-2026&estmatedDuration=60`, 'month: must be a month written YYYY-MM'],
      [`month=${month}-01&estmatedDuration=60`, 'month: must be a month written YYYY-MM'],
      [`month=${month}`, 'estmatedDuration'],
      [`month=${month}&estmatedDuration=-5`, 'estmatedDuration must be at least 1 minute'],
      [`month=${month}&estmatedDuration=long`, 'estmatedDuration'],
      [`month=${month}&estmatedDuration=721`, 'cannot be more than 12 hours'],
    ];
    for (const [query, expected] of cases) {
      const res = await freeDays(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(expected);
    }
  });

  it('answers any query with 200 or a 400 that says what is wrong, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom(month, '0000-01', '9999-12', '2026-00', ' 2026-12')),
        fc.oneof(fc.string(), fc.constantFrom('60', '1e3', '0x10', '60.5', '')),
        async (monthText, durationText) => {
          const res = await freeDays(
            `month=${encodeURIComponent(monthText)}&estmatedDuration=${encodeURIComponent(durationText)}`,
          );
          expect([200, 400], res.body).toContain(res.statusCode);
          if (res.statusCode === 400)
            expect(res.json().message).toMatch(/month|estmatedDuration|Bookings open|in the past/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a month wholly past or wholly beyond the horizon, saying which months can be chosen', async () => {
    const today = todayInTimeZone(rrb.timeZone);
    const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    const past = await freeDays(`month=${lastMonth}&estmatedDuration=60`);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(
      /is in the past\. Please choose \w+ \d{4} or a later month/,
    );

    const lastDay = addDays(today, rrb.booking!.horizonDays);
    const beyond = addDays(`${lastDay.slice(0, 7)}-28`, 5).slice(0, 7);
    const far = await freeDays(`month=${beyond}&estmatedDuration=60`);
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toContain(
      `Bookings open ${rrb.booking!.horizonDays} days ahead, so the latest month you can choose is`,
    );
    // The horizon's own month answers, with the days after the horizon unbookable.
    const edge = (await freeDays(`month=${lastDay.slice(0, 7)}&estmatedDuration=60`)).json();
    expect(stateOf(edge, addDays(lastDay, 1))).toSatisfy(
      (state) => state === undefined || state === 'unbookable',
    );
  });

  it('answers 404 for a client that takes no bookings online', async () => {
    const res = await freeDays(`month=${month}&estmatedDuration=60`, 'SE');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('does not take bookings online');
  });
});
