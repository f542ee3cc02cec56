import { changeCutoffHoursDefault, type BookingRules } from '../../../common/booking-rules.js';
import { localTimeToInstant } from './availability.js';

/**
 * The instant until which a visitor may move or cancel a booking online: the owner's cut-off
 * (`changeCutoffHours`, default 24) before its start. A start the clock skips counts from the
 * same wall-clock time read as UTC, as the booking was stored before the clock change was known.
 * Pure: the manage page's answer and the confirmation e-mail both say this instant.
 */
export function changeDeadline(
  booking: { date: string; startMinute: number },
  rules: Pick<BookingRules, 'changeCutoffHours'>,
  timeZone: string,
): Date {
  const start =
    localTimeToInstant(booking.date, booking.startMinute, timeZone) ??
    Date.parse(`${booking.date}T00:00:00Z`) + booking.startMinute * 60_000;
  return new Date(start - (rules.changeCutoffHours ?? changeCutoffHoursDefault) * 3_600_000);
}
