import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { moveBookingFormSchema, moveBookingRequestSchema, moveRequestOf } from './booking-manage';

describe("the visitor's move form", () => {
  it('makes the move request the server takes from a date and a free time', () => {
    const values = z.parse(moveBookingFormSchema, { date: '2027-05-04', time: '16:00' });
    const request = moveRequestOf(values);
    expect(request).toEqual({ startTime: '2027-05-04 16:00:00' });
    expect(z.safeParse(moveBookingRequestSchema, request).success).toBe(true);
  });

  it('asks for the date and the time by name when either is missing', () => {
    const checked = z.safeParse(moveBookingFormSchema, { date: '', time: '' });
    expect(checked.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['date', 'Please choose a new date'],
      ['time', 'Please choose a new time'],
    ]);
  });
});
