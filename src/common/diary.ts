// zod/mini: the back office loads these schemas in the browser.
import * as z from 'zod/mini';
import { bookingMessages, isRealDate } from './booking';
import { depositStatuses } from './deposits.js';
import { maxPatchTestHours } from './patch-tests.js';
import { multiLineChecks, singleLineChecks } from './text-rules.js';

/**
 * The owner's diary API (issue 16): what the back office sends and gets for bookings, and for
 * categories and treatments. Money is in pounds on the wire (as the visitor API), minutes for
 * durations, local dates YYYY-MM-DD and times HH:mm in the client's time zone.
 */

const dateField = z
  .string({ error: 'date is required, as YYYY-MM-DD' })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD'),
    z.refine(isRealDate, 'is not a real calendar date'),
  );

/** GET /api/manage/diary?date=YYYY-MM-DD&view=day|week (a week starts on the date's Monday). */
export const diaryQuerySchema = z.object({
  date: dateField,
  view: z._default(z.enum(['day', 'week'], 'view must be day or week'), 'day'),
});
export type DiaryQuery = z.infer<typeof diaryQuerySchema>;

/**
 * pending: a new customer's online booking awaiting their e-mail confirmation (issue 17).
 * completed and no-show: set by the owner once the start has passed (issue 32); both still take
 * their time, as booked does.
 */
export const bookingStatuses = ['booked', 'pending', 'cancelled', 'completed', 'no-show'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const bookingSources = ['online', 'phone', 'walk-in'] as const;

export const diaryBookingSchema = z.object({
  id: z.number(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(bookingStatuses),
  source: z.enum(bookingSources),
  totalPrice: z.number(),
  totalDuration: z.number(),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    telephone: z.string(),
    doorNo: z.string(),
    postCode: z.string(),
  }),
  treatments: z.array(
    z.object({ id: z.number(), name: z.string(), price: z.number(), duration: z.number() }),
  ),
  createdAt: z.string(),
  cancelledAt: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
  /** A pending booking's hold ends then (ISO); its time is free again after that. */
  heldUntil: z.optional(z.nullable(z.string())),
  /** Issue 36: the deposit in pence, what of it was refunded, its status; null when none asked. */
  deposit: z.optional(
    z.nullable(
      z.object({
        pence: z.number(),
        refundedPence: z.number(),
        status: z.enum(depositStatuses),
      }),
    ),
  ),
  /** What the customer quotes (8 characters); null for bookings made before references. */
  reference: z.nullable(z.string()),
  /** The therapist (issue 32); null for a client without staff or a booking made before. */
  staff: z.nullable(z.object({ id: z.number(), name: z.string() })),
  /** The owner's own note (issue 32): shown here, never sent to the customer. */
  internalNote: z.optional(z.nullable(z.string())),
  /** What the customer was told when the salon cancelled (issue 32). */
  cancelMessage: z.optional(z.nullable(z.string())),
});
export type DiaryBooking = z.infer<typeof diaryBookingSchema>;

/**
 * A day's totals (issue 32): bookings that stand (every status but cancelled), their minutes and
 * value in pence, and how many have each status.
 */
export const diaryDayTotalsSchema = z.object({
  bookings: z.number(),
  bookedMinutes: z.number(),
  valuePence: z.number(),
  byStatus: z.object({
    booked: z.number(),
    pending: z.number(),
    completed: z.number(),
    'no-show': z.number(),
    cancelled: z.number(),
  }),
});
export type DiaryDayTotals = z.infer<typeof diaryDayTotalsSchema>;

/** A diary column: active staff, and an inactive member who has bookings in the range. */
export const diaryStaffSchema = z.object({ id: z.number(), name: z.string(), active: z.boolean() });
export type DiaryStaff = z.infer<typeof diaryStaffSchema>;

/** A day's bookings, cancelled ones included (the screen greys them), in start order. */
export const diaryDaySchema = z.object({
  date: z.string(),
  bookings: z.array(diaryBookingSchema),
  totals: diaryDayTotalsSchema,
});
export const diarySchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(diaryDaySchema),
  /** The columns of the day view, in display order; empty for a client without staff. */
  staff: z.array(diaryStaffSchema),
});
export type Diary = z.infer<typeof diarySchema>;

