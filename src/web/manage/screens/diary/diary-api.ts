import { availableTimesSchema } from '@common/booking';
import { staffListSchema, type StaffList } from '@common/staff';
import type { RefundDepositRequest } from '@common/deposits';
import type {
  BookingSearch,
  CancelBookingRequest,
  Diary,
  DiaryBooking,
  MarkableStatus,
  MoveBookingByOwner,
  MoveOptions,
  OwnerBookingRequest,
} from '@common/diary';
import { apiJson } from '@/lib/api-client';
import { typed, type DiaryView } from '@/manage/shared/booking-queries';

/** The diary's calls: a day or a week of bookings, one booking, cancelling and adding one. */

export {
  diaryQueryKey,
  fetchMenu,
  menuQueryKey,
  type DiaryView,
} from '@/manage/shared/booking-queries';

export async function fetchDiary(date: string, view: DiaryView): Promise<Diary> {
  return typed(`/api/manage/diary?date=${encodeURIComponent(date)}&view=${view}`);
}

export const bookingQueryKey = (id: number) => ['manage', 'booking', id] as const;

export async function fetchBooking(id: number): Promise<DiaryBooking> {
  return typed(`/api/manage/bookings/${id}`);
}

export async function cancelBooking(
  id: number,
  request: CancelBookingRequest,
): Promise<DiaryBooking> {
  return typed(`/api/manage/bookings/${id}/cancel`, {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

export async function addBooking(request: OwnerBookingRequest): Promise<DiaryBooking> {
  return typed('/api/manage/bookings', { method: 'POST', body: JSON.stringify(request) });
}

/** The visitor's availability endpoint: the free start times of a day for a total duration. */
/**
 * The free starts on a date for treatments of this length; with the treatments (and a therapist)
 * the salon's staff are asked as a visitor's booking asks them (issue 32).
 */
export async function fetchFreeTimes(
  date: string,
  duration: number,
  treatmentIds: readonly number[] = [],
  staffId?: number,
): Promise<string[]> {
  return availableTimesSchema.parse(
    await apiJson('/api/bookings/time', {
      method: 'POST',
      body: JSON.stringify({
        bookingDate: date,
        estmatedDuration: duration,
        ...(treatmentIds.length > 0 ? { treatmentIds } : {}),
        ...(staffId === undefined ? {} : { staffId }),
      }),
    }),
  );
}

export const staffListQueryKey = ['manage', 'staff-list'] as const;

/** The salon's active staff and what each performs, as visitors choose them (empty: none). */
export async function fetchStaffList(): Promise<StaffList> {
  return staffListSchema.parse(await apiJson('/api/staff/list'));
}

/** Issue 32: the free starts for moving a booking on a date (with a therapist), and who could. */
export const moveOptionsQueryKey = (id: number, date: string, staffId: string) =>
  ['manage', 'move-times', id, date, staffId] as const;

export async function fetchMoveOptions(
  id: number,
  date: string,
  staffId: string,
): Promise<MoveOptions> {
  const staff = staffId ? `&staffId=${encodeURIComponent(staffId)}` : '';
  return typed(`/api/manage/bookings/${id}/move-times?date=${encodeURIComponent(date)}${staff}`);
}

export async function moveBooking(id: number, request: MoveBookingByOwner): Promise<DiaryBooking> {
  return typed(`/api/manage/bookings/${id}/move`, {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

/** Issue 32: marks a started booking completed or no-show, or booked again. */
export async function setBookingStatus(id: number, status: MarkableStatus): Promise<DiaryBooking> {
  return typed(`/api/manage/bookings/${id}/status`, {
    method: 'POST',
    body: JSON.stringify({ status }),
  });
}

export const bookingSearchQueryKey = (q: string) => ['manage', 'booking-search', q] as const;

/** Issue 32: the client's bookings by reference, name, e-mail or phone, newest first. */
export async function searchBookings(q: string): Promise<BookingSearch> {
  return typed(`/api/manage/bookings/search?q=${encodeURIComponent(q)}`);
}

/** Issue 36: the owner refunds all or part of a booking's paid deposit. */
export async function refundBookingDeposit(
  id: number,
  request: RefundDepositRequest,
): Promise<DiaryBooking> {
  return typed(`/api/manage/bookings/${id}/refund-deposit`, {
    method: 'POST',
    body: JSON.stringify(request),
  });
}
