import type { BookingReportGrouping, OrderReportGrouping, Report } from '@common/reports';
import { apiJson } from '@/lib/api-client';

/** The reports (issue 34), taken as their type (decision 0054). */
export const reportQueryKey = (kind: 'bookings' | 'orders', from: string, to: string, by: string) =>
  ['manage', 'report', kind, from, to, by] as const;

export async function fetchReport(
  kind: 'bookings' | 'orders',
  range: { from: string; to: string },
  by: BookingReportGrouping | OrderReportGrouping,
): Promise<Report> {
  const query = new URLSearchParams({ from: range.from, to: range.to, by });
  return (await apiJson(`/api/manage/reports/${kind}?${query.toString()}`)) as Report;
}
