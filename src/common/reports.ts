// zod/mini: the back office's reports screen loads these schemas in the browser.
import * as z from 'zod/mini';
import { isRealDate } from './booking';

/**
 * The owner's figures (issue 34): what the dashboard and the reports ask for and get. Dates are
 * local dates YYYY-MM-DD in the client's time zone, both ends included; money is whole pence.
 * docs/decisions/0067-the-owners-figures.md says what each figure counts.
 */

/** The longest period one request may cover, so a report stays one bounded read. */
export const maxReportDays = 366;

const dateField = (name: string) =>
  z
    .string({ error: `${name} is required, as YYYY-MM-DD` })
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD'),
      z.refine(isRealDate, 'is not a real calendar date'),
    );

/** Days from `from` to `to`, both included (calendar days, no time zone involved). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

const rangeShape = { from: dateField('from'), to: dateField('to') };

const rangeChecks = [
  z.refine<{ from: string; to: string }>((range) => range.from <= range.to, {
    message: 'must be on or after the first day (from)',
    path: ['to'],
  }),
  z.refine<{ from: string; to: string }>(
    (range) => range.from > range.to || daysInRange(range.from, range.to) <= maxReportDays,
    { message: `a report can cover at most ${maxReportDays} days`, path: ['to'] },
  ),
];

/** GET /api/manage/reports/summary?from&to */
export const reportRangeSchema = z.object(rangeShape).check(...rangeChecks);
export type ReportRange = z.infer<typeof reportRangeSchema>;

export const bookingReportGroupings = [
  'day',
  'week',
  'month',
  'treatment',
  'therapist',
  'hour',
] as const;
export type BookingReportGrouping = (typeof bookingReportGroupings)[number];
export const orderReportGroupings = ['week', 'product'] as const;
export type OrderReportGrouping = (typeof orderReportGroupings)[number];

/** GET /api/manage/reports/bookings?from&to&by= */
export const bookingReportQuerySchema = z
  .object({
    ...rangeShape,
    by: z.enum(bookingReportGroupings, 'by must be day, week, month, treatment, therapist or hour'),
  })
  .check(...rangeChecks);
export type BookingReportQuery = z.infer<typeof bookingReportQuerySchema>;

/** GET /api/manage/reports/orders?from&to&by= */
export const orderReportQuerySchema = z
  .object({ ...rangeShape, by: z.enum(orderReportGroupings, 'by must be week or product') })
  .check(...rangeChecks);
export type OrderReportQuery = z.infer<typeof orderReportQuerySchema>;

/**
 * GET /api/manage/dashboard?date= : the dashboard as of a day (absent: today in the client's time
 * zone). The date lets the owner (and the tests) look at the dashboard of any day.
 */
export const dashboardQuerySchema = z.object({ date: z.optional(dateField('date')) });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** The booking figures of a period (bookings that stand: every status but cancelled). */
export interface BookingFigures {
  bookings: number;
  /** Pence: what the standing bookings are worth, no-shows included (the value booked). */
  bookedValue: number;
  /** Pence: bookings marked completed. */
  completedValue: number;
  noShows: number;
  /** Cancelled after the client's cancellation notice (changeCutoffHours) had begun. */
  lateCancellations: number;
}

/** The order figures of a period (orders placed in it, cancelled ones left out). */
export interface OrderFigures {
  orders: number;
  /** Pence. */
  orderValue: number;
  /** Pence, rounded; 0 without orders. */
  averageOrder: number;
}

/**
 * Card money of a period (issue 36), whole pence: what Stripe took and gave back for orders placed
 * in it and for the deposits of bookings dated in it (decision 0083). A refunded deposit counts
 * as taken and refunded; a deposit kept as a fee is taken and stays taken.
 */
export interface CardFigures {
  /** Paid by card for orders (what Stripe reports paid, refunds not taken off). */
  ordersPaid: number;
  ordersRefunded: number;
  /** Deposits paid, whatever became of them since (paid, refunded, kept). */
  depositsPaid: number;
  depositsRefunded: number;
  /** Deposits kept as a fee (a late cancellation or a no-show). */
  depositsKept: number;
  /** ordersPaid + depositsPaid */
  taken: number;
  /** ordersRefunded + depositsRefunded */
  refunded: number;
  /** taken − refunded: the card money the business keeps. */
  net: number;
}

/** The card payments' table (Reports screen and its CSV): columns, then lines in pence. */
export interface CardPaymentsTable {
  columns: string[];
  /** null: the figure does not apply (orders are never kept as fees). */
  lines: Array<{ label: string; values: Array<number | null> }>;
  net: { label: string; values: number[] };
}

