import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  ManagedStaffList,
  ManagedStaffMember,
  StaffFields,
} from '../../common/manage-staff.js';
import type { StaffList } from '../../common/staff.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { insertStaffMember } from './staff-store.js';

const noHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

function multipart(data: Buffer) {
  const boundary = '----highstreet-staff-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="face.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase("the owner's staff API", (kind) => {
  let t: TestApp;
  let rrb: OwnerSession;
  let se: OwnerSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [rrb, se] = [await signInAs(t, 'RRB'), await signInAs(t, 'SE')];
  });
  afterAll(async () => t?.close());

  const send = (
    session: OwnerSession,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: session.headers,
      ...(payload ? { payload } : {}),
    });
  const list = async () => {
    const res = await send(rrb, 'GET', '/api/manage/staff');
    expect(res.statusCode).toBe(200);
    return res.json<ManagedStaffList>().staff;
  };
  const visitorList = async () =>
    (
      await t.app.inject({ url: '/api/staff/list', headers: { host: rrb.headers.host! } })
    ).json<StaffList>();
  const auditActions = async () =>
    (
      await t.handle.db
        .selectFrom('audit_log')
        .select('action')
        .where('client_code', '=', 'RRB')
        .where('action', 'like', 'staff.%')
        .orderBy('id')
        .execute()
    ).map((row) => row.action);
  const fieldsOf = (member: ManagedStaffMember): StaffFields => ({
    name: member.name,
    bio: member.bio,
    photo: member.photo,
    active: member.active,
    treatments: member.treatments,
    hours: member.hours,
  });

  it('lists every member with treatments, hours as spans per weekday, and time off', async () => {
    const staff = await list();
    expect(staff.map((m) => m.name)).toEqual(['Eilidh Fraser', 'Morven Taylor', 'Kirsty Paterson']);
    const morven = staff[1]!;
    expect(morven).toMatchObject({ active: true, version: 1, photo: null, timeOff: [] });
    expect(morven.hours.tue).toEqual([
      { start: '09:00', end: '13:00' },
      { start: '13:30', end: '17:30' },
    ]);
    expect(morven.hours.mon).toEqual([]);
    expect(morven.treatments[0]).toEqual({ treatmentId: 7, duration: null, price: null });
  });

  it('edits a member with a version: a break added shows; a stale version gets 409; audited', async () => {
    const eilidh = (await list())[0]!;
    const edit = {
      ...fieldsOf(eilidh),
      hours: {
        ...eilidh.hours,
        tue: [
          { start: '09:00', end: '12:30' },
          { start: '13:15', end: '17:30' },
        ],
      },
      treatments: [{ treatmentId: 1, duration: 50, price: 32.5 }, ...eilidh.treatments.slice(1)],
      version: eilidh.version,
    };
    const res = await send(rrb, 'PUT', `/api/manage/staff/${eilidh.id}`, edit);
    expect(res.statusCode).toBe(200);
    const saved = res.json<ManagedStaffMember>();
    expect(saved.version).toBe(eilidh.version + 1);
    expect(saved.hours.tue).toHaveLength(2);
    expect(saved.treatments[0]).toEqual({ treatmentId: 1, duration: 50, price: 32.5 });
    // Stored in pence.
    const row = await t.handle.db
      .selectFrom('staff_treatments')
      .select('price_pence')
      .where('staff_id', '=', eilidh.id)
      .where('treatment_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.price_pence).toBe(3250);

    const stale = await send(rrb, 'PUT', `/api/manage/staff/${eilidh.id}`, {
      ...edit,
      name: 'Someone Else',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(
      /^Someone else changed Eilidh Fraser since you opened them \(now version 2\)/,
    );
    expect((await list())[0]!.name).toBe('Eilidh Fraser');
    expect(await auditActions()).toContain('staff.edit');
  });

  it('names a bad span on its field and keeps the stored hours', async () => {
    const morven = (await list())[1]!;
    const res = await send(rrb, 'PUT', `/api/manage/staff/${morven.id}`, {
      ...fieldsOf(morven),
      hours: { ...morven.hours, wed: [{ start: '14:00', end: '12:00' }] },
      version: morven.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ issues: unknown[] }>().issues).toEqual([
      { path: 'hours.wed.0.end', message: 'The end must be after the start' },
    ]);
    expect((await list())[1]!.hours.wed).toEqual(morven.hours.wed);
  });

  it('refuses a treatment that is not on the client’s menu, on its field', async () => {
    const kirsty = (await list())[2]!;
    const res = await send(rrb, 'PUT', `/api/manage/staff/${kirsty.id}`, {
      ...fieldsOf(kirsty),
      treatments: [
        { treatmentId: 1, duration: null, price: null },
        { treatmentId: 9999, duration: null, price: null },
      ],
      version: kirsty.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ issues: unknown[] }>().issues).toEqual([
      { path: 'treatments.1.treatmentId', message: 'There is no treatment 9999 on your menu' },
    ]);
  });

  it('adds a member with a photo from the library; visitors see them at once', async () => {
    const picture = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#c36' },
    })
      .jpeg()
      .toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/manage/media',
      ...multipart(picture),
      headers: { ...rrb.headers, ...multipart(picture).headers },
    });
    expect(upload.statusCode).toBe(201);
    const { file } = upload.json<{ picture: { file: string } }>().picture;

    // The visitors' list is cached: read it first, so the add must drop it.
    expect((await visitorList()).map((m) => m.name)).not.toContain('Isla Munro');
    const fields: StaffFields = {
      name: 'Isla Munro',
      bio: 'Brows and lashes.',
      photo: file,
      active: true,
      treatments: [{ treatmentId: 11, duration: null, price: null }],
      hours: { ...noHours, fri: [{ start: '10:00', end: '16:00' }] },
    };
    const res = await send(rrb, 'POST', '/api/manage/staff', fields);
    expect(res.statusCode).toBe(201);
    const isla = res.json<ManagedStaffMember>();
    expect(isla).toMatchObject({ name: 'Isla Munro', photo: file, version: 1, displayOrder: 4 });
    const shown = (await visitorList()).find((m) => m.name === 'Isla Munro');
    expect(shown).toEqual({
      id: isla.id,
      name: 'Isla Munro',
      bio: 'Brows and lashes.',
      photo: file,
      treatmentIds: [11],
      // Her own length and price are the treatment's: none of her own.
      own: [],
    });

    // The library keeps a picture a staff member shows.
    const name = file.slice('library/'.length, -'.jpeg'.length);
    const remove = await send(rrb, 'DELETE', `/api/manage/media/${name}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json<{ message: string }>().message).toMatch(/Isla Munro/);

    // A typed name, or a picture that is not in the library, is refused on the photo field.
    for (const photo of ['isla.jpg', 'library/m-000000000000.jpeg']) {
      const bad = await send(rrb, 'POST', '/api/manage/staff', { ...fields, photo });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ issues: Array<{ path: string }> }>().issues.map((i) => i.path)).toEqual([
        'photo',
      ]);
    }
  });

  it('sets a member inactive (hidden from visitors) and reorders; every id listed once', async () => {
    const before = await list();
    const kirsty = before[2]!;
    const off = await send(rrb, 'PUT', `/api/manage/staff/${kirsty.id}/active`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<ManagedStaffMember>()).toMatchObject({
      active: false,
      version: kirsty.version + 1,
    });
    expect((await visitorList()).map((m) => m.id)).not.toContain(kirsty.id);
    expect((await list()).find((m) => m.id === kirsty.id)?.active).toBe(false);

    const ids = before.map((m) => m.id).reverse();
    const reordered = await send(rrb, 'PUT', '/api/manage/staff/order', { ids });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<ManagedStaffList>().staff.map((m) => m.id)).toEqual(ids);
    const missing = await send(rrb, 'PUT', '/api/manage/staff/order', { ids: ids.slice(1) });
    expect(missing.statusCode).toBe(400);
    // Back to the seed's order for the tests after this one.
    await send(rrb, 'PUT', '/api/manage/staff/order', { ids: before.map((m) => m.id) });
    await send(rrb, 'PUT', `/api/manage/staff/${kirsty.id}/active`, { active: true });
  });

  it('adds and removes time off; a last day before the first is named on its field', async () => {
    const morven = (await list())[1]!;
    const added = await send(rrb, 'POST', `/api/manage/staff/${morven.id}/time-off`, {
      from: '2027-03-01',
      to: '2027-03-05',
      kind: 'holiday',
      note: 'Skye',
    });
    expect(added.statusCode).toBe(201);
    const timeOff = added.json<ManagedStaffMember>().timeOff;
    expect(timeOff).toEqual([
      {
        id: expect.any(Number),
        from: '2027-03-01',
        to: '2027-03-05',
        kind: 'holiday',
        note: 'Skye',
      },
    ]);
    // Time off does not change the member's version: an open edit of their fields still saves.
    expect(added.json<ManagedStaffMember>().version).toBe(morven.version);

    const backwards = await send(rrb, 'POST', `/api/manage/staff/${morven.id}/time-off`, {
      from: '2027-03-05',
      to: '2027-03-01',
      kind: 'sickness',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ issues: unknown[] }>().issues).toEqual([
      { path: 'to', message: 'The last day cannot be before the first' },
    ]);

    const removed = await send(
      rrb,
      'DELETE',
      `/api/manage/staff/${morven.id}/time-off/${timeOff[0]!.id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ManagedStaffMember>().timeOff).toEqual([]);
    const again = await send(
      rrb,
      'DELETE',
      `/api/manage/staff/${morven.id}/time-off/${timeOff[0]!.id}`,
    );
    expect(again.statusCode).toBe(404);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['staff.time-off.add', 'staff.time-off.remove']),
    );
  });

  it('answers another client’s staff id as an unknown one (404), and a client without booking 404', async () => {
    // A member of another client, put straight into the store.
    const theirs = await insertStaffMember(
      t.handle.db,
      'SE',
      {
        name: 'Not Ruby’s',
        bio: '',
        photo: null,
        active: true,
        displayOrder: 1,
        treatments: [],
        hours: [],
        timeOff: [],
      },
      new Date(),
    );
    const fields: StaffFields = {
      name: 'Taken over',
      bio: '',
      photo: null,
      active: true,
      treatments: [],
      hours: noHours,
    };
    const attempts = [
      await send(rrb, 'PUT', `/api/manage/staff/${theirs}`, { ...fields, version: 1 }),
      await send(rrb, 'PUT', `/api/manage/staff/${theirs}/active`, { active: false }),
      await send(rrb, 'POST', `/api/manage/staff/${theirs}/time-off`, {
        from: '2027-01-04',
        to: '2027-01-04',
        kind: 'other',
      }),
    ];
    expect(attempts.map((res) => res.statusCode)).toEqual([404, 404, 404]);
    expect((await list()).map((m) => m.id)).not.toContain(theirs);
    const stored = await t.handle.db
      .selectFrom('staff_members')
      .select(['name', 'active'])
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Not Ruby’s', active: 1 });

    // Ids in the order must be the owner's own too.
    const ownIds = (await list()).map((m) => m.id);
    const order = await send(rrb, 'PUT', '/api/manage/staff/order', {
      ids: [...ownIds.slice(1), theirs],
    });
    expect(order.statusCode).toBe(400);

    const shop = await send(se, 'GET', '/api/manage/staff');
    expect(shop.statusCode).toBe(404);
    const shopAdd = await send(se, 'POST', '/api/manage/staff', fields);
    expect(shopAdd.statusCode).toBe(404);
  });

  it('refuses bad input with words, never a 5xx', async () => {
    const bad = [
      await send(rrb, 'POST', '/api/manage/staff', { name: 42 }),
      await send(rrb, 'PUT', '/api/manage/staff/abc', {}),
      await send(rrb, 'PUT', '/api/manage/staff/1', { version: 'x' }),
      await send(rrb, 'DELETE', '/api/manage/staff/1/time-off/99999999999'),
    ];
    expect(bad.map((res) => res.statusCode)).toEqual([400, 400, 400, 400]);
  });
});
