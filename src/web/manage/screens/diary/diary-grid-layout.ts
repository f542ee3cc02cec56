/**
 * The diary's arithmetic (issue 32), pure: which column a booking goes in, the hours the grid
 * spans, side-by-side lanes for bookings that overlap in one column, and whether a booking has
 * started. No React, no DOM.
 */

// Written here rather than taken from @common/booking: importing them into the back office would
// move them into the chunk visitors load with the booking form, past its budget's margin.

/** "HH:mm" as minutes after midnight. */
export function minuteOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Minutes after midnight as "HH:mm". */
export function clockOf(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Whether a booking's start (its local date and "HH:mm") has passed by `now` in the client's
 * time zone; the back office offers marking it then (the server checks again).
 */
export function hasStarted(
  booking: { date: string; start: string },
  timeZone: string,
  now: Date = new Date(),
): boolean {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return date > booking.date || (date === booking.date && minute >= minuteOf(booking.start));
}

/** What the layout needs of a booking. */
export interface GridBooking {
  id: number;
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
  staffId: number | null;
}

export interface GridColumn<B extends GridBooking> {
  /** The therapist's id; null for the one column of a client without staff, or bookings without one. */
  staffId: number | null;
  name: string;
  bookings: B[];
}

/**
 * One column per therapist, in the order given; a client without staff gets one column. Bookings
 * made before staff (or of someone not listed) go in a column of their own at the end, so none
 * is left out.
 */
export function diaryColumns<B extends GridBooking>(
  staff: ReadonlyArray<{ id: number; name: string }>,
  bookings: readonly B[],
  names: { all: string; unassigned: string },
): Array<GridColumn<B>> {
  if (staff.length === 0) return [{ staffId: null, name: names.all, bookings: [...bookings] }];
  const columns: Array<GridColumn<B>> = staff.map((member) => ({
    staffId: member.id,
    name: member.name,
    bookings: bookings.filter((b) => b.staffId === member.id),
  }));
  const listed = new Set(staff.map((member) => member.id));
  const others = bookings.filter((b) => b.staffId === null || !listed.has(b.staffId));
  if (others.length > 0) columns.push({ staffId: null, name: names.unassigned, bookings: others });
  return columns;
}

/**
 * The grid's first and last minute: the usual day (default 09:00–18:00) widened to whole hours
 * around any booking outside it.
 */
export function gridSpan(
  bookings: ReadonlyArray<Pick<GridBooking, 'startMinute' | 'endMinute'>>,
  usual: { startMinute: number; endMinute: number } = { startMinute: 9 * 60, endMinute: 18 * 60 },
): { startMinute: number; endMinute: number } {
  let startMinute = usual.startMinute;
  let endMinute = usual.endMinute;
  for (const b of bookings) {
    startMinute = Math.min(startMinute, Math.floor(b.startMinute / 60) * 60);
    endMinute = Math.max(endMinute, Math.ceil(b.endMinute / 60) * 60);
  }
  return { startMinute: Math.max(0, startMinute), endMinute: Math.min(24 * 60, endMinute) };
}

export interface Placed<B> {
  booking: B;
  /** Which lane, from 0 at the left. */
  lane: number;
  /** How many lanes its group of overlapping bookings needs (its width is 1 / lanes). */
  lanes: number;
}

/**
 * Places a column's bookings side by side where they overlap: bookings are taken in start order
 * (longer first on a tie), each into the leftmost lane that is free at its start; a group of
 * bookings that overlap one another, directly or through others, shares one lane count, so their
 * widths line up. A booking that ends as another starts does not overlap it.
 */
export function placeInLanes<B extends Pick<GridBooking, 'id' | 'startMinute' | 'endMinute'>>(
  bookings: readonly B[],
): Array<Placed<B>> {
  const sorted = [...bookings].sort(
    (a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute || a.id - b.id,
  );
  const placed: Array<Placed<B>> = [];
  let group: Array<Placed<B>> = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const closeGroup = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const booking of sorted) {
    if (booking.startMinute >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= booking.startMinute);
    if (lane === -1) lane = laneEnds.push(booking.endMinute) - 1;
    else laneEnds[lane] = booking.endMinute;
    const item = { booking, lane, lanes: 1 };
    group.push(item);
    placed.push(item);
    groupEnd = Math.max(groupEnd, booking.endMinute);
  }
  closeGroup();
  return placed;
}
