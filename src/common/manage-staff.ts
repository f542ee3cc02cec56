// zod/mini: the back office's staff form checks with these schemas in the browser too.
import * as z from 'zod/mini';
import { multiLineChecks, singleLineChecks } from './text-rules.js';

/**
 * The salon's people as the owner edits them (issue 32, docs/decisions/0057-editing-staff.md):
 * the owner API under /api/manage/staff checks every request with these schemas, and the back
 * office's staff form checks the same before sending. Prices are pounds here (the form's unit);
 * the server stores pence. No run-time import of client-config or booking-rules: their schemas
 * would land in the chunk every visitor form shares (docs/decisions/0014-page-speed.md).
 */

/** The weekdays in the order the owner reads a week. */
export const staffWeekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type StaffWeekday = (typeof staffWeekdays)[number];

export const timeOffKinds = ['holiday', 'sickness', 'other'] as const;
export type TimeOffKind = (typeof timeOffKinds)[number];

export const maxStaffNameLength = 80;
export const maxStaffBioLength = 600;
export const maxSpansPerDay = 6;
export const maxTimeOffNoteLength = 200;
/** The longest single range of time off: a year (longer absences are several ranges). */
export const maxTimeOffDays = 366;

/** A library picture as the picture chooser places it (`library/m-0a1b2c3d4e5f.jpeg`). */
export const staffPhotoPattern = /^library\/m-[0-9a-f]{12}\.jpeg$/;

