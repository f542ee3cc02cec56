import { addDays } from './booking.js';

/**
 * The periods the owner's figures compare (issue 34), as local calendar dates YYYY-MM-DD: weeks
 * run Monday to Sunday, months from the 1st to their last day. Pure calendar arithmetic; which
 * day "today" is comes from the caller (the client's time zone, decision 0067).
 */

export interface DateRange {
  from: string;
  to: string;
}

const weekdayIndexFromMonday = (date: string) =>
  (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

/** The Monday of the week a date is in. */
export function mondayOf(date: string): string {
  return addDays(date, -weekdayIndexFromMonday(date));
}

/** The Monday-to-Sunday week a date is in. */
export function weekOf(date: string): DateRange {
  const monday = mondayOf(date);
  return { from: monday, to: addDays(monday, 6) };
}

/** The calendar month a date is in. */
export function monthOf(date: string): DateRange {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = `${y}-${String(m).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** This week and the one before, this month and the one before, as of a day. */
export function comparedPeriods(date: string): {
  week: { current: DateRange; previous: DateRange };
  month: { current: DateRange; previous: DateRange };
} {
  const week = weekOf(date);
  const month = monthOf(date);
  return {
    week: { current: week, previous: weekOf(addDays(week.from, -7)) },
    month: { current: month, previous: monthOf(addDays(month.from, -1)) },
  };
}

export type DateBucket = 'day' | 'week' | 'month';

/** The bucket a date falls in: the date itself, its week's Monday, or YYYY-MM. */
export function bucketOf(date: string, by: DateBucket): string {
  if (by === 'day') return date;
  if (by === 'week') return mondayOf(date);
  return date.slice(0, 7);
}

/** Every bucket that touches the range, in order, so a report shows the empty ones too. */
export function bucketsOf(range: DateRange, by: DateBucket): string[] {
  const buckets: string[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    const bucket = bucketOf(date, by);
    if (buckets.at(-1) !== bucket) buckets.push(bucket);
  }
  return buckets;
}

const shortDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthYear = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const utcNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** A bucket's words: "Mon 23 Nov", "Week of 23 Nov", "November 2026". */
export function bucketLabel(bucket: string, by: DateBucket): string {
  if (by === 'day') return shortDay.format(utcNoon(bucket));
  if (by === 'week') return `Week of ${dayMonth.format(utcNoon(bucket))}`;
  return monthYear.format(utcNoon(`${bucket}-01`));
}

/** "08:00" for hour 8: the busiest-hours report's label. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
