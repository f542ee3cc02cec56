import type { Weekday } from '../src/common/client-config.js';

const weekdayNames: Record<string, Weekday> = {
  Sun: 'sun',
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
};

/** The local date and weekday of an instant in a time zone, for picking open days. */
export function localDateTimeParts(
  instant: Date,
  timeZone: string,
): { date: string; weekday: Weekday } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: weekdayNames[get('weekday')]!,
  };
}
