import * as z from 'zod/mini';
import { isoDatePattern, isRealDate } from './booking.js';

/**
 * The owner's downloads and site visits (issue 34, docs/decisions/0068-...): the period asked
 * for, both days included, as the client's local dates.
 */
const dayField = (name: string) =>
  z
    .string({ error: `${name} is required, as YYYY-MM-DD` })
    .check(
      z.regex(isoDatePattern, `${name} must be a date written YYYY-MM-DD`),
      z.refine(isRealDate, `${name} is not a real calendar date`),
    );

/** Longest period one download or visits report covers (about five years). */
export const longestPeriodDays = 1830;

export const periodQuerySchema = z.object({ from: dayField('from'), to: dayField('to') }).check(
  z.refine((period) => period.from <= period.to, {
    message: 'from must be on or before to',
    path: ['to'],
  }),
  z.refine(
    (period) => Date.parse(period.to) - Date.parse(period.from) <= longestPeriodDays * 86_400_000,
    { message: `A period is at most ${longestPeriodDays} days`, path: ['to'] },
  ),
);
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

/** The downloads the owner API streams: GET /api/manage/export/<name>.csv. */
export const exportNames = ['bookings', 'orders', 'customers'] as const;
export type ExportName = (typeof exportNames)[number];

/** GET /api/manage/reports/visits?from&to: page views per day and the most viewed pages. */
export interface VisitsReport {
  from: string;
  to: string;
  total: number;
  /** Every day of the period, oldest first, 0 where nobody came. */
  days: Array<{ day: string; views: number }>;
  /** The most viewed paths, most first (at most `topPagesShown`). */
  topPages: Array<{ path: string; views: number }>;
}
export const topPagesShown = 20;
