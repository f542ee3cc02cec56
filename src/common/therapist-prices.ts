import type { Treatment } from './booking';
import type { StaffListEntry } from './staff';

/**
 * What chosen treatments cost and take with a therapist (issue 32): a therapist may have their
 * own price or length for a treatment, which the server charges and books (booking-service.ts's
 * assignStaff), so the booking page shows the same. Pure: prices in pounds, as the API's
 * treatments carry them.
 */

/** The treatments as this therapist does them: their own price and length where they have one. */
export function asDoneBy(
  member: Pick<StaffListEntry, 'own'> | undefined,
  treatments: readonly Treatment[],
): Treatment[] {
  return treatments.map((treatment) => {
    const own = member?.own?.find((terms) => terms.treatmentId === treatment.ID);
    if (!own) return treatment;
    return {
      ...treatment,
      Price: own.pricePence === null ? treatment.Price : own.pricePence / 100,
      Duration: own.durationMinutes ?? treatment.Duration,
    };
  });
}

export interface BookingTotal {
  /** Pounds. */
  price: number;
  minutes: number;
}

const totalOf = (treatments: readonly Treatment[]): BookingTotal => ({
  // In pence, so that £0.10 + £0.20 is £0.30.
  price: treatments.reduce((sum, t) => sum + Math.round(t.Price * 100), 0) / 100,
  minutes: treatments.reduce((sum, t) => sum + t.Duration, 0),
});

/**
 * Each way the chosen treatments can be done: by each of `candidates` (the chosen therapist, or
 * for any therapist everyone who performs them all), or as listed when there is no one to choose.
 */
export function pricingsOf(
  treatments: readonly Treatment[],
  candidates: readonly Pick<StaffListEntry, 'own'>[],
): Treatment[][] {
  return candidates.length === 0
    ? [[...treatments]]
    : candidates.map((member) => asDoneBy(member, treatments));
}

/** The lowest and highest totals of those ways: the same when every way costs and takes alike. */
export function totalsRange(pricings: readonly (readonly Treatment[])[]): {
  low: BookingTotal;
  high: BookingTotal;
} {
  const totals = pricings.map(totalOf);
  const pick = (better: (a: number, b: number) => number) => ({
    price: totals.reduce((found, t) => better(found, t.price), totals[0]?.price ?? 0),
    minutes: totals.reduce((found, t) => better(found, t.minutes), totals[0]?.minutes ?? 0),
  });
  return { low: pick(Math.min), high: pick(Math.max) };
}
