import type { ManagedStaffMember, StaffHours, StaffSpan, StaffWeekday } from '@common/manage-staff';

/*
 * The staff form's values (issue 32): what the owner typed, kept as typed (a treatment's own
 * length and price too, so a draft or a refused price keeps "12,50" rather than nothing), and
 * what the shared schema (staffFieldsSchema in src/common/manage-staff.ts) is given to check.
 * Field names match the request's, so the server's field problems land on the same boxes. Pure:
 * no React.
 */

// Written out, not imported at run time from @common/manage-staff: its schemas would come along.
export const weekOrder: StaffWeekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
export const dayNames: Record<StaffWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** A treatment the member performs, with their own length and price as typed ('' for the usual). */
export interface TreatmentChoiceValues {
  treatmentId: number;
  duration: string;
  price: string;
}

export interface StaffFormValues {
  name: string;
  bio: string;
  /** A library picture's file, or '' for none. */
  photo: string;
  active: boolean;
  treatments: TreatmentChoiceValues[];
  hours: StaffHours;
}

/** What the shared schema is given: numbers (NaN for text that is none) and null for the usual. */
export interface StaffSchemaInput extends Omit<StaffFormValues, 'photo' | 'treatments'> {
  photo: string | null;
  treatments: Array<{ treatmentId: number; duration: number | null; price: number | null }>;
}

export const emptyHours = (): StaffHours => ({
  mon: [],
  tue: [],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
});

/** The form's values for a stored member. */
export function formValuesOf(
  member: Pick<ManagedStaffMember, 'name' | 'bio' | 'photo' | 'active' | 'treatments' | 'hours'>,
): StaffFormValues {
  return {
    name: member.name,
    bio: member.bio,
    photo: member.photo ?? '',
    active: member.active,
    treatments: member.treatments.map((t) => ({
      treatmentId: t.treatmentId,
      duration: t.duration === null ? '' : String(t.duration),
      price: t.price === null ? '' : t.price.toFixed(2),
    })),
    hours: { ...emptyHours(), ...member.hours },
  };
}

/**
 * The number a box's text reads as: digits, perhaps decimals (the schema then says what is wrong
 * with them); '' is null (the treatment's own), and anything else ("12,50", "ten") is NaN, which
 * the schema answers by asking for a number.
 */
export function numberOfText(text: string): number | null {
  const trimmed = text.trim().replace(/^£/, '');
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What the shared schema checks (and the server gets): the values with numbers and null. */
export function schemaInputOf(values: StaffFormValues): StaffSchemaInput {
  return {
    ...values,
    photo: values.photo === '' ? null : values.photo,
    treatments: values.treatments.map((t) => ({
      treatmentId: t.treatmentId,
      duration: numberOfText(t.duration),
      price: numberOfText(t.price),
    })),
  };
}

/** The chosen treatments with `id` ticked or not, kept in the menu's order (`menuOrder`). */
export function withTreatment(
  chosen: TreatmentChoiceValues[],
  id: number,
  ticked: boolean,
  menuOrder: number[],
): TreatmentChoiceValues[] {
  const others = chosen.filter((t) => t.treatmentId !== id);
  if (!ticked) return others;
  const next = [...others, { treatmentId: id, duration: '', price: '' }];
  const place = (t: TreatmentChoiceValues) => {
    const index = menuOrder.indexOf(t.treatmentId);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return next.sort((a, b) => place(a) - place(b));
}

/** A new span after a day's last: a break of half an hour, then to the day's end or 17:00. */
export function nextSpan(spans: StaffSpan[]): StaffSpan {
  const last = spans.at(-1);
  if (!last) return { start: '09:00', end: '17:00' };
  const [h, m] = last.end.split(':').map(Number) as [number, number];
  const startMinute = Math.min(h * 60 + m + 30, 23 * 60);
  const start = `${String(Math.floor(startMinute / 60)).padStart(2, '0')}:${String(startMinute % 60).padStart(2, '0')}`;
  return { start, end: start < '17:00' ? '17:00' : '24:00' };
}

const isStringRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A kept draft's values, checked before they go back into the form. */
export function isStaffFormValues(value: unknown): value is StaffFormValues {
  if (!isStringRecord(value)) return false;
  const { name, bio, photo, active, treatments, hours } = value;
  return (
    typeof name === 'string' &&
    typeof bio === 'string' &&
    typeof photo === 'string' &&
    typeof active === 'boolean' &&
    Array.isArray(treatments) &&
    treatments.every(
      (t) =>
        isStringRecord(t) &&
        typeof t.treatmentId === 'number' &&
        typeof t.duration === 'string' &&
        typeof t.price === 'string',
    ) &&
    isStringRecord(hours) &&
    weekOrder.every(
      (day) =>
        Array.isArray(hours[day]) &&
        (hours[day] as unknown[]).every(
          (span) =>
            isStringRecord(span) && typeof span.start === 'string' && typeof span.end === 'string',
        ),
    )
  );
}

export const staffFieldLabels: Record<string, string> = {
  name: 'Name',
  bio: 'Short bio',
  photo: 'Photo',
  active: 'Takes bookings',
  treatments: 'Treatments',
  hours: 'Weekly hours',
};

/**
 * A field by its dotted name as the owner reads it (the error summary, the comparison of
 * versions): `hours.tue.1.end` is "Tuesday, span 2, ends"; `treatments.0.price` names the
 * treatment (by `treatmentName`).
 */
export function labelOfField(
  path: string,
  values: StaffFormValues,
  treatmentName: (id: number) => string,
): string {
  const [first, second, third, fourth] = path.split('.');
  if (first === 'hours' && second) {
    const day = dayNames[second as StaffWeekday] ?? second;
    if (third === undefined || third === 'root') return `${day} hours`;
    const part = fourth === 'end' ? 'ends' : fourth === 'start' ? 'starts' : undefined;
    return `${day}, span ${Number(third) + 1}${part ? `, ${part}` : ''}`;
  }
  if (first === 'treatments' && second !== undefined) {
    const chosen = values.treatments[Number(second)];
    const name = chosen ? treatmentName(chosen.treatmentId) : `Treatment ${Number(second) + 1}`;
    if (third === 'duration') return `${name}, own length`;
    if (third === 'price') return `${name}, own price`;
    return name;
  }
  return staffFieldLabels[first ?? ''] ?? path;
}

/**
 * The values as the owner reads them side by side: the chosen treatments by name with their own
 * length and price, so a treatment added or dropped is one line rather than rows shifted.
 */
export function comparableValues(
  values: StaffFormValues,
  treatmentName: (id: number) => string,
): Omit<StaffFormValues, 'treatments'> & { treatments: string[] } {
  return {
    ...values,
    treatments: values.treatments.map((t) => {
      const own = [
        t.duration.trim() ? `${t.duration.trim()} min` : '',
        t.price.trim() ? `£${t.price.trim()}` : '',
      ].filter(Boolean);
      return `${treatmentName(t.treatmentId)}${own.length ? ` (${own.join(', ')})` : ''}`;
    }),
  };
}
