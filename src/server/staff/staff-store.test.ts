import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { clientHasStaff, insertStaffMember, insertTimeOff, listStaff } from './staff-store.js';

describeEachDatabase('the staff store', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('stores members with treatments, hours and time off, per client, in display order', async () => {
    const db = t.handle.db;
    const now = new Date('2026-11-20T10:00:00Z');
    expect(await clientHasStaff(db, 'SE')).toBe(false);
    const second = await insertStaffMember(
      db,
      'SE',
      {
        name: 'Beth',
        bio: 'Facials.',
        photo: null,
        active: true,
        displayOrder: 2,
        treatments: [{ treatmentId: 15, durationMinutes: 40, pricePence: 3900 }],
        hours: [
          { weekday: 'tue', start: '13:00', end: '17:00' },
          { weekday: 'tue', start: '09:00', end: '12:00' },
        ],
        timeOff: [{ from: '2026-12-01', to: '2026-12-03', kind: 'holiday' }],
      },
      now,
    );
    const first = await insertStaffMember(
      db,
      'SE',
      {
        name: 'Amy',
        bio: '',
        photo: 'amy.jpg',
        active: true,
        displayOrder: 1,
        treatments: [{ treatmentId: 1, durationMinutes: null, pricePence: null }],
        hours: [],
        timeOff: [],
      },
      now,
    );
    const gone = await insertStaffMember(
      db,
      'SE',
      {
        name: 'Cat',
        bio: '',
        photo: null,
        active: false,
        displayOrder: 0,
        treatments: [],
        hours: [],
        timeOff: [],
      },
      now,
    );
    await insertTimeOff(db, 'SE', second, {
      from: '2027-01-10',
      to: '2027-01-10',
      kind: 'sickness',
    });
    expect(await clientHasStaff(db, 'SE')).toBe(true);

    const active = await listStaff(db, 'SE', { activeOnly: true });
    expect(active.map((m) => m.id)).toEqual([first, second]);
    expect(active[1]).toEqual({
      id: second,
      name: 'Beth',
      bio: 'Facials.',
      photo: null,
      active: true,
      displayOrder: 2,
      version: 1,
      treatments: [{ treatmentId: 15, durationMinutes: 40, pricePence: 3900 }],
      hours: [
        { weekday: 'tue', start: '09:00', end: '12:00' },
        { weekday: 'tue', start: '13:00', end: '17:00' },
      ],
      timeOff: [
        {
          id: expect.any(Number),
          from: '2026-12-01',
          to: '2026-12-03',
          kind: 'holiday',
          note: null,
        },
        {
          id: expect.any(Number),
          from: '2027-01-10',
          to: '2027-01-10',
          kind: 'sickness',
          note: null,
        },
      ],
    });
    expect((await listStaff(db, 'SE', { activeOnly: false })).map((m) => m.id)).toEqual([
      gone,
      first,
      second,
    ]);
    // Only the time off touching the dates asked about.
    const december = await listStaff(db, 'SE', {
      activeOnly: true,
      from: '2026-12-03',
      to: '2026-12-31',
    });
    expect(december[1]!.timeOff.map((o) => o.from)).toEqual(['2026-12-01']);
    // Another client sees none of them.
    expect(await listStaff(db, 'PI', { activeOnly: false })).toEqual([]);
  });
});
