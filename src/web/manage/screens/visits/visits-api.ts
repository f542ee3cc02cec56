import type { VisitsReport } from '@common/exports';
import { typed } from '@/manage/shared/booking-queries';

/** The Visits screen's calls: the visits report (typed, decision 0054) and the download links. */
export const visitsQueryKey = (from: string, to: string) => ['manage', 'visits', from, to] as const;

export function fetchVisits(from: string, to: string): Promise<VisitsReport> {
  return typed(`/api/manage/reports/visits?from=${from}&to=${to}`);
}

/** Where a CSV download is: a plain link the browser saves (Content-Disposition: attachment). */
export function exportLink(name: string, period?: { from: string; to: string }): string {
  const query = period ? `?from=${period.from}&to=${period.to}` : '';
  return `/api/manage/export/${name}.csv${query}`;
}
