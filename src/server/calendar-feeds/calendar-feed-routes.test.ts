import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInTimeZone, type Treatment } from '../../common/booking.js';
import type {
  CalendarFeedEntry,
  CalendarFeedList,
  CreatedCalendarFeed,
} from '../../common/calendar-feeds.js';
import type { StaffList } from '../../common/staff.js';
import { bookingCustomer } from '../../../tests/support/booking-request.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

/**
 * Private calendar feeds (issue 32): the owner's API and GET /calendar/<token>.ics, read back
 * with a real calendar library (ical.js, as calendar apps parse), on both databases.
 */
describeEachDatabase('calendar feeds', (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let se: OwnerSession;
  let staff: StaffList;
  let treatments: Treatment[];
  let day: string;
  const references: Record<'eilidh' | 'morven' | 'cancelled', string> = {
    eilidh: '',
    morven: '',
    cancelled: '',
  };

  const idOf = (first: string) => staff.find((m) => m.name.startsWith(first))!.id;
  const visitorBooking = (time: string, treatmentId: number, staffId: number, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      payload: {
        staffId,
        startTime: `${day} ${time}:00`,
        customer: { ...bookingCustomer, name: `Feed Customer ${n}`, email: `feed${n}@example.com` },
        treatments: [treatments.find((tr) => tr.ID === treatmentId)!],
      },
    });
  const asOwner = (session: OwnerSession, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  /** Fetches a feed's link as a calendar app does: no cookie, the link's own host and path. */
  const fetchFeed = (url: string) => {
    const link = new URL(url);
    return t.app.inject({ url: link.pathname, headers: { host: link.hostname } });
  };
  const eventsOf = (text: string) =>
    new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component));
  const londonTime = (time: ICAL.Time) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(time.toJSDate());
  const londonOf = (date: string, time: string) =>
    `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}, ${time}`;

  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
    staff = (await t.app.inject({ url: '/api/staff/list?client=RRB' })).json<StaffList>();
    treatments = (await t.app.inject({ url: '/api/treatments/list?client=RRB' })).json<
      Treatment[]
    >();
    // A Saturday a week or more ahead: Eilidh and Morven both work.
    const today = todayInTimeZone('Europe/London');
    for (let ahead = 7; ; ahead++) {
      day = addDays(today, ahead);
      if (new Date(`${day}T12:00:00Z`).getUTCDay() === 6) break;
    }
    // Gel manicure with Eilidh at 10:00, eyebrow wax with Morven at 14:00, and one cancelled.
    const made = [
      await visitorBooking('10:00', 1, idOf('Eilidh'), 1),
      await visitorBooking('14:00', 7, idOf('Morven'), 2),
      await visitorBooking('15:00', 7, idOf('Morven'), 3),
    ];
    for (const answer of made) expect(answer.statusCode, answer.body).toBe(200);
    const [eilidh, morven, cancelled] = made.map(
      (answer) => answer.json<{ data: { reference: string } }>().data.reference,
    ) as [string, string, string];
    Object.assign(references, { eilidh, morven, cancelled });
    const cancelledId = made[2]!.json<{ data: { ID: number } }>().data.ID;
    const cancelling = await asOwner(rrb, 'POST', `/api/manage/bookings/${cancelledId}/cancel`, {
      reason: 'test',
    });
    expect(cancelling.statusCode, cancelling.body).toBe(200);
  });
  afterAll(async () => t?.close());

  describe('the salon feed', () => {
    let created: CreatedCalendarFeed;

    it('is made by the owner, and the link is answered once', async () => {
      const answer = await asOwner(rrb, 'POST', '/api/manage/calendar-feeds', { staffId: null });
      expect(answer.statusCode, answer.body).toBe(201);
      created = answer.json<CreatedCalendarFeed>();
      // On the site the owner's request came in on (the client's own host).
      expect(created.url).toMatch(/^http:\/\/[^/]+\/calendar\/[\w-]{43}\.ics$/);
      expect(new URL(created.url).hostname).toBe(t.registry.byCode('RRB')!.hostNames[0]);
      expect(created.feed).toMatchObject({ staffId: null, staffName: null, revokedAt: null });
      const list = (
        await asOwner(rrb, 'GET', '/api/manage/calendar-feeds')
      ).json<CalendarFeedList>();
      expect(list.feeds.map((f) => f.id)).toContain(created.feed.id);
      expect(list.staff.map((m) => m.name)).toEqual(staff.map((m) => m.name));
      // Neither the token nor its hash is ever answered again.
      const token = /\/calendar\/([\w-]{43})\.ics$/.exec(created.url)![1]!;
      expect(JSON.stringify(list)).not.toContain(token);
      const stored = await t.handle.db
        .selectFrom('calendar_feeds')
        .select('token_hash')
        .where('id', '=', created.feed.id)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(token);
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it("lists the salon's bookings as events a calendar library reads, cancelled ones left out", async () => {
      const answer = await fetchFeed(created.url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/calendar/);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      const events = eventsOf(answer.body).filter((e) => e.startDate.toString().startsWith(day));
      expect(events.map((e) => e.summary)).toEqual([
        'Feed Customer 1: Gel Manicure with Eilidh Fraser',
        'Feed Customer 2: Eyebrow Wax with Morven Taylor',
      ]);
      const [eilidh, morven] = events as [ICAL.Event, ICAL.Event];
      expect(londonTime(eilidh.startDate)).toBe(londonOf(day, '10:00'));
      expect(londonTime(eilidh.endDate)).toBe(londonOf(day, '10:45'));
      expect(londonTime(morven.startDate)).toBe(londonOf(day, '14:00'));
      expect(londonTime(morven.endDate)).toBe(londonOf(day, '14:15'));
      expect(eilidh.description).toContain(`Booking ${references.eilidh} with Eilidh Fraser`);
      expect(eilidh.location).toBe(t.registry.byCode('RRB')!.address);
      expect(answer.body).not.toContain(references.cancelled);

      // The UID and SEQUENCE are those of the calendar file in the customer's e-mail.
      const mail = await t.handle.db
        .selectFrom('outbox')
        .select('ical')
        .where('client_code', '=', 'RRB')
        .where('mail_to', '=', 'feed1@example.com')
        .where('ical', 'is not', null)
        .executeTakeFirstOrThrow();
      const mailed = eventsOf((JSON.parse(mail.ical!) as { content: string }).content)[0]!;
      expect(eilidh.uid).toBe(mailed.uid);
      expect(eilidh.sequence).toBe(mailed.sequence);
    });
  });

  it("a therapist's feed lists only her bookings", async () => {
    const answer = await asOwner(rrb, 'POST', '/api/manage/calendar-feeds', {
      staffId: idOf('Morven'),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const created = answer.json<CreatedCalendarFeed>();
    expect(created.feed).toMatchObject({ staffId: idOf('Morven'), staffName: 'Morven Taylor' });
    const feed = await fetchFeed(created.url);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('X-WR-CALNAME:Morven Taylor\\, Ruby Rose Beauty');
    const events = eventsOf(feed.body);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.summary.endsWith('with Morven Taylor'))).toBe(true);
    expect(events.map((e) => e.description).join()).toContain(references.morven);
    expect(feed.body).not.toContain(references.eilidh);
  });

  it('answers 404 after revoking, and revoking twice keeps the first time', async () => {
    const { feed, url } = (
      await asOwner(rrb, 'POST', '/api/manage/calendar-feeds', {})
    ).json<CreatedCalendarFeed>();
    expect((await fetchFeed(url)).statusCode).toBe(200);
    const revoked = await asOwner(rrb, 'POST', `/api/manage/calendar-feeds/${feed.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const entry = revoked.json<CalendarFeedEntry>();
    expect(entry.revokedAt).not.toBeNull();
    const gone = await fetchFeed(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('VCALENDAR');
    const again = await asOwner(rrb, 'POST', `/api/manage/calendar-feeds/${feed.id}/revoke`);
    expect(again.json<CalendarFeedEntry>().revokedAt).toBe(entry.revokedAt);
  });

  it("never shows one client's bookings through another's link, host or id", async () => {
    const rrbFeed = (
      await asOwner(rrb, 'POST', '/api/manage/calendar-feeds', {})
    ).json<CreatedCalendarFeed>();
    const seAnswer = await asOwner(se, 'POST', '/api/manage/calendar-feeds', {});
    expect(seAnswer.statusCode, seAnswer.body).toBe(201);
    const seFeed = seAnswer.json<CreatedCalendarFeed>();
    expect(new URL(seFeed.url).hostname).toBe(t.registry.byCode('SE')!.hostNames[0]);
    // SE's own link: a valid calendar with none of RRB's bookings.
    const seText = (await fetchFeed(seFeed.url)).body;
    expect(eventsOf(seText)).toEqual([]);
    expect(seText).not.toContain('Feed Customer');
    // Each token only on its own client's site.
    const rrbPath = new URL(rrbFeed.url).pathname;
    const sePath = new URL(seFeed.url).pathname;
    expect(
      (await t.app.inject({ url: rrbPath, headers: { host: 'se.localhost' } })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: sePath, headers: { host: 'rrb.localhost' } })).statusCode,
    ).toBe(404);
    // SE's owner neither sees nor revokes RRB's feeds.
    const seList = (
      await asOwner(se, 'GET', '/api/manage/calendar-feeds')
    ).json<CalendarFeedList>();
    expect(seList.feeds.map((f) => f.id)).toEqual([seFeed.feed.id]);
    expect(seList.staff).toEqual([]);
    const revoke = await asOwner(
      se,
      'POST',
      `/api/manage/calendar-feeds/${rrbFeed.feed.id}/revoke`,
    );
    expect(revoke.statusCode).toBe(404);
    expect((await fetchFeed(rrbFeed.url)).statusCode).toBe(200);
    // Nor makes one for an RRB therapist.
    const theirs = await asOwner(se, 'POST', '/api/manage/calendar-feeds', {
      staffId: idOf('Eilidh'),
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json<{ issues: Array<{ path: string }> }>().issues[0]!.path).toBe('staffId');
  });

  it('answers bad input with 400 or 404, never a 5xx', async () => {
    for (const staffId of ['x', 0, -3, 1.5, 99_999]) {
      const answer = await asOwner(rrb, 'POST', '/api/manage/calendar-feeds', { staffId });
      expect(answer.statusCode, String(staffId)).toBe(400);
    }
    for (const path of [
      '/calendar/nothing.ics',
      `/calendar/${'a'.repeat(43)}.ics`,
      `/calendar/${'a'.repeat(43)}`,
      '/calendar/..%2F..%2Fetc.ics',
    ]) {
      const answer = await t.app.inject({ url: path, headers: { host: 'rrb.localhost' } });
      expect(answer.statusCode, path).toBe(404);
    }
    expect((await asOwner(rrb, 'POST', '/api/manage/calendar-feeds/abc/revoke')).statusCode).toBe(
      400,
    );
    expect(
      (await asOwner(rrb, 'POST', '/api/manage/calendar-feeds/999999/revoke')).statusCode,
    ).toBe(404);
  });

  it("gives a staff account its own therapist's link only (issue 32: staff see their own calendar)", async () => {
    const morven = await signInAs(t, 'RRB', { role: 'staff', staffId: idOf('Morven') });
    const eilidhFeed = (
      await asOwner(rrb, 'POST', '/api/manage/calendar-feeds', { staffId: idOf('Eilidh') })
    ).json<CreatedCalendarFeed>();
    await asOwner(rrb, 'POST', '/api/manage/calendar-feeds', {});

    // The salon's link and another therapist's are refused, and not listed.
    for (const staffId of [null, idOf('Eilidh')]) {
      const refused = await asOwner(morven, 'POST', '/api/manage/calendar-feeds', { staffId });
      expect(refused.statusCode, String(staffId)).toBe(403);
    }
    const own = await asOwner(morven, 'POST', '/api/manage/calendar-feeds', {
      staffId: idOf('Morven'),
    });
    expect(own.statusCode).toBe(201);
    const listed = (
      await asOwner(morven, 'GET', '/api/manage/calendar-feeds')
    ).json<CalendarFeedList>();
    expect(listed.salonLinkAllowed).toBe(false);
    expect(listed.staff.map((m) => m.name)).toEqual([expect.stringMatching(/^Morven/)]);
    expect(new Set(listed.feeds.map((f) => f.staffId))).toEqual(new Set([idOf('Morven')]));
    expect(
      (await asOwner(morven, 'POST', `/api/manage/calendar-feeds/${eilidhFeed.feed.id}/revoke`))
        .statusCode,
    ).toBe(404);
    // Their own link shows only their bookings.
    const feed = await fetchFeed(own.json<CreatedCalendarFeed>().url);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(references.morven);
    expect(feed.body).not.toContain(references.eilidh);

    // A staff account linked to nobody has nothing to make.
    const unlinked = await signInAs(t, 'RRB', { role: 'staff' });
    const none = (
      await asOwner(unlinked, 'GET', '/api/manage/calendar-feeds')
    ).json<CalendarFeedList>();
    expect(none.staff).toEqual([]);
    expect(none.feeds).toEqual([]);
    expect(
      (await asOwner(unlinked, 'POST', '/api/manage/calendar-feeds', { staffId: idOf('Morven') }))
        .statusCode,
    ).toBe(403);
  });
});
