import { useMutation, useQuery } from '@tanstack/react-query';
import {
  availableTimesSchema,
  bookingMessages,
  categoryListSchema,
  createBookingAnswerSchema,
  treatmentListSchema,
  type CreateBookingPayload,
  type StoredBooking,
} from '@common/booking';
import { activeTreatmentsQueryKey, bookingCategoriesQueryKey } from '@common/page-data';
import type { StaffList } from '@common/staff';
import { apiJson } from '@/lib/api-client';
import { formSessionHeaders } from '@/lib/form-session';

/** The booking screen's calls to our back end (spec section 7). */

export function useCategories() {
  return useQuery({
    queryKey: bookingCategoriesQueryKey,
    queryFn: async () => categoryListSchema.parse(await apiJson('/api/categories/list')),
  });
}

export function useActiveTreatments() {
  return useQuery({
    queryKey: activeTreatmentsQueryKey,
    queryFn: async () =>
      treatmentListSchema.parse(await apiJson('/api/treatments/list?activeOnly=1')),
  });
}

/**
 * The salon's therapists (issue 32); an empty list for a client without staff. The schema comes
 * with the therapist chooser's own chunk (`load`), which a salon without staff never needs: the
 * booking screen's group is close to its 30 KB budget (docs/decisions/0014-page-speed.md).
 */
export function useStaffList(load: () => Promise<{ parse: (answer: unknown) => StaffList }>) {
  return useQuery({
    queryKey: ['staff', 'list'],
    queryFn: async () => {
      const [answer, parser] = await Promise.all([apiJson('/api/staff/list'), load()]);
      return parser.parse(answer);
    },
  });
}

/**
 * Available start times for a date and a total duration; off until both are known. The chosen
 * treatments' ids let a salon with staff offer only times a therapist who does them all is free;
 * a chosen therapist (`staffId`, null for any) only that therapist's free times.
 */
export function useAvailableTimes(
  bookingDate: string,
  estmatedDuration: number,
  treatmentIds: readonly number[] = [],
  staffId: number | null = null,
) {
  return useQuery({
    queryKey: ['booking', 'times', bookingDate, estmatedDuration, treatmentIds.join(','), staffId],
    queryFn: async () =>
      availableTimesSchema.parse(
        await apiJson('/api/bookings/time', {
          method: 'POST',
          body: JSON.stringify({
            bookingDate,
            estmatedDuration,
            ...(treatmentIds.length > 0 ? { treatmentIds } : {}),
            ...(staffId !== null ? { staffId } : {}),
          }),
        }),
      ),
    enabled: bookingDate !== '' && estmatedDuration > 0,
    // Times change as others book: always ask again rather than show a stale list.
    staleTime: 0,
    retry: false,
  });
}

/**
 * Spec: the result is read when the status is 200 and data is present; otherwise it failed. A
 * refusal (409 time taken, 422 too long, 429 too many) rejects with the api-client's ApiError and
 * the server's reason; no answer with its status 0.
 */
export async function createBooking(payload: CreateBookingPayload): Promise<StoredBooking> {
  const answer = await apiJson('/api/bookings/create', {
    method: 'POST',
    headers: await formSessionHeaders(),
    body: JSON.stringify(payload),
  });
  const booked = createBookingAnswerSchema.safeParse(answer);
  if (!booked.success)
    throw new Error(`${bookingMessages.bookingFailed}: no booking in the answer`);
  return booked.data.data;
}

export function useCreateBooking() {
  return useMutation({ mutationFn: createBooking });
}
