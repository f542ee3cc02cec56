/**
 * How much working time a day has left unbooked (issue 34's "free hours left"): a therapist's
 * hours less their bookings, summed over therapists; for a client without staff, the opening
 * hours times the capacity less every booking. Only time from `fromMinute` on counts (today:
 * now), and a booking counts only where it lies within working time. An estimate for a glance:
 * buffers and the slot step are left out.
 */

export interface MinuteSpan {
  start: number;
  end: number;
}

export interface BookedSpan extends MinuteSpan {
  staffId: number | null;
}

function overlap(a: MinuteSpan, b: MinuteSpan): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

function fromOn(spans: readonly MinuteSpan[], fromMinute: number): MinuteSpan[] {
  return spans
    .map((span) => ({ start: Math.max(span.start, fromMinute), end: span.end }))
    .filter((span) => span.end > span.start);
}

const lengthOf = (spans: readonly MinuteSpan[]) =>
  spans.reduce((sum, span) => sum + span.end - span.start, 0);

const bookedWithin = (spans: readonly MinuteSpan[], bookings: readonly MinuteSpan[]) =>
  bookings.reduce(
    (sum, booking) => sum + spans.reduce((inner, span) => inner + overlap(span, booking), 0),
    0,
  );

/** Free minutes of a day for a client with staff: each therapist's working spans that day. */
export function freeMinutesWithStaff(
  therapists: ReadonlyArray<{ id: number; spans: readonly MinuteSpan[] }>,
  bookings: readonly BookedSpan[],
  fromMinute: number,
): number {
  let free = 0;
  for (const therapist of therapists) {
    const spans = fromOn(therapist.spans, fromMinute);
    const own = bookings.filter((booking) => booking.staffId === therapist.id);
    free += Math.max(0, lengthOf(spans) - bookedWithin(spans, own));
  }
  return free;
}

/** Free minutes of a day for a client without staff: the opening spans, `capacity` at once. */
export function freeMinutesByCapacity(
  openSpans: readonly MinuteSpan[],
  capacity: number,
  bookings: readonly MinuteSpan[],
  fromMinute: number,
): number {
  const spans = fromOn(openSpans, fromMinute);
  return Math.max(0, lengthOf(spans) * capacity - bookedWithin(spans, bookings));
}