/**
 * POST /api/manage/bookings/:id/cancel (issue 32): an internal note, stored and shown in the
 * booking, never sent; and an optional message, sent to the customer word for word in the
 * cancellation e-mail (POST …/cancel-preview shows that e-mail before it goes).
 */
export const cancelBookingRequestSchema = z.object({
  internalNote: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(1000, 'Please keep the internal note under 1000 characters'),
        ...multiLineChecks(),
      ),
  ),
  message: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(1000, 'Please keep the message to the customer under 1000 characters'),
        ...multiLineChecks(),
      ),
  ),
});
export type CancelBookingRequest = z.infer<typeof cancelBookingRequestSchema>;

const startTimePattern = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d):00$/;

const emailAddress = z.email();

/** A therapist's id (issue 32). */
const staffIdField = z
  .number({ error: 'Please choose a therapist' })
  .check(z.int(), z.positive('Please choose a therapist'), z.lte(2_147_483_647));

/** POST /api/manage/bookings: a customer on the phone or at the door. */
export const ownerBookingRequestSchema = z.object({
  source: z.enum(['phone', 'walk-in'], 'source must be phone or walk-in'),
  startTime: z.string({ error: 'startTime is required, as YYYY-MM-DD HH:mm:00' }).check(
    z.regex(startTimePattern, 'must be written YYYY-MM-DD HH:mm:00'),
    z.refine((value: string) => isRealDate(value.slice(0, 10)), 'is not a real calendar date'),
  ),
  customer: z.object({
    name: z
      .string({ error: bookingMessages.name })
      .check(
        z.trim(),
        z.minLength(1, bookingMessages.name),
        z.maxLength(100, 'Please keep the name under 100 characters'),
        ...singleLineChecks(),
      ),
    telephone: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(20, 'Please keep the phone number under 20 characters'),
          ...singleLineChecks(),
        ),
      '',
    ),
    /** Optional: with an address the customer gets the confirmation e-mail. */
    // One string with its checks rather than a union, so a refusal carries the field's message.
    email: z._default(
      z.string().check(
        z.trim(),
        z.maxLength(254, 'Please keep the e-mail address under 254 characters'),
        ...singleLineChecks(),
        z.refine(
          (value: string) => value === '' || z.safeParse(emailAddress, value).success,
          bookingMessages.emailFormat,
        ),
      ),
      '',
    ),
  }),
  treatmentIds: z
    .array(z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)), {
      error: 'treatmentIds must be a list of treatment ids',
    })
    .check(
      z.minLength(1, 'Please choose at least one treatment'),
      z.maxLength(20, 'Please choose at most 20 treatments in one booking'),
      z.refine(
        (ids: number[]) => new Set(ids).size === ids.length,
        'each treatment can be chosen only once',
      ),
    ),
  /** The therapist asked for (issue 32); absent: any therapist, assigned fairly. */
  staffId: z.optional(staffIdField),
});
export type OwnerBookingRequest = z.infer<typeof ownerBookingRequestSchema>;

const nameField = (what: string) =>
  z
    .string({ error: `Please enter the ${what}'s name` })
    .check(
      z.trim(),
      z.minLength(1, `Please enter the ${what}'s name`),
      z.maxLength(100, `Please keep the ${what}'s name under 100 characters`),
      ...singleLineChecks(),
    );

/**
 * The back office's "Add a booking" form: the request's fields, with the date and time in boxes of
 * their own and the chosen treatments as the checkboxes give them (their ids as text). The diary
 * screen turns it into an OwnerBookingRequest (add-booking-values.ts).
 */
export const ownerBookingFormSchema = z.object({
  source: ownerBookingRequestSchema.shape.source,
  date: z
    .string({ error: 'Please choose a date' })
    .check(
      z.refine(
        (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value),
        'Please choose a date',
      ),
    ),
  time: z
    .string({ error: 'Please choose a time' })
    .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a time')),
  customer: z.object({
    ...ownerBookingRequestSchema.shape.customer.shape,
    name: nameField('customer'),
  }),
  treatmentIds: z
    .array(z.string())
    .check(
      z.minLength(1, 'Please choose at least one treatment'),
      z.maxLength(20, 'Please choose at most 20 treatments in one booking'),
    ),
  /** A therapist's id as the select gives it; '' (or absent) for any therapist. */
  staffId: z.optional(z.string()),
});
export type OwnerBookingForm = z.input<typeof ownerBookingFormSchema>;