const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes after midnight of an `HH:mm` time (24:00 is 1440). */
export function minuteOfDay(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** True when YYYY-MM-DD names a day that exists (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

const timeOfDay = (what: string) =>
  z
    .string({ error: `Please enter the ${what} time` })
    .check(z.regex(timeOfDayPattern, `Please enter the ${what} time between 00:00 and 24:00`));

/** One stretch of work on a day: start included, end excluded. */
export const staffSpanSchema = z.object({ start: timeOfDay('start'), end: timeOfDay('end') }).check(
  z.refine((span: { start: string; end: string }) => span.start < span.end, {
    error: 'The end must be after the start',
    path: ['end'],
  }),
);
export type StaffSpan = z.infer<typeof staffSpanSchema>;

const isSpan = (span: StaffSpan) =>
  timeOfDayPattern.test(span.start) && timeOfDayPattern.test(span.end) && span.start < span.end;

/**
 * A day's spans in any order; the gaps between them are breaks. Spans may touch but not overlap:
 * an overlap is named on the later span's start, so the form shows it on that box.
 */
export const staffDaySchema = z.array(staffSpanSchema).check(
  z.maxLength(maxSpansPerDay, `At most ${maxSpansPerDay} spans a day`),
  z.superRefine((spans: StaffSpan[], context) => {
    spans.forEach((span, i) => {
      if (!isSpan(span)) return;
      const earlier = spans
        .slice(0, i)
        .find((other) => isSpan(other) && span.start < other.end && other.start < span.end);
      if (earlier) {
        context.issues.push({
          code: 'custom',
          input: spans,
          path: [i, 'start'],
          message: `This overlaps ${earlier.start}–${earlier.end}; leave a gap for a break`,
        });
      }
    });
  }),
);

/** Spans per weekday; an empty day is a day off. */
export const staffHoursSchema = z.object({
  mon: staffDaySchema,
  tue: staffDaySchema,
  wed: staffDaySchema,
  thu: staffDaySchema,
  fri: staffDaySchema,
  sat: staffDaySchema,
  sun: staffDaySchema,
});
export type StaffHours = z.infer<typeof staffHoursSchema>;

/** A treatment the member performs, perhaps at their own length and price (null: the treatment's). */
export const staffTreatmentSchema = z.object({
  treatmentId: z
    .number({ error: 'Choose one of your treatments' })
    .check(z.int(), z.positive(), z.lte(2_147_483_647, 'Choose one of your treatments')),
  /** Minutes; null for the treatment's own. */
  duration: z.nullable(
    z
      .number({ error: 'Please enter whole minutes, or leave it empty for the usual length' })
      .check(
        z.int('Please enter whole minutes'),
        z.gte(5, 'The length must be at least 5 minutes'),
        z.lte(720, 'The length must be at most 12 hours'),
      ),
  ),
  /** Pounds with at most two decimals; null for the treatment's own. The server stores pence. */
  price: z.nullable(
    z.number({ error: 'Please enter the price in pounds, for example 25 or 24.50' }).check(
      z.gte(0, 'The price cannot be negative'),
      z.lte(10_000, 'The price must be at most £10,000'),
      z.refine(
        (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        'The price can have at most two decimals (pence)',
      ),
    ),
  ),
});
export type StaffTreatmentChoice = z.infer<typeof staffTreatmentSchema>;

/** What the owner edits of a staff member, as POST /api/manage/staff takes it. */
export const staffFieldsSchema = z.object({
  name: z
    .string({ error: 'Please enter their name' })
    .check(
      z.trim(),
      z.minLength(1, 'Please enter their name'),
      z.maxLength(
        maxStaffNameLength,
        `Please keep the name under ${maxStaffNameLength} characters`,
      ),
      ...singleLineChecks(),
    ),
  bio: z
    .string({ error: 'The bio is text' })
    .check(
      z.trim(),
      z.maxLength(maxStaffBioLength, `Please keep the bio under ${maxStaffBioLength} characters`),
      ...multiLineChecks(),
    ),
  /** A picture of the client's library, or null for none. */
  photo: z.nullable(
    z
      .string({ error: 'Choose a picture of your library' })
      .check(z.regex(staffPhotoPattern, 'Choose a picture of your library')),
  ),
  active: z.boolean({ error: 'Say whether they take bookings' }),
  treatments: z.array(staffTreatmentSchema).check(
    z.maxLength(500, 'At most 500 treatments'),
    z.refine(
      (chosen: StaffTreatmentChoice[]) =>
        new Set(chosen.map((t) => t.treatmentId)).size === chosen.length,
      'Each treatment can be chosen once',
    ),
  ),
  hours: staffHoursSchema,
});
export type StaffFields = z.infer<typeof staffFieldsSchema>;

/** PUT /api/manage/staff/:id: the fields with the version the edit began from (409 if not current). */
export const staffEditSchema = z.extend(staffFieldsSchema, {
  version: z.number({ error: 'version is a number' }).check(z.int('version is a number')),
});
export type StaffEdit = z.infer<typeof staffEditSchema>;

/** POST /api/manage/staff/:id/time-off: whole days, both included. */
export const staffTimeOffSchema = z
  .object({
    from: z
      .string({ error: 'Please choose the first day' })
      .check(z.refine(isCalendarDate, 'Please choose the first day')),
    to: z
      .string({ error: 'Please choose the last day' })
      .check(z.refine(isCalendarDate, 'Please choose the last day')),
    kind: z.enum(timeOffKinds, { error: 'Please choose holiday, sickness or other' }),
    note: z._default(
      z
        .string({ error: 'The note is text' })
        .check(
          z.trim(),
          z.maxLength(
            maxTimeOffNoteLength,
            `Please keep the note under ${maxTimeOffNoteLength} characters`,
          ),
          ...singleLineChecks(),
        ),
      '',
    ),
  })
  .check(
    z.refine(
      (off: { from: string; to: string }) =>
        !isCalendarDate(off.from) || !isCalendarDate(off.to) || off.from <= off.to,
      { error: 'The last day cannot be before the first', path: ['to'] },
    ),
    z.refine(
      (off: { from: string; to: string }) =>
        !isCalendarDate(off.from) ||
        !isCalendarDate(off.to) ||
        off.from > off.to ||
        daysInRange(off.from, off.to) <= maxTimeOffDays,
      {
        error: `At most ${maxTimeOffDays} days at once; add a longer absence in parts`,
        path: ['to'],
      },
    ),
  );
export type StaffTimeOffInput = z.input<typeof staffTimeOffSchema>;
export type StaffTimeOffRequest = z.infer<typeof staffTimeOffSchema>;

/** A range of time off as the owner API answers it. */
export interface ManagedTimeOff {
  id: number;
  from: string;
  to: string;
  kind: TimeOffKind;
  note: string;
}

/** A staff member as the owner API answers it: inactive ones too. */
export interface ManagedStaffMember {
  id: number;
  name: string;
  bio: string;
  photo: string | null;
  active: boolean;
  displayOrder: number;
  /** Send back on edit: a changed version answers 409. */
  version: number;
  /** In the menu's order. */
  treatments: StaffTreatmentChoice[];
  hours: StaffHours;
  /** Earliest first. */
  timeOff: ManagedTimeOff[];
}

/** GET /api/manage/staff, in display order. */
export interface ManagedStaffList {
  staff: ManagedStaffMember[];
}
