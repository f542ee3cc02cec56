import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  bucketOf,
  bucketsOf,
  comparedPeriods,
  monthOf,
  mondayOf,
  weekOf,
} from './report-periods';

describe('the periods the owner’s figures compare', () => {
  it('run weeks Monday to Sunday, a Sunday belonging to the week before it', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // Across a year's end and the clocks going back (25 October 2026).
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(weekOf('2026-10-25')).toEqual({ from: '2026-10-19', to: '2026-10-25' });
  });

  it('run months from the 1st to their last day, February in a leap year too', () => {
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2027-02-28')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('compare this week and month with the ones before', () => {
    expect(comparedPeriods('2027-01-06')).toEqual({
      week: {
        current: { from: '2027-01-04', to: '2027-01-10' },
        previous: { from: '2026-12-28', to: '2027-01-03' },
      },
      month: {
        current: { from: '2027-01-01', to: '2027-01-31' },
        previous: { from: '2026-12-01', to: '2026-12-31' },
      },
    });
  });

  it('put dates in day, week and month buckets, every bucket of a range listed', () => {
    expect(bucketOf('2026-11-26', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-26', 'month')).toBe('2026-11');
    expect(bucketsOf({ from: '2026-11-26', to: '2026-12-08' }, 'week')).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(bucketsOf({ from: '2026-11-30', to: '2027-01-01' }, 'month')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(bucketsOf({ from: '2026-11-26', to: '2026-11-28' }, 'day')).toHaveLength(3);
  });

  it('name the buckets in words', () => {
    expect(bucketLabel('2026-11-26', 'day')).toBe('Thu 26 Nov');
    expect(bucketLabel('2026-11-23', 'week')).toBe('Week of 23 Nov');
    expect(bucketLabel('2026-11', 'month')).toBe('November 2026');
  });
});
