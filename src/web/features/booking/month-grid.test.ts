import { describe, expect, it } from 'vitest';
import {
  addMonths,
  clampDate,
  dateAfterKey,
  formatMonthHeading,
  weekdayIndex,
  weeksOfMonth,
} from './month-grid';

describe('month grid', () => {
  it('lays a month out in Monday-first weeks, padded with nulls', () => {
    // 1 December 2026 is a Tuesday; the 31st a Thursday.
    const weeks = weeksOfMonth('2026-12');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks[4]).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      null,
      null,
      null,
    ]);
    // February 2027 starts on a Monday and has exactly four weeks.
    expect(weeksOfMonth('2027-02')).toHaveLength(4);
    expect(weeksOfMonth('2027-02')[0]![0]).toBe('2027-02-01');
    // A month starting on Sunday spans six rows (August 2027).
    expect(weeksOfMonth('2027-08')).toHaveLength(6);
  });

  it('counts months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-11', 14)).toBe('2028-01');
  });

  it('moves by the keys of the date picker pattern', () => {
    expect(dateAfterKey('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
    expect(dateAfterKey('2026-12-01', 'ArrowLeft')).toBe('2026-11-30');
    expect(dateAfterKey('2026-12-02', 'ArrowDown')).toBe('2026-12-09');
    expect(dateAfterKey('2026-12-02', 'ArrowUp')).toBe('2026-11-25');
    expect(weekdayIndex('2026-12-02')).toBe(2); // Wednesday
    expect(dateAfterKey('2026-12-02', 'Home')).toBe('2026-11-30'); // Monday
    expect(dateAfterKey('2026-12-02', 'End')).toBe('2026-12-06'); // Sunday
    expect(dateAfterKey('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(dateAfterKey('2026-12-15', 'PageUp')).toBe('2026-11-15');
    expect(dateAfterKey('2026-12-15', 'Enter')).toBeUndefined();
  });

  it('keeps a date within the bookable dates and names months in English', () => {
    expect(clampDate('2026-11-01', '2026-11-23', '2027-02-21')).toBe('2026-11-23');
    expect(clampDate('2027-03-01', '2026-11-23', '2027-02-21')).toBe('2027-02-21');
    expect(clampDate('2026-12-01', '2026-11-23', '2027-02-21')).toBe('2026-12-01');
    expect(formatMonthHeading('2027-03')).toBe('March 2027');
  });
});
