import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { bookingRulesSchema, closureOn, rulesFromClientRecord } from './booking-rules';
import { describeIssues, type BookingRules as RecordRules } from './client-config';

const record: RecordRules = {
  openingHours: {
    sun: null,
    mon: null,
    tue: { open: '09:00', close: '17:30' },
    wed: { open: '09:00', close: '17:30' },
    thu: { open: '09:00', close: '20:00' },
    fri: { open: '09:00', close: '17:30' },
    sat: { open: '09:00', close: '17:30' },
  },
  closedDates: ['2027-01-01', '2026-12-25', '2026-12-26'],
  slotStepMinutes: 15,
  capacity: 2,
  minLeadMinutes: 60,
  horizonDays: 90,
};

const problems = (value: unknown): string => {
  const parsed = z.safeParse(bookingRulesSchema, value);
  return parsed.success ? '' : describeIssues(parsed.error);
};

describe('booking rules', () => {
  it('are seeded from the client record: one span a day, consecutive closed days as one range', () => {
    const rules = rulesFromClientRecord(record);
    expect(rules).toEqual({
      weeklyHours: {
        sun: [],
        mon: [],
        tue: [{ start: '09:00', end: '17:30' }],
        wed: [{ start: '09:00', end: '17:30' }],
        thu: [{ start: '09:00', end: '20:00' }],
        fri: [{ start: '09:00', end: '17:30' }],
        sat: [{ start: '09:00', end: '17:30' }],
      },
      closures: [
        { from: '2026-12-25', to: '2026-12-26' },
        { from: '2027-01-01', to: '2027-01-01' },
      ],
      capacity: 2,
      leadMinutes: 60,
      horizonDays: 90,
      bufferMinutes: 0,
      slotStepMinutes: 15,
    });
    expect(problems(rules)).toBe('');
  });

  it('finds the closure covering a date', () => {
    const rules = rulesFromClientRecord(record);
    expect(closureOn(rules, '2026-12-26')).toEqual({ from: '2026-12-25', to: '2026-12-26' });
    expect(closureOn(rules, '2026-12-27')).toBeUndefined();
  });

  it('accept several spans a day and a span to midnight', () => {
    const rules = rulesFromClientRecord(record);
    rules.weeklyHours.tue = [
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '24:00' },
    ];
    expect(problems(rules)).toBe('');
  });

  it('refuse, naming the field, spans out of order or touching, backwards spans and ranges, and numbers out of range', () => {
    const rules = rulesFromClientRecord(record);
    expect(
      problems({
        ...rules,
        weeklyHours: {
          ...rules.weeklyHours,
          tue: [
            { start: '13:00', end: '17:00' },
            { start: '09:00', end: '12:00' },
          ],
        },
      }),
    ).toContain('weeklyHours.tue: spans must be in order');
    expect(
      problems({
        ...rules,
        weeklyHours: {
          ...rules.weeklyHours,
          wed: [
            { start: '09:00', end: '12:00' },
            { start: '12:00', end: '17:00' },
          ],
        },
      }),
    ).toContain('join spans that touch');
    expect(
      problems({
        ...rules,
        weeklyHours: { ...rules.weeklyHours, thu: [{ start: '18:00', end: '09:00' }] },
      }),
    ).toContain('weeklyHours.thu.0: a span must end after it starts');
    expect(
      problems({
        ...rules,
        weeklyHours: { ...rules.weeklyHours, fri: [{ start: '9:00', end: '17:00' }] },
      }),
    ).toContain('weeklyHours.fri.0.start: must be a time written HH:mm');
    expect(problems({ ...rules, closures: [{ from: '2026-12-27', to: '2026-12-20' }] })).toContain(
      'closures.0: a closure must end on or after the day it starts',
    );
    expect(problems({ ...rules, closures: [{ from: '2027-02-30', to: '2027-03-01' }] })).toContain(
      'closures.0.from: is not a real calendar date',
    );
    expect(problems({ ...rules, capacity: 0 })).toContain('capacity: capacity must be at least 1');
    expect(problems({ ...rules, bufferMinutes: 7.5 })).toContain(
      'bufferMinutes must be a whole number',
    );
    expect(problems({ ...rules, slotStepMinutes: 1 })).toContain(
      'slotStepMinutes must be at least 5',
    );
    expect(problems({ ...rules, horizonDays: 1000 })).toContain('horizonDays must be at most 730');
  });
});
