import { addDays, formatMinuteOfDay, zonedParts } from '../../../common/booking.js';
import { closureOn, minuteOfTime, type BookingRules } from '../../../common/booking-rules.js';
import { weekdays } from '../../../common/client-config.js';

/**
 * Which start times a client can still sell on a day. Pure: plain values in, plain values out
 * (the clock and the time zone are arguments), so every rule is unit-tested without a server.
 *
 * Times of day are wall-clock minutes after local midnight in the client's time zone; instants
 * are epoch milliseconds. Durations and lead times are real elapsed minutes, so a clock change
 * (Europe/London: last Sunday of March and of October) is handled by converting through instants.
 */

/** Existing bookings on the day, in local wall-clock minutes. */
export interface BookedInterval {
  startMinute: number;
  endMinute: number;
  /** How many bookings have exactly these times; 1 when absent. */
  count?: number;
}

/**
 * A staff member who could take the booking on the day (issue 32): they perform every chosen
 * treatment. Their spans are their hours that day (the gaps are breaks; none on a day off or
 * in time off); their bookings hold them, with the buffer after each, as bookings hold a chair.
 */
export interface StaffDay {
  id: number;
  /** Their working spans on the day, "HH:mm" local; empty when they do not work. */
  spans: ReadonlyArray<{ start: string; end: string }>;
  /** Their own bookings on the day. */
  booked: readonly BookedInterval[];
  /** The chosen treatments' length with them (their own lengths); else the input's. */
  durationMinutes?: number;
}

export interface AvailabilityInput {
  /** YYYY-MM-DD, local to the client. */
  date: string;
  durationMinutes: number;
  rules: BookingRules;
  timeZone: string;
  now: Date;
  /** Every booking of the day (the salon's capacity counts them all). */
  existing: readonly BookedInterval[];
  /**
   * For a client with staff (issue 32): the staff members who could take the booking. A start is
   * offered only when at least one of them is free for the whole span; undefined for a client
   * without staff, whose capacity alone decides, as before.
   */
  staff?: readonly StaffDay[] | undefined;
}

export type AvailabilityResult = { ok: true; times: string[] } | { ok: false; reason: string };

const minuteMs = 60_000;

function wallClockAsUtc(date: string, minuteOfDay: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) + minuteOfDay * minuteMs;
}

const quarterHourMs = 15 * minuteMs;
const offsetCache = new Map<string, number>();

/**
 * The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich).
 * An Intl look-up is most of what availability costs, and every zone in use today changes its
 * offset on a quarter hour, so offsets are remembered per zone and quarter hour.
 */
