import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ownerBookingFormSchema, ownerBookingRequestSchema } from '@common/diary';
import { chosenDuration, emptyBookingForm, ownerBookingRequestOf } from './add-booking-values';

describe('the add-a-booking form', () => {
  it('turns checked values into the request the server takes', () => {
    const values = z.parse(ownerBookingFormSchema, {
      ...emptyBookingForm('2027-03-02'),
      time: '09:30',
      source: 'walk-in',
      customer: { name: ' Ada Lovelace ', telephone: '', email: 'ada@example.com' },
      treatmentIds: ['12', '7'],
    });
    const request = ownerBookingRequestOf(values);
    expect(request).toEqual({
      source: 'walk-in',
      startTime: '2027-03-02 09:30:00',
      customer: { name: 'Ada Lovelace', telephone: '', email: 'ada@example.com' },
      treatmentIds: [12, 7],
    });
    expect(z.safeParse(ownerBookingRequestSchema, request).success).toBe(true);
  });

  it('says on each field what an empty form lacks, by the field’s name', () => {
    const checked = z.safeParse(ownerBookingFormSchema, emptyBookingForm(''));
    expect(checked.success).toBe(false);
    const byField = Object.fromEntries(
      (checked.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byField).toEqual({
      date: 'Please choose a date',
      time: 'Please choose a time',
      'customer.name': "Please enter the customer's name",
      treatmentIds: 'Please choose at least one treatment',
    });
  });

  it('adds up the minutes of the chosen treatments only', () => {
    const menu = [
      { id: 1, duration: 30 },
      { id: 2, duration: 45 },
      { id: 3, duration: 60 },
    ];
    expect(chosenDuration(menu, ['1', '3'])).toBe(90);
    expect(chosenDuration(menu, [])).toBe(0);
  });
});
