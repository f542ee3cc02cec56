import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { staffFieldsSchema, type ManagedStaffMember } from '@common/manage-staff';
import {
  comparableValues,
  emptyHours,
  formValuesOf,
  isStaffFormValues,
  labelOfField,
  nextSpan,
  numberOfText,
  schemaInputOf,
  withTreatment,
} from './staff-form-values';

const morven: ManagedStaffMember = {
  id: 2,
  name: 'Morven Taylor',
  bio: 'Lashes and brows.',
  photo: null,
  active: true,
  displayOrder: 2,
  version: 3,
  treatments: [
    { treatmentId: 7, duration: null, price: null },
    { treatmentId: 9, duration: 50, price: 32.5 },
  ],
  hours: {
    ...emptyHours(),
    tue: [
      { start: '09:00', end: '13:00' },
      { start: '13:30', end: '17:30' },
    ],
  },
  timeOff: [],
};
const names: Record<number, string> = { 7: 'Brow wax', 9: 'Lash lift' };
const nameOf = (id: number) => names[id] ?? `Treatment ${id}`;

describe('the staff form’s values', () => {
  it('holds a treatment’s own length and price as typed, empty for the usual', () => {
    const values = formValuesOf(morven);
    expect(values.photo).toBe('');
    expect(values.treatments).toEqual([
      { treatmentId: 7, duration: '', price: '' },
      { treatmentId: 9, duration: '50', price: '32.50' },
    ]);
    expect(isStaffFormValues(values)).toBe(true);
    expect(isStaffFormValues({ ...values, hours: { tue: [] } })).toBe(false);
    expect(isStaffFormValues({ ...values, treatments: [{ treatmentId: 7, duration: 5 }] })).toBe(
      false,
    );
  });

  it('gives the shared schema numbers, null for the usual and NaN for text that is no number', () => {
    expect(numberOfText('')).toBeNull();
    expect(numberOfText(' £24.50 ')).toBe(24.5);
    expect(numberOfText('12,50')).toBeNaN();
    const input = schemaInputOf(formValuesOf(morven));
    expect(input.photo).toBeNull();
    expect(input.treatments).toEqual(morven.treatments);
    expect(z.parse(staffFieldsSchema, input)).toMatchObject({ name: 'Morven Taylor' });

    const typed = formValuesOf(morven);
    typed.treatments[1] = { treatmentId: 9, duration: 'fifty', price: '12,50' };
    const issues = z
      .safeParse(staffFieldsSchema, schemaInputOf(typed))
      .error?.issues.map((issue) => issue.path.join('.'));
    // The same names as the form's boxes: the problems land on them.
    expect(issues).toEqual(['treatments.1.duration', 'treatments.1.price']);
  });

  it('ticks and unticks treatments in the menu’s order', () => {
    const chosen = formValuesOf(morven).treatments;
    expect(withTreatment(chosen, 8, true, [7, 8, 9]).map((t) => t.treatmentId)).toEqual([7, 8, 9]);
    expect(withTreatment(chosen, 7, false, [7, 8, 9])).toEqual([
      { treatmentId: 9, duration: '50', price: '32.50' },
    ]);
  });

  it('suggests a span after a half-hour break', () => {
    expect(nextSpan([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextSpan([{ start: '09:00', end: '12:30' }])).toEqual({ start: '13:00', end: '17:00' });
    expect(nextSpan([{ start: '09:00', end: '18:00' }])).toEqual({ start: '18:30', end: '24:00' });
  });

  it('names each field as the owner reads it', () => {
    const values = formValuesOf(morven);
    expect(labelOfField('hours.tue.1.end', values, nameOf)).toBe('Tuesday, span 2, ends');
    expect(labelOfField('hours.wed', values, nameOf)).toBe('Wednesday hours');
    expect(labelOfField('treatments.1.price', values, nameOf)).toBe('Lash lift, own price');
    expect(labelOfField('name', values, nameOf)).toBe('Name');
  });

  it('compares the treatments by name with their own length and price', () => {
    expect(comparableValues(formValuesOf(morven), nameOf).treatments).toEqual([
      'Brow wax',
      'Lash lift (50 min, £32.50)',
    ]);
  });
});
