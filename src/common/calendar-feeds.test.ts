import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { calendarFeedFormSchema, newCalendarFeedSchema, staffIdOfChoice } from './calendar-feeds';

describe('calendar feed schemas', () => {
  it("turns the form's choice into the request's staffId", () => {
    expect(z.safeParse(calendarFeedFormSchema, { staffId: '' }).success).toBe(true);
    expect(staffIdOfChoice('')).toBeNull();
    expect(staffIdOfChoice('12')).toBe(12);
    expect(z.safeParse(calendarFeedFormSchema, { staffId: 'x' }).success).toBe(false);
  });
  it('takes null, nothing or a positive whole id', () => {
    expect(z.safeParse(newCalendarFeedSchema, {}).success).toBe(true);
    expect(z.safeParse(newCalendarFeedSchema, { staffId: null }).success).toBe(true);
    expect(z.safeParse(newCalendarFeedSchema, { staffId: 3 }).success).toBe(true);
    for (const staffId of [0, -1, 1.5, '3']) {
      expect(z.safeParse(newCalendarFeedSchema, { staffId }).success).toBe(false);
    }
  });
});