/** POST /api/manage/categories and PUT /api/manage/categories/:id */
export const categoryInputSchema = z.object({ name: nameField('category') });
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** POST /api/manage/treatments and PUT /api/manage/treatments/:id */
export const treatmentInputSchema = z
  .object({
    name: nameField('treatment'),
    description: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(2000, 'Please keep the description under 2000 characters'),
          ...multiLineChecks(),
        ),
      '',
    ),
    /** Pounds, at most two decimals. */
    price: z.number({ error: 'Please enter the price in pounds, for example 25 or 24.50' }).check(
      z.gte(0, 'The price cannot be negative'),
      z.lte(10_000, 'The price must be at most £10,000'),
      z.refine(
        (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        'The price can have at most two decimals (pence)',
      ),
    ),
    /** Minutes. */
    duration: z
      .number({ error: 'Please enter the duration in minutes' })
      .check(
        z.int('The duration must be whole minutes'),
        z.gte(5, 'The duration must be at least 5 minutes'),
        z.lte(720, 'The duration must be at most 12 hours'),
      ),
    categoryId: z.number({ error: 'Please choose a category' }).check(z.int(), z.positive()),
    /**
     * Issue 33: hours a passed patch test must be before this treatment; null for none. Absent
     * leaves the setting as it was (a client of the API from before patch tests).
     */
    patchTestHours: z.optional(
      z.nullable(
        z
          .number({ error: 'Please enter the hours as a whole number, or leave it empty' })
          .check(
            z.int('Please enter whole hours'),
            z.gte(1, 'Please enter at least 1 hour, or leave it empty for no patch test'),
            z.lte(maxPatchTestHours, 'Please enter at most 672 hours (four weeks)'),
          ),
      ),
    ),
    /** Issue 33: this treatment is the patch-test appointment visitors are offered. */
    isPatchTest: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (input: { patchTestHours?: number | null | undefined; isPatchTest?: boolean | undefined }) =>
        !(input.isPatchTest && input.patchTestHours),
      {
        error: 'The patch test itself needs no patch test: leave the hours empty',
        path: ['patchTestHours'],
      },
    ),
  );
export type TreatmentInput = z.infer<typeof treatmentInputSchema>;

/** PUT …/order: every id of the list, in the new order. */
export const reorderRequestSchema = z.object({
  ids: z.array(z.number().check(z.int(), z.positive(), z.lte(2_147_483_647))).check(
    z.minLength(1, 'ids must list the items in their new order'),
    z.maxLength(500, 'at most 500 items'),
    z.refine((ids: number[]) => new Set(ids).size === ids.length, 'each id can appear only once'),
  ),
});
export type ReorderRequest = z.infer<typeof reorderRequestSchema>;

/** PUT …/:id/active */
export const activeRequestSchema = z.object({
  active: z.boolean({ error: 'active must be true or false' }),
});

/** The owner's view of the menu: every category and treatment, inactive ones included. */
export const manageCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  position: z.number(),
});
export type ManageCategory = z.infer<typeof manageCategorySchema>;
export const manageTreatmentSchema = z.object({
  id: z.number(),
  categoryId: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  duration: z.number(),
  active: z.boolean(),
  position: z.number(),
  patchTestHours: z.nullable(z.number()),
  isPatchTest: z.boolean(),
});
export type ManageTreatment = z.infer<typeof manageTreatmentSchema>;
export const manageMenuSchema = z.object({
  categories: z.array(manageCategorySchema),
  treatments: z.array(manageTreatmentSchema),
});
export type ManageMenu = z.infer<typeof manageMenuSchema>;

/** POST /api/manage/bookings/:id/cancel-preview: the message the customer would be sent. */
export const cancelPreviewRequestSchema = z.object({
  message: cancelBookingRequestSchema.shape.message,
});
export type CancelPreviewRequest = z.infer<typeof cancelPreviewRequestSchema>;

/** The e-mail as the customer would receive it; `to` is empty when the booking has no e-mail. */
export const emailPreviewSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
});
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

/**
 * POST /api/manage/bookings/:id/move (issue 32): a new start, and for a salon with staff the
 * therapist (absent: the booking's own). The booking keeps its treatments, length and price.
 */
