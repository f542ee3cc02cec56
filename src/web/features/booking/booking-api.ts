import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AvailableTimes,
  Category,
  CreateBookingPayload,
  StoredBooking,
  Treatment,
} from '../../../common/booking';
import { activeTreatmentsQueryKey, bookingCategoriesQueryKey } from '../../../common/page-data';
import { apiFetch, apiJson } from '../../lib/api-client';

/** The booking screen's calls to our back end (spec section 7). */

export function useCategories() {
  return useQuery({
    queryKey: bookingCategoriesQueryKey,
    queryFn: () => apiJson<Category[]>('/api/categories/list'),
  });
}

export function useActiveTreatments() {
  return useQuery({
    queryKey: activeTreatmentsQueryKey,
    queryFn: () => apiJson<Treatment[]>('/api/treatments/list?activeOnly=1'),
  });
}

/** Available start times for a date and a total duration; off until both are known. */
export function useAvailableTimes(bookingDate: string, estmatedDuration: number) {
  return useQuery({
    queryKey: ['booking', 'times', bookingDate, estmatedDuration],
    queryFn: () =>
      apiJson<AvailableTimes>('/api/bookings/time', {
        method: 'POST',
        body: JSON.stringify({ bookingDate, estmatedDuration }),
      }),
    enabled: bookingDate !== '' && estmatedDuration > 0,
    // Times change as others book: always ask again rather than show a stale list.
    staleTime: 0,
    retry: false,
  });
}

/** Spec: the result is read when the status is 200 and data is present; otherwise it failed. */
export async function createBooking(payload: CreateBookingPayload): Promise<StoredBooking> {
  const response = await apiFetch('/api/bookings/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = (await response.json().catch(() => null)) as {
    data?: StoredBooking;
    message?: string;
  } | null;
  if (response.status !== 200 || !body?.data) {
    throw new Error(body?.message ?? `Booking failed with status ${response.status}`);
  }
  return body.data;
}

export function useCreateBooking() {
  return useMutation({ mutationFn: createBooking });
}
