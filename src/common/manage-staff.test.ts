import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  daysInRange,
  staffEditSchema,
  staffFieldsSchema,
  staffHoursSchema,
  staffTimeOffSchema,
  type StaffFields,
} from './manage-staff';
import { textMessages } from './text-rules';

const noHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const member: StaffFields = {
  name: 'Eilidh Fraser',
  bio: 'Nails and waxing.',
  photo: null,
  active: true,
  treatments: [{ treatmentId: 1, duration: null, price: null }],
  hours: { ...noHours, tue: [{ start: '09:00', end: '17:30' }] },
};

const issuesOf = (schema: z.ZodMiniType, value: unknown) =>
  z.safeParse(schema, value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('a staff member’s fields', () => {
  it('takes a member with a break, a treatment at their own length and price, and trims text', () => {
    const parsed = z.parse(staffFieldsSchema, {
      ...member,
      name: '  Eilidh Fraser ',
      photo: 'library/m-0a1b2c3d4e5f.jpeg',
      treatments: [{ treatmentId: 3, duration: 50, price: 24.5 }],
      hours: {
        ...noHours,
        // Any order; touching is allowed, overlapping is not.
        tue: [
          { start: '13:30', end: '17:30' },
          { start: '09:00', end: '13:00' },
        ],
        sat: [{ start: '18:00', end: '24:00' }],
      },
    });
    expect(parsed.name).toBe('Eilidh Fraser');
    expect(parsed.treatments).toEqual([{ treatmentId: 3, duration: 50, price: 24.5 }]);
  });

  it('asks for a name, and keeps it to one line of limited length', () => {
    expect(issuesOf(staffFieldsSchema, { ...member, name: '   ' })).toEqual([
      ['name', 'Please enter their name'],
    ]);
    expect(issuesOf(staffFieldsSchema, { ...member, name: 'x'.repeat(81) })).toEqual([
      ['name', 'Please keep the name under 80 characters'],
    ]);
    expect(issuesOf(staffFieldsSchema, { ...member, name: 'Eilidh\nFraser' })).toEqual([
      ['name', textMessages.singleLine],
    ]);
    expect(issuesOf(staffFieldsSchema, { ...member, bio: 'y'.repeat(601) })).toEqual([
      ['bio', 'Please keep the bio under 600 characters'],
    ]);
  });

  it('takes a photo only as a picture of the library, never a typed file name', () => {
    for (const photo of ['../../etc/passwd', 'photo.jpg', 'library/m-0a1b2c3d4e5f.png']) {
      expect(issuesOf(staffFieldsSchema, { ...member, photo })).toEqual([
        ['photo', 'Choose a picture of your library'],
      ]);
    }
  });

  it('names a span that ends before it starts on its end, and an overlap on the later start', () => {
    expect(
      issuesOf(staffHoursSchema, {
        ...noHours,
        tue: [
          { start: '09:00', end: '13:00' },
          { start: '14:00', end: '13:30' },
        ],
      }),
    ).toEqual([['tue.1.end', 'The end must be after the start']]);
    expect(
      issuesOf(staffHoursSchema, {
        ...noHours,
        wed: [
          { start: '09:00', end: '13:00' },
          { start: '12:00', end: '17:00' },
        ],
      }),
    ).toEqual([['wed.1.start', 'This overlaps 09:00–13:00; leave a gap for a break']]);
  });

  it('keeps times within 00:00–24:00 and a day to six spans', () => {
    expect(
      issuesOf(staffHoursSchema, { ...noHours, mon: [{ start: '09:00', end: '24:30' }] }),
    ).toEqual([['mon.0.end', 'Please enter the end time between 00:00 and 24:00']]);
    expect(issuesOf(staffHoursSchema, { ...noHours, mon: [{ start: '', end: '10:00' }] })).toEqual([
      ['mon.0.start', 'Please enter the start time between 00:00 and 24:00'],
    ]);
    const seven = Array.from({ length: 7 }, (_, i) => ({
      start: `${String(8 + i).padStart(2, '0')}:00`,
      end: `${String(8 + i).padStart(2, '0')}:30`,
    }));
    expect(issuesOf(staffHoursSchema, { ...noHours, fri: seven })).toEqual([
      ['fri', 'At most 6 spans a day'],
    ]);
  });

  it('checks a treatment’s own length and price, and each treatment once', () => {
    const withTreatment = (duration: unknown, price: unknown) => ({
      ...member,
      treatments: [{ treatmentId: 2, duration, price }],
    });
    expect(issuesOf(staffFieldsSchema, withTreatment(3, null))).toEqual([
      ['treatments.0.duration', 'The length must be at least 5 minutes'],
    ]);
    expect(issuesOf(staffFieldsSchema, withTreatment(Number.NaN, 12.345))).toEqual([
      [
        'treatments.0.duration',
        'Please enter whole minutes, or leave it empty for the usual length',
      ],
      ['treatments.0.price', 'The price can have at most two decimals (pence)'],
    ]);
    expect(issuesOf(staffFieldsSchema, withTreatment(null, -1))).toEqual([
      ['treatments.0.price', 'The price cannot be negative'],
    ]);
    expect(
      issuesOf(staffFieldsSchema, {
        ...member,
        treatments: [
          { treatmentId: 2, duration: null, price: null },
          { treatmentId: 2, duration: 30, price: null },
        ],
      }),
    ).toEqual([['treatments', 'Each treatment can be chosen once']]);
  });

  it('takes an edit only with its version', () => {
    expect(issuesOf(staffEditSchema, member)).toEqual([['version', 'version is a number']]);
    expect(z.parse(staffEditSchema, { ...member, version: 2 }).version).toBe(2);
  });
});

describe('time off', () => {
  it('takes a range of whole days with its kind; the note is optional', () => {
    expect(
      z.parse(staffTimeOffSchema, { from: '2027-03-01', to: '2027-03-05', kind: 'holiday' }),
    ).toEqual({
      from: '2027-03-01',
      to: '2027-03-05',
      kind: 'holiday',
      note: '',
    });
    expect(
      z.parse(staffTimeOffSchema, {
        from: '2027-03-01',
        to: '2027-03-01',
        kind: 'sickness',
        note: ' flu ',
      }).note,
    ).toBe('flu');
  });

  it('names a last day before the first on the last day, and refuses days that do not exist', () => {
    expect(
      issuesOf(staffTimeOffSchema, { from: '2027-03-05', to: '2027-03-01', kind: 'other' }),
    ).toEqual([['to', 'The last day cannot be before the first']]);
    expect(
      issuesOf(staffTimeOffSchema, { from: '2027-02-30', to: '2027-03-01', kind: 'other' }),
    ).toEqual([['from', 'Please choose the first day']]);
    expect(
      issuesOf(staffTimeOffSchema, { from: '2027-03-01', to: '2027-03-02', kind: 'party' }),
    ).toEqual([['kind', 'Please choose holiday, sickness or other']]);
    expect(
      issuesOf(staffTimeOffSchema, { from: '2027-01-01', to: '2028-01-03', kind: 'other' }),
    ).toEqual([['to', 'At most 366 days at once; add a longer absence in parts']]);
  });

  it('counts the days of a range, both ends included', () => {
    expect(daysInRange('2027-03-01', '2027-03-01')).toBe(1);
    expect(daysInRange('2027-03-28', '2027-04-03')).toBe(7);
  });
});
