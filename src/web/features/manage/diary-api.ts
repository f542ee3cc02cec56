import { availableTimesSchema } from '@common/booking';
import type { VersionedBookingRules } from '@common/booking-rules';
import type {
  CancelBookingRequest,
  Diary,
  DiaryBooking,
  ManageMenu,
  OwnerBookingRequest,
  TreatmentInput,
} from '@common/diary';
import { apiJson } from '@/lib/api-client';

/**
 * The back office's calls for the diary, the hours and the treatments (issue 16). Unlike the
 * other screens these answers are typed, not parsed: the diary and rules schemas use zod parts no
 * visitor form uses, and zod shares one chunk with every form, so parsing them here would grow the
 * visitor's checkout chunk past its budget. The server builds these answers from the same types.
 */

/** An answer of the owner API, typed as the server's route declares it. */
async function typed<T>(path: string, init?: Parameters<typeof apiJson>[1]): Promise<T> {
  return (await apiJson(path, init)) as T;
}

export type DiaryView = 'day' | 'week';

export const diaryQueryKey = (date?: string, view?: DiaryView) =>
  date ? (['manage', 'diary', { date, view }] as const) : (['manage', 'diary'] as const);

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
export async function fetchFreeTimes(date: string, duration: number): Promise<string[]> {
  return availableTimesSchema.parse(
    await apiJson('/api/bookings/time', {
      method: 'POST',
      body: JSON.stringify({ bookingDate: date, estmatedDuration: duration }),
    }),
  );
}

export const rulesQueryKey = ['manage', 'booking-rules'] as const;

export async function fetchRules(): Promise<VersionedBookingRules> {
  return typed('/api/manage/booking-rules');
}

export async function saveRules(rules: VersionedBookingRules): Promise<VersionedBookingRules> {
  return typed('/api/manage/booking-rules', { method: 'PUT', body: JSON.stringify(rules) });
}

export const menuQueryKey = ['manage', 'menu'] as const;

export async function fetchMenu(): Promise<ManageMenu> {
  return typed('/api/manage/menu');
}

/** Every menu change answers the whole menu again. */
export async function changeMenu(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
): Promise<ManageMenu> {
  return typed(`/api/manage/${path}`, { method, body: JSON.stringify(body) });
}

export type { TreatmentInput };
