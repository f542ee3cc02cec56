import * as z from 'zod/mini';

/**
 * What the retention job (src/server/retention, decision 0063) did for one client, and how the
 * back office words it. The limits themselves are `retentionYears` in privacy.ts, which the
 * privacy page prints; kept apart so the public page does not load this schema.
 */
export const retentionCountsSchema = z.object({
  bookingsAnonymised: z.number(),
  ordersAnonymised: z.number(),
  emailsDeleted: z.number(),
  visitorLinksEnded: z.number(),
  ownerTokensDeleted: z.number(),
  ownerSessionsDeleted: z.number(),
  // Added with decision 0066: runs recorded before it have neither, read as none.
  enquiriesDeleted: z._default(z.number(), 0),
  customersErased: z._default(z.number(), 0),
});
export type RetentionCounts = z.infer<typeof retentionCountsSchema>;

export const noRetentionCounts: RetentionCounts = {
  bookingsAnonymised: 0,
  ordersAnonymised: 0,
  emailsDeleted: 0,
  visitorLinksEnded: 0,
  ownerTokensDeleted: 0,
  ownerSessionsDeleted: 0,
  enquiriesDeleted: 0,
  customersErased: 0,
};

/** GET /api/manage/retention: when old records were last tidied, and what went for this client. */
export const retentionLastRunSchema = z.object({
  lastRunAt: z.nullable(z.string()),
  counts: retentionCountsSchema,
});
export type RetentionLastRun = z.infer<typeof retentionLastRunSchema>;

const countWords: [keyof RetentionCounts, string, string][] = [
  ['bookingsAnonymised', 'booking', 'anonymised'],
  ['ordersAnonymised', 'order', 'anonymised'],
  ['emailsDeleted', 'old e-mail', 'deleted'],
  ['enquiriesDeleted', 'old enquiry', 'deleted'],
  ['customersErased', 'customer record', 'erased'],
  ['visitorLinksEnded', 'old booking link', 'ended'],
  ['ownerTokensDeleted', 'expired sign-in link', 'deleted'],
  ['ownerSessionsDeleted', 'expired session', 'deleted'],
];

/** "3 bookings anonymised, 1 order anonymised", or "nothing was old enough" when nothing went. */
export function describeRetentionCounts(counts: RetentionCounts): string {
  const parts = countWords
    .filter(([key]) => counts[key] > 0)
    .map(
      ([key, noun, verb]) =>
        `${counts[key]} ${counts[key] === 1 ? noun : noun.replace(/y$/, 'ie')}${counts[key] === 1 ? '' : 's'} ${verb}`,
    );
  return parts.length ? parts.join(', ') : 'nothing was old enough';
}