function offsetAt(instant: number, timeZone: string): number {
  const quarterStart = instant - (instant % quarterHourMs);
  const key = `${timeZone}@${quarterStart}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const wall = zonedParts(new Date(quarterStart), timeZone);
  const offset = wallClockAsUtc(wall.date, wall.minuteOfDay) - quarterStart;
  if (offsetCache.size >= 10_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDateOf(instant: number, timeZone: string): string {
  return new Date(instant + offsetAt(instant, timeZone)).toISOString().slice(0, 10);
}

/**
 * The zone's offset all through a day and the hours either side, or undefined on a day the clock
 * changes (two a year in London): then only the careful conversions below are right.
 */
function steadyOffsetOn(date: string, timeZone: string): number | undefined {
  const midnight = wallClockAsUtc(date, 0);
  const hour = 60 * minuteMs;
  const before = offsetAt(midnight - 12 * hour, timeZone);
  return before === offsetAt(midnight + 36 * hour, timeZone) ? before : undefined;
}

/**
 * The instant a local wall-clock time happens, or null when the clock skips it (spring forward).
 * When the clock repeats it (autumn), the first occurrence is taken.
 */
export function localTimeToInstant(
  date: string,
  minuteOfDay: number,
  timeZone: string,
): number | null {
  // Plain arithmetic on the days the clock does not change; Intl look-ups only on the others.
  const steady = minuteOfDay >= 0 && minuteOfDay < 24 * 60 && steadyOffsetOn(date, timeZone);
  if (typeof steady === 'number') return wallClockAsUtc(date, minuteOfDay) - steady;
  return carefulLocalTimeToInstant(date, minuteOfDay, timeZone);
}

function carefulLocalTimeToInstant(
  date: string,
  minuteOfDay: number,
  timeZone: string,
): number | null {
  const naive = wallClockAsUtc(date, minuteOfDay);
  const hour = 60 * minuteMs;
  // An offset changes at most once within a few hours, so the offsets either side cover both.
  const candidates = [
    naive - offsetAt(naive - 3 * hour, timeZone),
    naive - offsetAt(naive + 3 * hour, timeZone),
  ]
    .filter((instant) => {
      const wall = zonedParts(new Date(instant), timeZone);
      return wall.date === date && wall.minuteOfDay === minuteOfDay;
    })
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

/**
 * Like localTimeToInstant, but a time the clock skips (spring forward) maps to the jump itself:
 * a span ending at 01:30 on that day ends when the clock jumps from 01:00 to 02:00.
 */
function localTimeToInstantLenient(date: string, minuteOfDay: number, timeZone: string): number {
  const exact = localTimeToInstant(date, minuteOfDay, timeZone);
  if (exact !== null) return exact;
  const naive = wallClockAsUtc(date, minuteOfDay);
  const hour = 60 * minuteMs;
  const offsetAfter = offsetAt(naive + 3 * hour, timeZone);
  // The jump lies between the two readings of the skipped time; offsets change on a quarter hour.
  let instant = naive - offsetAfter;
  instant -= instant % quarterHourMs;
  for (let step = 0; step < 16 && offsetAt(instant, timeZone) !== offsetAfter; step++) {
    instant += quarterHourMs;
  }
  return instant;
}

/** Local wall-clock minute at which an instant falls, counted from midnight of `date`. */
function minuteOfDate(instant: number, date: string, timeZone: string): number {
  const wall = zonedParts(new Date(instant), timeZone);
  const dayShift = (wallClockAsUtc(wall.date, 0) - wallClockAsUtc(date, 0)) / (24 * 60 * minuteMs);
  return dayShift * 24 * 60 + wall.minuteOfDay;
}

/** Converts between a day's local minutes and instants. */
interface DayClock {
  /** The instant of a local minute, or null when the clock skips it. */
  toInstant: (minuteOfDay: number) => number | null;
  /** Like toInstant, but a skipped minute maps to just after the jump (for stored rows). */
  toInstantLenient: (minuteOfDay: number) => number;
  /** The local minute (from this day's midnight) at which an instant falls. */
  toMinute: (instant: number) => number;
}

/**
 * Intl look-ups are the cost of availability, so a day whose offset does not change (all but two
 * a year) converts with plain arithmetic; a clock-change day takes the careful path.
 */
function dayClockFor(date: string, timeZone: string): DayClock {
  const midnight = wallClockAsUtc(date, 0);
  const offsetBefore = steadyOffsetOn(date, timeZone);
  if (offsetBefore !== undefined) {
    return {
      toInstant: (minute) => midnight + minute * minuteMs - offsetBefore,
      toInstantLenient: (minute) => midnight + minute * minuteMs - offsetBefore,
      toMinute: (instant) => Math.round((instant + offsetBefore - midnight) / minuteMs),
    };
  }
  return {
    toInstant: (minute) => localTimeToInstant(date, minute, timeZone),
    toInstantLenient: (minute) => localTimeToInstantLenient(date, minute, timeZone),
    toMinute: (instant) => minuteOfDate(instant, date, timeZone),
  };
}

/** Where a booking of `durationMinutes` starting at a local time ends, in local minutes. */
export function localEndMinute(
  date: string,
  startMinute: number,
  durationMinutes: number,
  timeZone: string,
): number {
  const clock = dayClockFor(date, timeZone);
  return clock.toMinute(clock.toInstantLenient(startMinute) + durationMinutes * minuteMs);
}

/** The weekday of a YYYY-MM-DD date. */
export function weekdayOf(date: string): (typeof weekdays)[number] {
  return weekdays[new Date(wallClockAsUtc(date, 0)).getUTCDay()]!;
}

/** Past dates and dates beyond the horizon are refused with a reason a visitor can act on. */
export function checkBookingDate(
  date: string,
  rules: Pick<BookingRules, 'horizonDays'>,
  timeZone: string,
  now: Date,
): { ok: true } | { ok: false; reason: string } {
  const today = localDateOf(now.getTime(), timeZone);
  if (date < today) {
    return {
      ok: false,
      reason: `${date} is in the past. Please choose today (${today}) or a later date.`,
    };
  }
  const lastDay = addDays(today, rules.horizonDays);
  if (date > lastDay) {
    return {
      ok: false,
      reason: `Bookings open ${rules.horizonDays} days ahead, so the latest date you can choose is ${lastDay}.`,
    };
  }
  return { ok: true };
}

/** How many bookings run at once, as a step function: from times[i] on, counts[i] run. */
interface ConcurrencyProfile {
  times: number[];
  counts: number[];
}

function concurrencyProfileOf(
  intervals: ReadonlyArray<{ start: number; end: number; count: number }>,
): ConcurrencyProfile {
  // Half-open intervals: bookings ending at an instant and bookings starting then never overlap,
  // so the profile holds the net count after every change at an instant.
  const changes = new Map<number, number>();
  for (const { start, end, count } of intervals) {
    changes.set(start, (changes.get(start) ?? 0) + count);
    changes.set(end, (changes.get(end) ?? 0) - count);
  }
  const times = [...changes.keys()].sort((a, b) => a - b);
  let running = 0;
  const counts = times.map((time) => (running += changes.get(time)!));
  return { times, counts };
}

/** The most bookings running at once anywhere in [start, end). */
function peakOverlap({ times, counts }: ConcurrencyProfile, start: number, end: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (times[mid]! <= start) low = mid + 1;
    else high = mid;
  }
  let peak = low > 0 ? counts[low - 1]! : 0;
  for (let i = low; i < times.length && times[i]! < end; i++) peak = Math.max(peak, counts[i]!);
  return peak;
}

/**
 * The start times ("HH:mm", local) at which a booking of the given length fits:
 * - inside one span of the weekday's opening hours: it starts at or after the span's start and
 *   ends (in real time) by the span's end, so it never runs into a break or past closing;
 * - on a step from that span's start, and not on a date inside a closure;
 * - at least the lead time after `now`;
 * - with fewer than `capacity` appointments overlapping it at every moment, where each
 *   appointment, the new one included, holds its chair for `bufferMinutes` after it ends
 *   (the buffer may run past closing or into a break).
 */
export function findAvailableStartTimes(input: AvailabilityInput): AvailabilityResult {
  const refusal = refuseDay(input);
  if (refusal) return refusal;
  return { ok: true, times: freeStartsOn(input, Infinity) };
}

/**
 * Whether at least one start time is free on the day, by the same rules as
 * findAvailableStartTimes, but stopping at the first free start: the month view asks this of
 * every day of a month (free-days.ts). False for a refused day (past, beyond the horizon).
 */
export function hasFreeStart(input: AvailabilityInput): boolean {
  return !refuseDay(input) && freeStartsOn(input, 1).length > 0;
}

/** The reason a day cannot be asked about at all (past, beyond the horizon, a bad duration). */
function refuseDay(input: AvailabilityInput): { ok: false; reason: string } | undefined {
  const dateCheck = checkBookingDate(input.date, input.rules, input.timeZone, input.now);
  if (!dateCheck.ok) return dateCheck;
  if (!Number.isInteger(input.durationMinutes) || input.durationMinutes < 1) {
    return {
      ok: false,
      reason: 'The treatment time must be a whole number of minutes, at least 1.',
    };
  }
  return undefined;
}

/** Up to `limit` free start times of a day that refuseDay has let through. */
function freeStartsOn(input: AvailabilityInput, limit: number): string[] {
  const times: string[] = [];
  for (const { minute } of startsOn(input)) {
    times.push(formatMinuteOfDay(minute));
    if (times.length >= limit) return times;
  }
  return times;
}

/**
 * The staff members free for a booking starting at `startMinute` (local), in the order given, by
 * the same rules as findAvailableStartTimes; empty when the start is not offered, or when the
 * input has no staff (a client without staff).
 */
export function freeStaffAt(input: AvailabilityInput, startMinute: number): number[] {
  if (refuseDay(input) || !input.staff) return [];
  for (const start of startsOn(input, startMinute)) {
    if (start.minute === startMinute) return start.staff;
  }
  return [];
}

/** A free start: its local minute and, for a client with staff, who is free then. */
interface FreeStart {
  minute: number;
  staff: number[];
}

/** The free starts of a day, in order; only `only` when given (one start asked about). */
function* startsOn(input: AvailabilityInput, only?: number): Generator<FreeStart> {
  const { date, durationMinutes, rules, timeZone, now, existing } = input;
  const spans = rules.weeklyHours[weekdayOf(date)];
  if (spans.length === 0 || closureOn(rules, date)) return;

  const earliestStart = now.getTime() + rules.leadMinutes * minuteMs;
  const buffer = rules.bufferMinutes * minuteMs;
  const clock = dayClockFor(date, timeZone);
  const profileOf = (intervals: readonly BookedInterval[]) =>
    concurrencyProfileOf(
      intervals.map(({ startMinute, endMinute, count = 1 }) => ({
        start: clock.toInstantLenient(startMinute),
        end: clock.toInstantLenient(endMinute) + buffer,
        count,
      })),
    );
  const booked = profileOf(existing);
  const staff = input.staff?.map((member) => ({
    id: member.id,
    duration: (member.durationMinutes ?? durationMinutes) * minuteMs,
    spans: member.spans.map((span) => ({
      open: clock.toInstantLenient(minuteOfTime(span.start)),
      close: clock.toInstantLenient(minuteOfTime(span.end)),
    })),
    booked: profileOf(member.booked),
  }));

  for (const span of spans) {
    const open = minuteOfTime(span.start);
    const close = minuteOfTime(span.end);
    const closeInstant = clock.toInstantLenient(close);
    for (let minute = open; minute < close; minute += rules.slotStepMinutes) {
      if (only !== undefined && minute !== only) continue;
      const start = clock.toInstant(minute);
      if (start === null || start < earliestStart) continue;
      if (!staff) {
        const end = start + durationMinutes * minuteMs;
        if (end > closeInstant) break;
        if (peakOverlap(booked, start, end + buffer) >= rules.capacity) continue;
        yield { minute, staff: [] };
        continue;
      }
      // With staff: someone who performs the treatments is working the whole span (inside one
      // of their spans and the salon's), has no booking of their own in it or its buffer, and
      // the salon still has room (capacity: the chairs all of them share).
      const free = staff.filter((member) => {
        const end = start + member.duration;
        if (end > closeInstant) return false;
        if (!member.spans.some((s) => s.open <= start && end <= s.close)) return false;
        if (peakOverlap(member.booked, start, end + buffer) > 0) return false;
        return peakOverlap(booked, start, end + buffer) < rules.capacity;
      });
      if (free.length > 0) yield { minute, staff: free.map((member) => member.id) };
    }
  }
}
