import { availableTimesSchema } from '@common/booking';
import { versionedBookingRulesSchema, type VersionedBookingRules } from '@common/booking-rules';
import {
  diaryBookingSchema,
  diarySchema,
  manageMenuSchema,
  type CancelBookingRequest,
  type Diary,
  type DiaryBooking,
  type ManageMenu,
  type OwnerBookingRequest,
  type TreatmentInput,
} from '@common/diary';
import { apiJson } from '@/lib/api-client';

/** The back office's calls for the diary, the hours and the treatments (issue 16). */

export type DiaryView = 'day' | 'week';

export const diaryQueryKey = (date?: string, view?: DiaryView) =>
  date ? (['manage', 'diary', { date, view }] as const) : (['manage', 'diary'] as const);

export async function fetchDiary(date: string, view: DiaryView): Promise<Diary> {
  return diarySchema.parse(
    await apiJson(`/api/manage/diary?date=${encodeURIComponent(date)}&view=${view}`),
  );
}

export const bookingQueryKey = (id: number) => ['manage', 'booking', id] as const;

export async function fetchBooking(id: number): Promise<DiaryBooking> {
  return diaryBookingSchema.parse(await apiJson(`/api/manage/bookings/${id}`));
}

export async function cancelBooking(
  id: number,
  request: CancelBookingRequest,
): Promise<DiaryBooking> {
  return diaryBookingSchema.parse(
    await apiJson(`/api/manage/bookings/${id}/cancel`, {
      method: 'POST',
      body: JSON.stringify(request),
    }),
  );
}

export async function addBooking(request: OwnerBookingRequest): Promise<DiaryBooking> {
  return diaryBookingSchema.parse(
    await apiJson('/api/manage/bookings', { method: 'POST', body: JSON.stringify(request) }),
  );
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
  return versionedBookingRulesSchema.parse(await apiJson('/api/manage/booking-rules'));
}

export async function saveRules(rules: VersionedBookingRules): Promise<VersionedBookingRules> {
  return versionedBookingRulesSchema.parse(
    await apiJson('/api/manage/booking-rules', { method: 'PUT', body: JSON.stringify(rules) }),
  );
}

export const menuQueryKey = ['manage', 'menu'] as const;

export async function fetchMenu(): Promise<ManageMenu> {
  return manageMenuSchema.parse(await apiJson('/api/manage/menu'));
}

/** Every menu change answers the whole menu again. */
export async function changeMenu(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
): Promise<ManageMenu> {
  return manageMenuSchema.parse(
    await apiJson(`/api/manage/${path}`, { method, body: JSON.stringify(body) }),
  );
}

export type { TreatmentInput };
