import type { OwnerBookingForm, OwnerBookingRequest } from '@common/diary';

/** The "Add a booking" form's values and the request they make (pure: tested beside it). */

export const emptyBookingForm = (date: string): OwnerBookingForm => ({
  source: 'phone',
  date,
  time: '',
  customer: { name: '', telephone: '', email: '' },
  treatmentIds: [],
  staffId: '',
});

/** The request of a checked form: the date and time as one start, the ids as numbers. */
export function ownerBookingRequestOf(
  values: Required<Pick<OwnerBookingForm, 'source' | 'date' | 'time' | 'treatmentIds'>> & {
    customer: OwnerBookingRequest['customer'];
    staffId?: string | undefined;
  },
): OwnerBookingRequest {
  return {
    source: values.source,
    startTime: `${values.date} ${values.time}:00`,
    customer: values.customer,
    treatmentIds: values.treatmentIds.map(Number),
    ...(values.staffId ? { staffId: Number(values.staffId) } : {}),
  };
}

/** The minutes the chosen treatments take, from the menu's durations. */
export function chosenDuration(
  treatments: ReadonlyArray<{ id: number; duration: number }>,
  chosen: readonly string[],
): number {
  return treatments
    .filter((t) => chosen.includes(String(t.id)))
    .reduce((sum, t) => sum + t.duration, 0);
}
