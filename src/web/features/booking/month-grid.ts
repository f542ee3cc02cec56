import { addDays } from '@common/booking';

/**
 * Calendar arithmetic for the month view (issue 17), kept apart from React so it is unit tested.
 * Dates are YYYY-MM-DD and months YYYY-MM, calendar values with no time zone: "today" comes from
 * the client's zone (todayInTimeZone), everything else is counting days.
 */

const utcOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

export const monthOf = (date: string): string => date.slice(0, 7);

/** The month `count` months after (or before, when negative) `month`. */
export function addMonths(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + count, 1)).toISOString().slice(0, 7);
}

function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Monday 0 … Sunday 6: a British calendar starts its weeks on Monday. */
export function weekdayIndex(date: string): number {
  return (new Date(utcOf(date)).getUTCDay() + 6) % 7;
}

/** The month's weeks, Monday first; null where a week runs into the month before or after. */
export function weeksOfMonth(month: string): Array<Array<string | null>> {
  const first = `${month}-01`;
  const cells: Array<string | null> = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let day = 0; day < daysInMonth(month); day++) cells.push(addDays(first, day));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The same day of the month `count` months on, or that month's last day when it is shorter. */
function sameDayInMonth(date: string, count: number): string {
  const month = addMonths(monthOf(date), count);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/**
 * Where a key moves the focus in the grid (WAI-ARIA date picker pattern): arrows a day or a week,
 * Home and End to the start and end of the week, Page Up and Page Down a month. Undefined for
 * other keys; the caller keeps the result within the bookable dates.
 */
export function dateAfterKey(date: string, key: string): string | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekdayIndex(date));
    case 'End':
      return addDays(date, 6 - weekdayIndex(date));
    case 'PageUp':
      return sameDayInMonth(date, -1);
    case 'PageDown':
      return sameDayInMonth(date, 1);
    default:
      return undefined;
  }
}

/** Keeps a date within [first, last]. */
export function clampDate(date: string, first: string, last: string): string {
  return date < first ? first : date > last ? last : date;
}

const monthHeading = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "November 2026" for 2026-11. */
export function formatMonthHeading(month: string): string {
  return monthHeading.format(new Date(utcOf(`${month}-01`)));
}
