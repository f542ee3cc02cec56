// zod/mini, like the other shared schemas.
import * as z from 'zod/mini';

/** The salon's people as visitors see them (issue 32): GET /api/staff/list. */
export const staffListEntrySchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  name: z.string(),
  bio: z.string(),
  /** A picture's media name, or null when they have none. */
  photo: z.nullable(z.string()),
  /** The treatments they perform. */
  treatmentIds: z.array(z.number().check(z.int(), z.positive())),
  /**
   * Their own price (pence) or length (minutes) of a treatment, where it is not the treatment's
   * own (null: the treatment's), so the page shows what the booking will cost and take.
   */
  own: z.optional(
    z.array(
      z.object({
        treatmentId: z.number().check(z.int(), z.positive()),
        pricePence: z.nullable(z.number().check(z.int(), z.nonnegative())),
        durationMinutes: z.nullable(z.number().check(z.int(), z.positive())),
      }),
    ),
  ),
});
export type StaffListEntry = z.infer<typeof staffListEntrySchema>;

/** Active staff only, in the owner's display order. */
export const staffListSchema = z.array(staffListEntrySchema);
export type StaffList = z.infer<typeof staffListSchema>;
