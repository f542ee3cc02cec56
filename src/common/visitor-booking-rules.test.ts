import { describe, expect, it } from 'vitest';
import { rulesFromClientRecord } from './booking-rules.js';
import { visitorBookingRules, visitorBookingRulesSchema } from './visitor-booking-rules.js';

const rules = {
  ...rulesFromClientRecord({
    openingHours: {
      sun: null,
      mon: null,
      tue: { open: '09:00', close: '17:00' },
      wed: { open: '09:00', close: '17:00' },
      thu: { open: '09:00', close: '17:00' },
      fri: { open: '09:00', close: '17:00' },
      sat: null,
    },
    closedDates: ['2026-12-25'],
    capacity: 2,
    minLeadMinutes: 60,
    horizonDays: 90,
    slotStepMinutes: 15,
  }),
  horizonDays: 30,
  closures: [{ from: '2026-12-24', to: '2026-12-27', reason: 'family wedding' }],
  maxBookingsPerEmailPerDay: 1,
};

describe('visitorBookingRules', () => {
  it("takes the horizon from the owner's rules, and nothing the visitor has no use for", () => {
    const shared = visitorBookingRules(rules);
    expect(shared).toEqual({ horizonDays: 30 });
    expect(JSON.stringify(shared)).not.toContain('family wedding');
    expect(visitorBookingRulesSchema.parse(JSON.parse(JSON.stringify(shared)))).toEqual(shared);
  });

  it('refuses an answer without a horizon the calendar could use', () => {
    expect(visitorBookingRulesSchema.safeParse({}).success).toBe(false);
    expect(visitorBookingRulesSchema.safeParse({ horizonDays: 0 }).success).toBe(false);
    expect(visitorBookingRulesSchema.safeParse({ horizonDays: 2.5 }).success).toBe(false);
  });
});
