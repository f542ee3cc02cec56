import { Link } from 'react-router';
import { formatLongDate } from '@common/booking';
import type { DiaryBooking } from '@common/diary';
import { Contact, pounds, referenceOf, StatusPill } from './booking-display';

/**
 * One booking as a card (the week view, the day's cancelled ones, search results): its time and
 * customer as the link to it, its reference, therapist, treatments, value and status.
 */
export function BookingCard({
  booking,
  withDate = false,
}: {
  booking: DiaryBooking;
  /** Search results span many days: each says its own. */
  withDate?: boolean;
}) {
  const cancelled = booking.status === 'cancelled';
  return (
    <li
      className={`card diary-card diary-card--${booking.status}${cancelled ? ' manage__cancelled' : ''}`}
    >
      <h3>
        <Link to={`?booking=${booking.id}`}>
          {withDate ? `${formatLongDate(booking.date)}, ` : ''}
          {booking.start}–{booking.end} {booking.customer.name}
        </Link>
        <StatusPill status={booking.status} />
      </h3>
      <p>
        <span className="diary-reference">{referenceOf(booking)}</span>
        {booking.staff && <> · {booking.staff.name}</>} ·{' '}
        {booking.treatments.map((t) => t.name).join(', ')} · {booking.totalDuration} min ·{' '}
        <strong>{pounds.format(booking.totalPrice)}</strong>
      </p>
      <p>
        <Contact booking={booking} />
      </p>
    </li>
  );
}
