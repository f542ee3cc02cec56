import { weekdayOf, type BookedInterval, type StaffDay } from './availability.js';

/**
 * Who could take a booking (issue 32), pure: which staff members perform every chosen treatment,
 * their hours on a date (none in time off), how long the treatments take with each, and the fair
 * choice when the visitor asks for "any therapist".
 */

/** A staff member as availability needs them (the store's StaffMember fits). */
export interface StaffForDay {
  id: number;
  displayOrder: number;
  treatments: ReadonlyArray<{ treatmentId: number; durationMinutes: number | null }>;
  hours: ReadonlyArray<{ weekday: string; start: string; end: string }>;
  timeOff: ReadonlyArray<{ from: string; to: string }>;
}

export interface StaffDaysInput {
  /** The client's active staff. */
  members: readonly StaffForDay[];
  /** YYYY-MM-DD, local. */
  date: string;
  /** The chosen treatments; when empty, every member counts and lengths are the input's. */
  treatmentIds: readonly number[];
  /** Each chosen treatment's own length, for a member without a length of their own. */
  treatmentMinutes: ReadonlyMap<number, number>;
  /** Only this member (a visitor's named choice); undefined for "any". */
  staffId?: number | undefined;
  /** Each member's bookings on the date. */
  bookedByStaff: ReadonlyMap<number, readonly BookedInterval[]>;
}

/** Whether a member performs every one of the treatments. */
export function performsAll(member: StaffForDay, treatmentIds: readonly number[]): boolean {
  return treatmentIds.every((id) => member.treatments.some((t) => t.treatmentId === id));
}

/** Whether a member is off (holiday, sickness …) on the date. */
export function isOffOn(member: StaffForDay, date: string): boolean {
  return member.timeOff.some((off) => off.from <= date && date <= off.to);
}

/** How long the treatments take with this member: their own lengths, else the treatments'. */
export function minutesWith(
  member: StaffForDay,
  treatmentIds: readonly number[],
  treatmentMinutes: ReadonlyMap<number, number>,
): number {
  return treatmentIds.reduce((sum, id) => {
    const own = member.treatments.find((t) => t.treatmentId === id)?.durationMinutes;
    return sum + (own ?? treatmentMinutes.get(id) ?? 0);
  }, 0);
}

/** The members who could take the booking on the date, as availability takes them. */
export function staffDaysFor(input: StaffDaysInput): StaffDay[] {
  const { members, date, treatmentIds, treatmentMinutes, staffId, bookedByStaff } = input;
  const weekday = weekdayOf(date);
  return members
    .filter((member) => staffId === undefined || member.id === staffId)
    .filter((member) => performsAll(member, treatmentIds))
    .map((member) => ({
      id: member.id,
      spans: isOffOn(member, date)
        ? []
        : member.hours
            .filter((h) => h.weekday === weekday)
            .map(({ start, end }) => ({ start, end }))
            .sort((a, b) => a.start.localeCompare(b.start)),
      booked: bookedByStaff.get(member.id) ?? [],
      ...(treatmentIds.length > 0
        ? { durationMinutes: minutesWith(member, treatmentIds, treatmentMinutes) }
        : {}),
    }));
}

/**
 * "Any therapist", fairly: of those free, the one with the fewest bookings that day, then the
 * first in the owner's display order, then the lowest id. Undefined when none is free.
 */
export function pickFairly(
  free: readonly number[],
  members: ReadonlyArray<Pick<StaffForDay, 'id' | 'displayOrder'>>,
  bookingsThatDay: ReadonlyMap<number, number>,
): number | undefined {
  const candidates = members.filter((m) => free.includes(m.id));
  candidates.sort(
    (a, b) =>
      (bookingsThatDay.get(a.id) ?? 0) - (bookingsThatDay.get(b.id) ?? 0) ||
      a.displayOrder - b.displayOrder ||
      a.id - b.id,
  );
  return candidates[0]?.id;
}
