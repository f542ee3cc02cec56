import { addDays, formatMinuteOfDay, zonedParts } from '../../common/booking.js';
import { reportLabelHeadings, type CardPaymentsTable, type Report } from '../../common/reports.js';
import { formatPenceAsPounds, formatUkDate, formatUkDateTime, type CsvCell } from './csv.js';
import type { BookingExportRow, CustomerExportRow, OrderExportRow } from './export-store.js';

/** Each download's header line and how one stored row becomes a line: pure, tested beside. */

export const bookingColumns = [
  'Reference',
  'Date',
  'Start',
  'End',
  'Status',
  'Source',
  'Customer',
  'E-mail',
  'Telephone',
  'Treatments',
  'Therapist',
  'Price (£)',
  'Minutes',
  'Booked on',
];

export function bookingLine(row: BookingExportRow, timeZone: string): CsvCell[] {
  return [
    row.reference,
    formatUkDate(row.booking_date),
    formatMinuteOfDay(row.start_minute),
    formatMinuteOfDay(row.end_minute),
    row.status,
    row.source,
    row.customer_name,
    row.customer_email,
    row.customer_telephone,
    row.treatments,
    row.staff_name,
    formatPenceAsPounds(row.total_price_pence),
    row.total_duration_minutes,
    formatUkDateTime(row.created_at, timeZone),
  ];
}

export const orderColumns = [
  'Order',
  'Placed',
  'Status',
  'Customer',
  'E-mail',
  'Telephone',
  'Address',
  'Items',
  'Total (£)',
];

export function orderLine(row: OrderExportRow, timeZone: string): CsvCell[] {
  // Orders keep their total in the catalogue's units at the time (pounds, or pence).
  const pence = row.prices_in_pence === 1 ? row.total : Math.round(row.total * 100);
  return [
    row.order_number,
    formatUkDateTime(row.created_at, timeZone),
    row.status,
    row.customer_name,
    row.customer_email,
    row.customer_telephone,
    row.customer_address,
    row.items,
    formatPenceAsPounds(pence),
  ];
}

export const customerColumns = [
  'Name',
  'E-mail',
  'Telephone',
  'Marketing e-mails',
  'Consent given',
  'First seen',
  'Last activity',
  'Bookings',
  'Orders',
];

export function customerLine(row: CustomerExportRow, timeZone: string): CsvCell[] {
  return [
    row.name,
    row.email,
    row.telephone,
    row.marketing === 1 ? 'Yes' : 'No',
    row.consent_at ? formatUkDateTime(row.consent_at, timeZone) : '',
    formatUkDateTime(row.created_at, timeZone),
    formatUkDateTime(row.last_activity_at, timeZone),
    row.bookings,
    row.orders,
  ];
}

/**
 * A report's table as lines, exactly as the Reports screen shows it: the label column, the count,
 * the value, then the total line.
 */
export function reportLines(report: Report): CsvCell[][] {
  return [
    [reportLabelHeadings[report.by], report.countLabel, 'Value (£)'],
    ...report.rows.map((row) => [row.label, row.count, formatPenceAsPounds(row.value)]),
    ['Total', report.total.count, formatPenceAsPounds(report.total.value)],
  ];
}

/** The card payments' table as lines, as the Reports screen shows it, in pounds ('' where none). */
export function cardPaymentLines(table: CardPaymentsTable): CsvCell[][] {
  const pounds = (value: number | null) => (value === null ? '' : formatPenceAsPounds(value));
  return [
    ['', ...table.columns.map((column) => `${column} (£)`)],
    ...table.lines.map((line) => [line.label, ...line.values.map(pounds)]),
    [table.net.label, ...table.net.values.map(pounds)],
  ];
}

/** The instant local midnight begins on `day` in `timeZone` (ISO), across clock changes. */
export function startOfLocalDay(day: string, timeZone: string): string {
  const asUtc = Date.parse(`${day}T00:00:00.000Z`);
  const local = zonedParts(new Date(asUtc), timeZone);
  const shownMs = Date.parse(`${local.date}T00:00:00.000Z`) + local.minuteOfDay * 60_000;
  return new Date(asUtc - (shownMs - asUtc)).toISOString();
}

/** The instants [from, to) that the local days from…to (both included) cover. */
export function instantsOfPeriod(
  period: { from: string; to: string },
  timeZone: string,
): { from: string; toExclusive: string } {
  return {
    from: startOfLocalDay(period.from, timeZone),
    toExclusive: startOfLocalDay(addDays(period.to, 1), timeZone),
  };
}

/** The download's file name: "rrb-bookings-2026-11-01-to-2026-11-30.csv". */
export function exportFileName(
  clientCode: string,
  name: string,
  period: { from: string; to: string } | undefined,
): string {
  const span = period ? `-${period.from}-to-${period.to}` : '';
  return `${clientCode.toLowerCase()}-${name}${span}.csv`;
}