/**
 * The card money as the owner reads it: an Orders and a Deposits column as the client uses them,
 * a Total, and the net as the foot. One shape for the screen and the CSV, so they agree.
 */
export function cardPaymentsTable(
  card: CardFigures,
  uses: { orders: boolean; deposits: boolean },
): CardPaymentsTable {
  const parts = [
    ...(uses.orders ? (['orders'] as const) : []),
    ...(uses.deposits ? (['deposits'] as const) : []),
  ];
  const figure = (
    orders: number | null,
    deposits: number | null,
    total: number,
  ): Array<number | null> => [
    ...parts.map((part) => (part === 'orders' ? orders : deposits)),
    total,
  ];
  const lines = [
    { label: 'Taken online', values: figure(card.ordersPaid, card.depositsPaid, card.taken) },
    {
      label: 'Refunded',
      values: figure(card.ordersRefunded, card.depositsRefunded, card.refunded),
    },
    ...(uses.deposits
      ? [
          {
            label: 'Deposits kept as fees',
            values: figure(null, card.depositsKept, card.depositsKept),
          },
        ]
      : []),
  ];
  const net = figure(
    card.ordersPaid - card.ordersRefunded,
    card.depositsPaid - card.depositsRefunded,
    card.net,
  ) as number[];
  return {
    columns: [...parts.map((part) => (part === 'orders' ? 'Orders' : 'Deposits')), 'Total'],
    lines,
    net: { label: 'Net', values: net },
  };
}

/**
 * GET /api/manage/reports/summary. Site visits (issue 34's other part) join as `visits: number`
 * beside these; nothing here depends on their absence.
 */
export interface ReportSummary extends BookingFigures, OrderFigures {
  from: string;
  to: string;
  card: CardFigures;
}

/**
 * GET /api/manage/reports/summary: the period's figures and the site's page views in it
 * (counted without cookies: docs/decisions/0068-visits-exports-and-morning-summary.md).
 */
export interface ReportSummaryWithVisits extends ReportSummary {
  visits: number;
}

/** A period and the one before it, of the same kind (a Monday week, a calendar month). */
export interface PeriodComparison {
  current: ReportSummary;
  previous: ReportSummary;
}

/** One of the days the dashboard looks ahead over. */
export interface DashboardDay {
  date: string;
  /** Standing bookings that day. */
  bookings: number;
  /** Working minutes not booked (from now on, for today); null for a client without bookings. */
  freeMinutes: number | null;
}

/** A therapist's booking figures for this week and month and the ones before. */
export interface DashboardTherapist {
  /** null: bookings with no therapist (made before staff). */
  id: number | null;
  name: string;
  week: { current: BookingFigures; previous: BookingFigures };
  month: { current: BookingFigures; previous: BookingFigures };
}

/** GET /api/manage/dashboard */
export interface Dashboard {
  /** The day it is as of (today unless asked). */
  date: string;
  /** What the client uses: a salon's bookings, a shop's orders, or both. */
  usesBookings: boolean;
  usesOrders: boolean;
  /** The day and the 7 after it. */
  days: DashboardDay[];
  /** Orders new or contacted: not finished, not cancelled. */
  ordersWaiting: number;
  week: PeriodComparison;
  month: PeriodComparison;
  /** Per therapist, for a client with staff; empty otherwise. */
  therapists: DashboardTherapist[];
}

/** One bar of a report: what it is, how many, and their value in pence. */
export interface ReportRow {
  key: string;
  label: string;
  count: number;
  value: number;
}

/** GET /api/manage/reports/bookings and …/orders */
export interface Report {
  from: string;
  to: string;
  by: BookingReportGrouping | OrderReportGrouping;
  /** What `count` counts, for the table's heading: Bookings, Treatments, Orders or Items sold. */
  countLabel: string;
  rows: ReportRow[];
  total: { count: number; value: number };
}

/** The first column's heading of a report's table (and of its CSV download). */
export const reportLabelHeadings: Record<BookingReportGrouping | OrderReportGrouping, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  treatment: 'Treatment',
  therapist: 'Therapist',
  hour: 'Starting at',
  product: 'Product',
};

/** Which report a CSV download of a report's table is of: GET /api/manage/export/report.csv. */
export const reportExportKindSchema = z.object({
  report: z.enum(['bookings', 'orders', 'payments'], 'report must be bookings, orders or payments'),
});