export const moveBookingByOwnerSchema = z.object({
  startTime: ownerBookingRequestSchema.shape.startTime,
  staffId: z.optional(staffIdField),
});
export type MoveBookingByOwner = z.infer<typeof moveBookingByOwnerSchema>;

/** GET /api/manage/bookings/:id/move-times?date=…&staffId=…: free starts for the booking. */
export const moveTimesQuerySchema = z.object({
  date: dateField,
  staffId: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647))),
});
export type MoveTimesQuery = z.infer<typeof moveTimesQuerySchema>;

/** The move's answer for choosing: the free starts, and the therapists who could take it. */
export const moveOptionsSchema = z.object({
  times: z.array(z.string()),
  staff: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type MoveOptions = z.infer<typeof moveOptionsSchema>;

/** The move form in the booking view: date and time in boxes of their own, the therapist as text. */
export const moveBookingFormSchema = z.object({
  date: ownerBookingFormSchema.shape.date,
  time: ownerBookingFormSchema.shape.time,
  staffId: z.string(),
});
export type MoveBookingForm = z.input<typeof moveBookingFormSchema>;

/** POST /api/manage/closing/affected (issue 32): the dates about to close, for all or one. */
export const closingRangeSchema = z
  .object({
    from: dateField,
    to: dateField,
    staffId: z.optional(staffIdField),
  })
  .check(
    z.refine((range: { from: string; to: string }) => range.from <= range.to, {
      message: 'must be on or after the first day',
      path: ['to'],
    }),
    z.refine(
      (range: { from: string; to: string }) =>
        Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`) <=
        400 * 86_400_000,
      { error: 'a closing can cover at most 400 days at once', path: ['to'] },
    ),
  );
export type ClosingRange = z.infer<typeof closingRangeSchema>;

export const affectedBookingsSchema = z.object({ bookings: z.array(diaryBookingSchema) });
export type AffectedBookings = z.infer<typeof affectedBookingsSchema>;

/**
 * POST /api/manage/closing/cancel: cancels the listed bookings of the range (each through the
 * one cancel path) and sends each customer the message; the ids are those the owner was shown.
 */
export const closingCancelSchema = z.object({
  from: dateField,
  to: dateField,
  staffId: z.optional(staffIdField),
  bookingIds: z
    .array(z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)), {
      error: 'bookingIds must be a list of booking ids',
    })
    .check(
      z.minLength(1, 'bookingIds must name at least one booking'),
      z.maxLength(500, 'at most 500 bookings at once'),
    ),
  message: cancelBookingRequestSchema.shape.message,
  internalNote: cancelBookingRequestSchema.shape.internalNote,
});
export type ClosingCancel = z.infer<typeof closingCancelSchema>;

/** What cancelling for a closing did: the bookings cancelled, and those already cancelled. */
export const closingCancelResultSchema = z.object({
  cancelled: z.array(z.number()),
  alreadyCancelled: z.array(z.number()),
});
export type ClosingCancelResult = z.infer<typeof closingCancelResultSchema>;

/** The statuses the owner sets from the diary (issue 32); booked again undoes a mistake. */
export const markableStatuses = ['booked', 'completed', 'no-show'] as const;
export type MarkableStatus = (typeof markableStatuses)[number];

/** POST /api/manage/bookings/:id/status */
export const bookingStatusRequestSchema = z.object({
  status: z.enum(markableStatuses, 'status must be booked, completed or no-show'),
});
export type BookingStatusRequest = z.infer<typeof bookingStatusRequestSchema>;

/** GET /api/manage/bookings/search?q= */
export const bookingSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Please type a name, e-mail, phone number or reference' })
    .check(
      z.trim(),
      z.minLength(2, 'Please type at least 2 characters'),
      z.maxLength(100, 'Please keep the search under 100 characters'),
    ),
});
export type BookingSearchQuery = z.infer<typeof bookingSearchQuerySchema>;

/** The client's bookings that match, newest first, at most `limit`; `more`: some were left out. */
export const bookingSearchSchema = z.object({
  q: z.string(),
  bookings: z.array(diaryBookingSchema),
  more: z.boolean(),
});
export type BookingSearch = z.infer<typeof bookingSearchSchema>;
