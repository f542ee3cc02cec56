// zod/mini, like the other shared schemas.
import * as z from 'zod/mini';

/**
 * Private calendar feeds (issue 32, docs/decisions/0058-calendar-feeds.md): the owner's secret
 * links (/calendar/<token>.ics) for the whole salon or one therapist, under
 * /api/manage/calendar-feeds. The link itself is shown once, when it is made: only its hash is kept.
 */
export const calendarFeedSchema = z.object({
  id: z.number(),
  /** Null: every booking of the salon. */
  staffId: z.nullable(z.number()),
  /** The therapist's name, or null for the whole salon. */
  staffName: z.nullable(z.string()),
  createdAt: z.string(),
  /** Set once revoked; the link answers 404 from then on. */
  revokedAt: z.nullable(z.string()),
});
export type CalendarFeedEntry = z.infer<typeof calendarFeedSchema>;

/** GET /api/manage/calendar-feeds: the feeds, newest first, and the therapists a link can be for. */
export const calendarFeedListSchema = z.object({
  feeds: z.array(calendarFeedSchema),
  staff: z.array(z.object({ id: z.number(), name: z.string() })),
  /** False for a staff account: it makes links to its own bookings only. */
  salonLinkAllowed: z.boolean(),
});
export type CalendarFeedList = z.infer<typeof calendarFeedListSchema>;

/** POST /api/manage/calendar-feeds: null (or absent) for the whole salon, else a therapist's id. */
export const newCalendarFeedSchema = z.object({
  staffId: z.optional(
    z.nullable(
      z
        .number('staffId must be the id of one of your therapists, or null for the whole salon')
        .check(
          z.int('staffId must be the id of one of your therapists'),
          z.positive('staffId must be the id of one of your therapists'),
          z.lte(2_147_483_647, 'staffId must be the id of one of your therapists'),
        ),
    ),
  ),
});
export type NewCalendarFeed = z.infer<typeof newCalendarFeedSchema>;

/** The answer to a new feed: the full link, shown this once. */
export const createdCalendarFeedSchema = z.object({
  feed: calendarFeedSchema,
  url: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

export const calendarFeedMessages = {
  unknownStaff: 'Please choose one of your therapists, or the whole salon.',
  notFound: 'That calendar link was not found.',
  onlyYourOwn:
    'A staff account can make a link to its own bookings only. Please ask the business owner for the whole salon.',
} as const;

/**
 * The back office's "new link" form: the select's value, '' for the whole salon or a therapist's
 * id; `staffIdOfChoice` makes it the POST's staffId.
 */
export const calendarFeedFormSchema = z.object({
  staffId: z.string().check(z.regex(/^(\d{1,10})?$/, calendarFeedMessages.unknownStaff)),
});
export type CalendarFeedForm = z.infer<typeof calendarFeedFormSchema>;

export function staffIdOfChoice(choice: string): number | null {
  return choice === '' ? null : Number(choice);
}
