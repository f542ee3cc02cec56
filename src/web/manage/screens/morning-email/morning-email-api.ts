import type { MorningSummaryFields, MorningSummarySetting } from '@common/morning-summary';
import { typed } from '@/manage/shared/booking-queries';

/** The Morning e-mail screen's calls (/api/manage/morning-summary), typed (decision 0054). */
export const morningSummaryQueryKey = ['manage', 'morning-summary'] as const;

export function fetchMorningSummary(): Promise<MorningSummarySetting> {
  return typed('/api/manage/morning-summary');
}

export function saveMorningSummary(
  fields: MorningSummaryFields,
  version: number,
): Promise<MorningSummarySetting> {
  return typed('/api/manage/morning-summary', {
    method: 'PUT',
    body: JSON.stringify({ ...fields, version }),
  });
}
