import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayInTimeZone, type Treatment } from '../../../common/booking.js';
import type { ManageMenu } from '../../../common/diary.js';
import { bookingCustomer } from '../../../../tests/support/booking-request.js';
import { describeEachDatabase } from '../../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';

/** Issue 33: online booking of a treatment that needs a patch test, checked on the server. */
describeEachDatabase('patch tests in online booking', (kind) => {
  const lashLift = 11; // RRB's Lash Lift & Tint: a patch test 48 hours before (the seed).
  const patchTestId = 22; // RRB's Patch test appointment (the seed).
  const rrbHost = { host: 'rrb.localhost' };
  let t: TestApp;
  let rrb: OwnerSession;
  let staff: OwnerSession;
  let se: OwnerSession;
  let today: string;
  let lash: Treatment;
  let day: string;
  let times: string[];
  let made = 0;

  const timesOn = async (date: string, treatmentId: number, duration: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/bookings/time',
        headers: rrbHost,
        payload: { bookingDate: date, estmatedDuration: duration, treatmentIds: [treatmentId] },
      })
    ).json<string[]>();

  const book = (email: string, time = times[made++ % times.length]!, treatment = lash) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: rrbHost,
      payload: {
        totalPrice: treatment.Price,
        totalDuration: treatment.Duration,
        startTime: `${day} ${time}:00`,
        endTime: `${day} 23:00:00`,
        customer: { ...bookingCustomer, email },
        treatments: [treatment],
      },
    });

  /** A customer of `clientCode` with this e-mail, as a booking or an order would have made. */
  const customerWith = async (email: string, clientCode = 'RRB') => {
    const now = new Date().toISOString();
    const { id } = await t.handle.db
      .insertInto('customers')
      .values({
        client_code: clientCode,
        name: 'Ann Example',
        email: email.toLowerCase(),
        created_at: now,
        updated_at: now,
        last_activity_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };

  /** The owner records a patch test on the customer page (the API the page calls). */
  const recordPatchTest = async (customerId: number, daysAgo: number, result: 'pass' | 'fail') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/customers/${customerId}/notes`,
      headers: rrb.headers,
      payload: {
        kind: 'patch-test',
        text: '',
        patchTestDate: addDays(today, -daysAgo),
        patchTestResult: result,
        patchTestTreatmentId: String(lashLift),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { BOOKING_LIMIT_PER_IP: '1000' });
    rrb = await signInAs(t, 'RRB');
    staff = await signInAs(t, 'RRB', { role: 'staff' });
    se = await signInAs(t, 'SE');
    today = todayInTimeZone(t.registry.byCode('RRB')!.timeZone);
    const treatments = (
      await t.app.inject({ url: '/api/treatments/list?activeOnly=1', headers: rrbHost })
    ).json<Treatment[]>();
    lash = treatments.find((tr) => tr.ID === lashLift)!;
    expect(lash).toMatchObject({ PatchTestHours: 48 });
    expect(treatments.find((tr) => tr.ID === patchTestId)).toMatchObject({
      Name: 'Patch test',
      Price: 0,
      IsPatchTest: true,
    });
    // The first day from three days ahead with free times for the lash lift (its therapist works).
    for (let ahead = 3; ahead < 14; ahead++) {
      day = addDays(today, ahead);
      times = await timesOn(day, lashLift, lash.Duration);
      if (times.length >= 4) break;
    }
    expect(times.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => t?.close());

  it('refuses a visitor with no patch test recorded, naming the treatment and what to do', async () => {
    const res = await book('nobody@example.com');
    expect(res.statusCode).toBe(422);
    const body = res.json<{ message: string; issues: Array<{ path: string; message: string }> }>();
    expect(body.issues).toEqual([{ path: 'treatments', message: body.message }]);
    expect(body.message).toContain('Lash Lift & Tint needs a patch test at least 48 hours before');
    expect(body.message).toContain('Please book a Patch test first');
    // The patch test itself books without one, and the booking that needs one still does not.
    const patchTest = (
      await t.app.inject({ url: '/api/treatments/list?activeOnly=1', headers: rrbHost })
    )
      .json<Treatment[]>()
      .find((tr) => tr.ID === patchTestId)!;
    const testTimes = await timesOn(day, patchTestId, patchTest.Duration);
    expect((await book('nobody@example.com', testTimes[0], patchTest)).statusCode).toBe(200);
    expect((await book('nobody@example.com')).statusCode).toBe(422);
  });

  it('books after a passed test five months old, matched by e-mail in any case', async () => {
    const id = await customerWith('passed@example.com');
    await recordPatchTest(id, 150, 'pass');
    const res = await book('Passed@Example.COM');
    expect(res.statusCode, res.body).toBe(200);
    const booked = res.json<{ data: { ID: number } }>().data;
    const page = (
      await t.app.inject({ url: `/api/manage/customers/${id}`, headers: rrb.headers })
    ).json<{ patchTest: unknown }>();
    expect(page.patchTest).toMatchObject({
      result: 'pass',
      valid: true,
      treatment: 'Lash Lift & Tint',
      date: addDays(today, -150),
    });

    // A test failed since: moving the booking with its manage link is refused too.
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select('text')
      .where('idempotency_key', '=', `booking-${booked.ID}-customer`)
      .executeTakeFirstOrThrow();
    const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    await recordPatchTest(id, 1, 'fail');
    const move = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/move`,
      headers: { ...rrbHost, origin: 'http://rrb.localhost', 'x-requested-with': 'highstreet' },
      payload: { startTime: `${day} ${times[times.length - 1]}:00` },
    });
    expect(move.statusCode, move.body).toBe(422);
    expect(move.json<{ message: string }>().message).toContain('did not pass');
  });

  it('refuses a test seven months old, a failed one, and another client’s record', async () => {
    const old = await customerWith('old@example.com');
    await recordPatchTest(old, 213, 'pass');
    const expired = await book('old@example.com');
    expect(expired.statusCode).toBe(422);
    expect(expired.json<{ message: string }>().message).toContain('more than 6 months');

    const failed = await customerWith('failed@example.com');
    await recordPatchTest(failed, 30, 'fail');
    const refused = await book('failed@example.com');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain('did not pass');

    const elsewhere = await customerWith('elsewhere@example.com', 'SE');
    await t.handle.db
      .insertInto('customer_notes')
      .values({
        customer_id: elsewhere,
        client_code: 'SE',
        kind: 'patch-test',
        text: '',
        patch_test_date: addDays(today, -30),
        patch_test_result: 'pass',
        created_at: new Date().toISOString(),
        author_owner_id: null,
      })
      .execute();
    expect((await book('elsewhere@example.com')).statusCode).toBe(422);
  });

  it('refuses a test too close to the appointment, with the first day it allows', async () => {
    // The owner asks for two weeks between the test and the treatment.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/treatments/${lashLift}`,
      headers: rrb.headers,
      payload: {
        name: lash.Name,
        description: lash.Description,
        price: lash.Price,
        duration: lash.Duration,
        categoryId: lash.CategoryId,
        patchTestHours: 336,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<ManageMenu>().treatments.find((tr) => tr.id === lashLift)).toMatchObject({
      patchTestHours: 336,
      isPatchTest: false,
    });
    try {
      const id = await customerWith('recent@example.com');
      await recordPatchTest(id, 1, 'pass');
      const res = await book('recent@example.com');
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toContain('too recent');
      expect(res.json<{ message: string }>().message).toContain('or later');
    } finally {
      const back = await t.app.inject({
        method: 'PUT',
        url: `/api/manage/treatments/${lashLift}`,
        headers: rrb.headers,
        payload: {
          name: lash.Name,
          description: lash.Description,
          price: lash.Price,
          duration: lash.Duration,
          categoryId: lash.CategoryId,
          patchTestHours: 48,
        },
      });
      expect(back.statusCode).toBe(200);
    }
  });

  it('lets only the owner change the settings, and checks them', async () => {
    const payload = {
      name: 'Patch test',
      price: 0,
      duration: 15,
      categoryId: 3,
      isPatchTest: true,
    };
    const url = `/api/manage/treatments/${patchTestId}`;
    const put = (headers: Record<string, string>, body: object = payload) =>
      t.app.inject({ method: 'PUT', url, headers, payload: body });
    expect((await put(staff.headers)).statusCode).toBe(403);
    expect(
      (await put({ ...se.headers, host: 'rrb.localhost', origin: 'http://rrb.localhost' }))
        .statusCode,
    ).toBe(403);
    expect((await put(se.headers)).statusCode).toBe(404);
    expect((await put(rrbHost)).statusCode).toBe(401);
    const both = await put(rrb.headers, { ...payload, patchTestHours: 48 });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ issues: Array<{ path: string }> }>().issues[0]?.path).toBe('patchTestHours');
    expect((await put(rrb.headers, { ...payload, patchTestHours: 0.5 })).statusCode).toBe(400);
    // Without the new fields an edit leaves them as they were.
    const plain = await put(rrb.headers, {
      name: 'Patch test',
      price: 0,
      duration: 15,
      categoryId: 3,
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<ManageMenu>().treatments.find((tr) => tr.id === patchTestId)).toMatchObject({
      isPatchTest: true,
      patchTestHours: null,
    });
  });
});
