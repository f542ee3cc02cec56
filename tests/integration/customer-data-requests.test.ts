import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CustomerExport, ErasedCustomer } from '../../src/common/customer-data.js';
import type { CustomerDetail, CustomerSummary } from '../../src/common/customers.js';
import { erasedCustomerName } from '../../src/server/customers/anonymise-store.js';
import { runRecordsRetention } from '../../src/server/retention/retention-job.js';
import { freeBookingRequest } from '../support/booking-request.js';
import { compiledEntry } from '../support/compiled-server.js';
import { describeEachDatabase } from '../support/each-database.js';
import { signInAs, type OwnerSession } from '../support/owner-session.js';
import { repoRoot, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 33, data requests (decision 0066): an enquiry makes a customer; the owner exports one
 * customer (JSON and CSV, their e-mails included) and erases them (bookings kept anonymised with
 * their values, their e-mails gone); only the owner may; staff see only the customers of their
 * own bookings; the retention job erases customers past the limits; the command line does both.
 */
describeEachDatabase('customer data requests', (kind) => {
  let t: TestApp;
  let owner: OwnerSession;
  let seOwner: OwnerSession;

  const call = (
    session: Pick<OwnerSession, 'headers'> | undefined,
    method: 'GET' | 'POST',
    url: string,
  ) => t.app.inject({ method, url, headers: session?.headers ?? { host: 'rrb.localhost' } });
  const search = async (text: string, session = owner) =>
    (await call(session, 'GET', `/api/manage/customers?search=${encodeURIComponent(text)}`)).json<{
      customers: CustomerSummary[];
    }>().customers;
  const enquire = (params: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1.0/email/send',
      payload: {
        user_id: 'hs_pub_RRB',
        service_id: 'highstreet',
        template_id: 'contact',
        template_params: params,
      },
    });
  const book = async (email: string, skipTimes = 0) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create?client=RRB',
      payload: await freeBookingRequest(t, { email, name: 'Erin Example' }, skipTimes),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      BOOKING_LIMIT_PER_IP: '1000',
      MAIL_RELAY_LIMIT_PER_IP: '1000',
      MAIL_RELAY_LIMIT_PER_CLIENT: '1000',
    });
    owner = await signInAs(t, 'RRB');
    seOwner = await signInAs(t, 'SE');
  });
  afterAll(async () => t?.close());

  it('puts an enquiry on a customer record, matched by e-mail then phone', async () => {
    const res = await enquire({
      name: 'Erin Example',
      email: 'Erin@Example.com',
      telephone: '07700 900777',
      message: 'Do you do brows?',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [erin] = await search('erin@example.com');
    expect(erin).toMatchObject({ name: 'Erin Example', email: 'erin@example.com' });
    const detail = (
      await call(owner, 'GET', `/api/manage/customers/${erin!.id}`)
    ).json<CustomerDetail>();
    expect(detail.enquiries).toHaveLength(1);
    expect(detail.enquiries[0]).toMatchObject({ form: 'contact' });
    expect(detail.enquiries[0]!.subject).toContain('New enquiry from Erin Example');
    expect(detail.enquiries[0]!.at).toMatch(/^\d{4}-/);
  });

  it('exports everything held on one customer as JSON and CSV, owners only, audited', async () => {
    await book('erin@example.com');
    const [erin] = await search('erin@example.com');
    const url = `/api/manage/customers/${erin!.id}/export`;
    const json = await call(owner, 'GET', `${url}.json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toBe(
      `attachment; filename="customer-${erin!.id}.json"`,
    );
    const data = json.json<CustomerExport>();
    expect(data.customer).toMatchObject({ id: erin!.id, email: 'erin@example.com' });
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]!.treatments.length).toBeGreaterThan(0);
    expect(data.enquiries.length).toBeGreaterThanOrEqual(1);
    // The booking's e-mails to her and the owner's copy, and her enquiry (Reply-To her).
    const subjects = data.emails.map((m) => m.subject).join('\n');
    expect(data.emails.some((m) => m.to.toLowerCase() === 'erin@example.com')).toBe(true);
    expect(data.emails.some((m) => m.replyTo?.toLowerCase() === 'erin@example.com')).toBe(true);
    expect(subjects).toContain('New enquiry from Erin Example');
    expect((await call(owner, 'GET', url)).json<CustomerExport>().customer.id).toBe(erin!.id);

    const csv = await call(owner, 'GET', `${url}.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFFrecord,')).toBe(true);
    const records = csv.body.split('\r\n').map((line) => line.split(',')[0]);
    for (const record of ['customer', 'booking', 'booking-treatment', 'enquiry', 'email'])
      expect(records).toContain(record);
    expect(csv.body).toMatch(/booking,[^,]*,\d\d\/\d\d\/\d{4} \d\d:\d\d,/);

    const audit = JSON.stringify((await call(owner, 'GET', '/api/manage/audit')).json());
    expect(audit).toContain('customer.export');
  });

  it('refuses the export and the erasure to staff, another client and no session', async () => {
    const [erin] = await search('erin@example.com');
    const staff = await signInAs(t, 'RRB', { role: 'staff' });
    const onRrbHost = {
      headers: { ...seOwner.headers, host: 'rrb.localhost', origin: 'http://rrb.localhost' },
    };
    for (const [method, path] of [
      ['GET', 'export'],
      ['GET', 'export.json'],
      ['GET', 'export.csv'],
      ['POST', 'erase'],
    ] as const) {
      const url = `/api/manage/customers/${erin!.id}/${path}`;
      expect((await call(staff, method, url)).statusCode, `staff ${url}`).toBe(403);
      expect((await call(onRrbHost, method, url)).statusCode, `SE on RRB ${url}`).toBe(403);
      expect((await call(seOwner, method, url)).statusCode, `SE's own ${url}`).toBe(404);
      expect((await call(undefined, method, url)).statusCode, `no session ${url}`).toBe(401);
    }
  });

  it('erases a customer: bookings kept anonymised with their values, e-mails and notes gone', async () => {
    const [erin] = await search('erin@example.com');
    const db = t.handle.db;
    await t.app.inject({
      method: 'POST',
      url: `/api/manage/customers/${erin!.id}/notes`,
      headers: owner.headers,
      payload: { kind: 'allergy', text: 'Latex' },
    });
    const bookingsBefore = await db
      .selectFrom('bookings')
      .select(['id', 'total_price_pence', 'booking_date', 'status'])
      .where('customer_id', '=', erin!.id)
      .execute();
    expect(bookingsBefore).toHaveLength(1);
    const emailsAbout = () =>
      db
        .selectFrom('outbox')
        .select('id')
        .where('client_code', '=', 'RRB')
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(mail_to)`, '=', 'erin@example.com'),
            eb(sql<string>`lower(reply_to)`, '=', 'erin@example.com'),
          ]),
        )
        .execute();
    expect((await emailsAbout()).length).toBeGreaterThanOrEqual(3);

    // She was asked for a review of the booking and wrote one.
    const bookingId = bookingsBefore[0]!.id;
    await db
      .insertInto('review_requests')
      .values({
        client_code: 'RRB',
        customer_email: 'erin@example.com',
        customer_name: 'Erin Example',
        booking_id: bookingId,
        order_id: null,
        created_at: new Date().toISOString(),
        used_at: null,
      })
      .execute();
    const review = await db
      .insertInto('reviews')
      .values({
        client_code: 'RRB',
        review: 'Lovely brows',
        reviewer: 'Erin E.',
        stars: 5,
        booking_id: bookingId,
        reply: null,
        replied_at: null,
        order_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call(owner, 'POST', `/api/manage/customers/${erin!.id}/erase`);
    expect(res.statusCode, res.body).toBe(200);
    const erased = res.json<ErasedCustomer>();
    expect(erased).toMatchObject({ customerId: erin!.id, bookingsAnonymised: 1, notesDeleted: 1 });
    expect(erased.enquiriesDeleted).toBeGreaterThanOrEqual(1);
    expect(erased.emailsDeleted).toBeGreaterThanOrEqual(3);

    const after = await db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', bookingsBefore[0]!.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      customer_name: erasedCustomerName,
      customer_email: '',
      customer_telephone: '',
      customer_post_code: '',
      customer_id: null,
      total_price_pence: bookingsBefore[0]!.total_price_pence,
      booking_date: bookingsBefore[0]!.booking_date,
      status: bookingsBefore[0]!.status,
    });
    expect(await emailsAbout()).toEqual([]);
    expect(
      await db.selectFrom('customers').select('id').where('id', '=', erin!.id).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('customer_notes')
        .select('id')
        .where('customer_id', '=', erin!.id)
        .execute(),
    ).toEqual([]);
    expect((await call(owner, 'GET', `/api/manage/customers/${erin!.id}`)).statusCode).toBe(404);
    expect(erased.reviewRequestsDeleted).toBe(1);
    expect(
      await db
        .selectFrom('review_requests')
        .select('id')
        .where('booking_id', '=', bookingId)
        .execute(),
    ).toEqual([]);
    const reviewAfter = await db
      .selectFrom('reviews')
      .select(['reviewer', 'review'])
      .where('id', '=', review.id)
      .executeTakeFirstOrThrow();
    expect(reviewAfter).toEqual({ reviewer: erasedCustomerName, review: 'Lovely brows' });
    expect(await search('erin')).toEqual([]);
    const audit = JSON.stringify((await call(owner, 'GET', '/api/manage/audit')).json());
    expect(audit).toContain('customer.erase');
    expect(audit).not.toMatch(/erin/i);
  });

  it('shows staff only the customers of their own bookings', async () => {
    await book('fay@example.com', 1);
    await book('gus@example.com', 2);
    const members = await t.handle.db
      .selectFrom('staff_members')
      .select('id')
      .where('client_code', '=', 'RRB')
      .orderBy('id')
      .limit(2)
      .execute();
    const [fay] = await search('fay@example.com');
    const [gus] = await search('gus@example.com');
    for (const [customer, member] of [
      [fay!, members[0]!],
      [gus!, members[1]!],
    ] as const)
      await t.handle.db
        .updateTable('bookings')
        .set({ staff_id: member.id })
        .where('customer_id', '=', customer.id)
        .execute();
    const mine = await signInAs(t, 'RRB', { role: 'staff', staffId: members[0]!.id });
    const nobody = await signInAs(t, 'RRB', { role: 'staff' });
    expect((await search('@example.com', mine)).map((c) => c.id)).toContain(fay!.id);
    expect((await search('@example.com', mine)).map((c) => c.id)).not.toContain(gus!.id);
    expect(await search('', nobody)).toEqual([]);
    expect((await call(mine, 'GET', `/api/manage/customers/${fay!.id}`)).statusCode).toBe(200);
    expect((await call(mine, 'GET', `/api/manage/customers/${gus!.id}`)).statusCode).toBe(404);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/manage/customers/${gus!.id}/notes`,
      headers: mine.headers,
      payload: { kind: 'note', text: 'Not mine' },
    });
    expect(note.statusCode).toBe(404);
    // The owner sees both.
    expect((await search('@example.com')).map((c) => c.id)).toEqual(
      expect.arrayContaining([fay!.id, gus!.id]),
    );
  });

  if (kind === 'sqlite') {
    it('exports and erases from the command line (`npm run customers`)', async () => {
      await book('hal@example.com', 3);
      const file = await sql<{
        file: string;
      }>`select file from pragma_database_list where name = 'main'`.execute(t.handle.db);
      const env = { ...process.env, SQLITE_FILE: file.rows[0]!.file, DATABASE_URL: '' };
      const cli = (...args: string[]) =>
        promisify(execFile)(process.execPath, [compiledEntry('customers-cli'), ...args], {
          cwd: repoRoot,
          env,
        });
      const json = await cli('export', 'RRB', 'HAL@example.com');
      const data = JSON.parse(json.stdout) as CustomerExport;
      expect(data.customer.email).toBe('hal@example.com');
      expect(data.emails.length).toBeGreaterThan(0);
      const csv = await cli('export', 'rrb', String(data.customer.id), '--format', 'csv');
      expect(csv.stdout.startsWith('\uFEFFrecord,')).toBe(true);
      await expect(cli('erase', 'RRB', 'hal@example.com')).rejects.toMatchObject({ code: 2 });
      await expect(cli('export', 'RRB', 'nobody@example.com')).rejects.toMatchObject({ code: 1 });
      const erased = await cli('erase', 'RRB', 'hal@example.com', '--yes');
      expect(erased.stdout).toContain(`Customer ${data.customer.id} of RRB erased: 1 bookings`);
      const left = await t.handle.db
        .selectFrom('customers')
        .select('id')
        .where('id', '=', data.customer.id)
        .execute();
      expect(left).toEqual([]);
    });
  }

  // Last: its clock is years ahead, so it also ends the sessions signed in above.
  it('erases customers past the retention limits and keeps one with a recent booking', async () => {
    const db = t.handle.db;
    const now = new Date('2030-06-01T08:00:00.000Z');
    const longAgo = '2027-01-01T00:00:00.000Z';
    const customer = async (name: string, lastActivity: string) =>
      (
        await db
          .insertInto('customers')
          .values({
            client_code: 'RRB',
            name,
            email: `${name.toLowerCase()}@old.example`,
            telephone: null,
            telephone_digits: null,
            consent_at: null,
            consent_source: null,
            created_at: longAgo,
            updated_at: longAgo,
            last_activity_at: lastActivity,
            merged_into: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const oldId = await customer('Olga', longAgo);
    const keptId = await customer('Kit', longAgo);
    const booking = (customerId: number, date: string) => ({
      client_code: 'RRB',
      booking_date: date,
      start_minute: 600,
      end_minute: 660,
      total_price_pence: 4500,
      total_duration_minutes: 60,
      customer_name: 'Someone',
      customer_email: 'someone@old.example',
      customer_telephone: '',
      customer_door_no: '',
      customer_post_code: '',
      marketing: 0,
      consent_at: longAgo,
      consent_version: '1',
      created_at: longAgo,
      status: 'completed',
      customer_id: customerId,
    });
    await db
      .insertInto('bookings')
      .values([
        booking(oldId, '2027-01-10'),
        booking(keptId, '2027-01-10'),
        booking(keptId, '2030-05-01'),
      ])
      .execute();
    await db
      .insertInto('customer_notes')
      .values({
        customer_id: oldId,
        client_code: 'RRB',
        kind: 'allergy',
        text: 'Nuts',
        patch_test_date: null,
        patch_test_result: null,
        created_at: longAgo,
        author_owner_id: null,
      })
      .execute();
    const run = await runRecordsRetention(db, { sessionIdleMs: 60_000, now, force: true });
    expect(run.byClient.get('RRB')!.customersErased).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('customers')
      .select('id')
      .where('id', 'in', [oldId, keptId])
      .execute();
    expect(left.map((c) => c.id)).toEqual([keptId]);
    expect(
      await db.selectFrom('customer_notes').select('id').where('customer_id', '=', oldId).execute(),
    ).toEqual([]);
    const figures = await db
      .selectFrom('bookings')
      .select(['customer_name', 'total_price_pence'])
      .where('booking_date', '=', '2027-01-10')
      .where('start_minute', '=', 600)
      .execute();
    expect(figures.map((b) => [b.customer_name, b.total_price_pence])).toEqual([
      ['Anonymised', 4500],
      ['Anonymised', 4500],
    ]);
  });
});
