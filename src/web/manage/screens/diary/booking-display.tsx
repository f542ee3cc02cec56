import type { BookingStatus, DiaryBooking } from '@common/diary';
import { ApiError } from '@/lib/api-client';

/**
 * What the diary's views share: money, a failed load's message, a customer's contact links, and
 * (issue 32) statuses in words and colour, the reference, and minutes as hours.
 */

export const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export const problem = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

export function Contact({ booking }: { booking: DiaryBooking }) {
  const { telephone, email } = booking.customer;
  return (
    <>
      {telephone && <a href={`tel:${telephone.replace(/\s+/g, '')}`}>{telephone}</a>}
      {telephone && email && ' · '}
      {email && <a href={`mailto:${email}`}>{email}</a>}
    </>
  );
}

/** Each status in words (issue 32); pending is a new customer's hold awaiting their e-mail. */
export const statusLabels: Record<BookingStatus, string> = {
  booked: 'Booked',
  pending: 'Awaiting e-mail confirmation',
  completed: 'Completed',
  'no-show': 'No-show',
  cancelled: 'Cancelled',
};

/** A status as a pill in its colour (diary-views.css); the words carry it, not the colour. */
export function StatusPill({ status }: { status: BookingStatus }) {
  return <span className={`manage__status diary-status--${status}`}>{statusLabels[status]}</span>;
}

/** What the customer quotes; a booking from before references is known by its number. */
export function referenceOf(booking: Pick<DiaryBooking, 'id' | 'reference'>): string {
  return booking.reference ?? `#${booking.id}`;
}

/** Minutes as the owner says them: "45 min", "2 h", "6 h 30 min". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
