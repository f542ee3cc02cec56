import type { VersionedBookingRules } from '@common/booking-rules';
import { typed } from '@/manage/shared/booking-queries';

/** The booking rules: opening hours, breaks, closed days and the booking limits. */

export { diaryQueryKey } from '@/manage/shared/booking-queries';

export const rulesQueryKey = ['manage', 'booking-rules'] as const;

export async function fetchRules(): Promise<VersionedBookingRules> {
  return typed('/api/manage/booking-rules');
}

export async function saveRules(rules: VersionedBookingRules): Promise<VersionedBookingRules> {
  return typed('/api/manage/booking-rules', { method: 'PUT', body: JSON.stringify(rules) });
}
