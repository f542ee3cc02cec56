// zod/mini: the visitor's manage page loads these schemas in the browser.
import * as z from 'zod/mini';

/**
 * The visitor's own booking, opened from the link in the confirmation e-mail (issue 17):
 * GET /api/bookings/manage/:token, POST .../cancel and POST .../move.
 */
export const managedBookingSchema = z.object({
  reference: z.string(),
  status: z.enum(['booked', 'cancelled']),
  date: z.string(),
  /** HH:mm local */
  start: z.string(),
  end: z.string(),
  totalPrice: z.number(),
  totalDuration: z.number(),
  treatments: z.array(z.object({ name: z.string(), price: z.number(), duration: z.number() })),
  customerName: z.string(),
  salon: z.object({ title: z.string(), address: z.string(), telephone: z.string() }),
  /** Whether it can still be moved or cancelled online (before the cut-off, still booked). */
  changeable: z.boolean(),
  /** ISO instant of the cut-off. */
  changeUntil: z.string(),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

export const moveBookingRequestSchema = z.object({
  startTime: z
    .string({ error: 'startTime must be a text' })
    .check(
      z.regex(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/,
        'startTime must be a date and time written YYYY-MM-DD HH:mm:00',
      ),
    ),
});
export type MoveBookingRequest = z.infer<typeof moveBookingRequestSchema>;

/**
 * The visitor's "Move to another time" form: a date and one of its free times, checked before
 * the move is sent (moveRequestOf makes the request).
 */
export const moveBookingFormSchema = z.object({
  date: z
    .string({ error: 'Please choose a new date' })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a new date')),
  time: z
    .string({ error: 'Please choose a new time' })
    .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a new time')),
});
export type MoveBookingForm = z.infer<typeof moveBookingFormSchema>;

export function moveRequestOf(values: MoveBookingForm): MoveBookingRequest {
  return { startTime: `${values.date} ${values.time}:00` };
}

export const manageTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/bookings/confirm/:token: a new customer confirms a held booking (issue 17). */
export const bookingConfirmationSchema = z.object({
  reference: z.string(),
  date: z.string(),
  /** HH:mm local */
  start: z.string(),
  salonTitle: z.string(),
  /** True when an earlier click had confirmed it already. */
  alreadyConfirmed: z.boolean(),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;
