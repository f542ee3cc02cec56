import type {
  BookingReportGrouping,
  OrderReportGrouping,
  Report,
  ReportSummary,
} from '@common/reports';
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

/** The report's table as a CSV file: a plain link the browser saves (Content-Disposition). */
export function reportCsvLink(
  kind: 'bookings' | 'orders',
  range: { from: string; to: string },
  by: BookingReportGrouping | OrderReportGrouping,
): string {
  const query = new URLSearchParams({ report: kind, by, from: range.from, to: range.to });
  return `/api/manage/export/report.csv?${query.toString()}`;
}

export const summaryQueryKey = (from: string, to: string) =>
  ['manage', 'report', 'summary', from, to] as const;

/** GET /api/manage/reports/summary: the period's figures, the card money among them. */
export async function fetchSummary(range: { from: string; to: string }): Promise<ReportSummary> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return (await apiJson(`/api/manage/reports/summary?${query.toString()}`)) as ReportSummary;
}

/** The card payments' table as a CSV file (GET /api/manage/export/report.csv?report=payments). */
export function cardPaymentsCsvLink(range: { from: string; to: string }): string {
  const query = new URLSearchParams({ report: 'payments', from: range.from, to: range.to });
  return `/api/manage/export/report.csv?${query.toString()}`;
}
