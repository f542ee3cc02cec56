import * as z from 'zod/mini';

/**
 * An owner's morning e-mail (issue 34, docs/decisions/0068-...): on or off, and the hour (the
 * client's local time) from which the day's e-mail goes. GET/PUT /api/manage/morning-summary.
 */
export const morningSummaryFieldsSchema = z.object({
  enabled: z.boolean({ error: 'enabled is true or false' }),
  sendHour: z
    .number({ error: 'Please choose an hour' })
    .check(
      z.int('Please choose a whole hour'),
      z.gte(0, 'Please choose an hour from 0 to 23'),
      z.lte(23, 'Please choose an hour from 0 to 23'),
    ),
});
export type MorningSummaryFields = z.infer<typeof morningSummaryFieldsSchema>;

export const morningSummaryEditSchema = z.extend(morningSummaryFieldsSchema, {
  version: z.number({ error: 'version is required' }).check(z.int(), z.gte(0)),
});
export type MorningSummarySetting = MorningSummaryFields & { version: number };

export const morningSummaryDefaults: MorningSummaryFields = { enabled: false, sendHour: 7 };
