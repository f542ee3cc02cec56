import { Link, useLocation } from 'react-router';
import { useEffect } from 'react';
import { formatLongDate, storedBookingSchema, type StoredBooking } from '@common/booking';
import { formatDuration, formatPounds } from '@common/money';
import { useClient } from '@/lib/client-context';
import { PageHeading } from '@/components/page-heading';
import './booking.css';

/**
 * After booking (issue 17): the reference to quote and what was booked, where. The booking page
 * hands the server's answer over in the navigation state; a reload (no state) says where the
 * details are instead of showing nothing.
 */
export default function BookedScreen() {
  const client = useClient();
  const state = useLocation().state as { booking?: unknown; patchTestWait?: unknown } | null;
  const parsed = storedBookingSchema.safeParse(state?.booking);
  // Issue 33: hours the treatments it is for ask after it, when a patch test was booked.
  const patchTestWait = typeof state?.patchTestWait === 'number' ? state.patchTestWait : 0;
  if (!parsed.success) {
    return (
      <section className="page outcome outcome--success">
        <PageHeading>{client.successTitle}</PageHeading>
        <p>Your booking details, with its reference, are in the e-mail we sent you.</p>
        <p>
          <Link to="/" className="button button--primary">
            Back to the home page
          </Link>
        </p>
      </section>
    );
  }
  // The server answered this booking; its deposit (issue 36) passes through the loose schema.
  const booking = parsed.data as StoredBooking;
  // Issue 36: a booking that asks a deposit is held until paid on Stripe's page.
  if (booking.deposit?.payUrl)
    return <PayDeposit booking={booking} payUrl={booking.deposit.payUrl} />;
  return (
    <section className="page outcome outcome--success booked">
      <PageHeading>{client.successTitle}</PageHeading>
      <p>
        Your booking reference is{' '}
        <strong data-testid="booking-reference">{booking.reference}</strong>. Please quote it if you
        contact us.{' '}
        {booking.confirmBy ? (
          <>
            As this is your first booking with us, please confirm it with the link we have sent to{' '}
            {booking.customer.email}. We hold the time for you until{' '}
            {new Date(booking.confirmBy).toLocaleTimeString('en-GB', {
              hour: '2-digit',
              minute: '2-digit',
              timeZone: client.timeZone,
            })}
            ; after that it is released.
          </>
        ) : (
          <>
            We have sent the details, with a calendar file and a link to move or cancel, to{' '}
            {booking.customer.email}.
          </>
        )}
      </p>
      {patchTestWait > 0 && (
        <p>
          Your patch test counts once we have recorded its result. Then book the treatment it is
          for, at least {patchTestWait} hours after it, with the same e-mail address.
        </p>
      )}
      <dl className="booked-summary">
        <dt>Treatments</dt>
        <dd>
          <ul>
            {booking.treatments.map((t) => (
              <li key={t.ID}>
                {t.Name} ({formatDuration(t.Duration)}, {formatPounds(t.Price)})
              </li>
            ))}
          </ul>
        </dd>
        <dt>Date</dt>
        <dd>{formatLongDate(booking.bookingDate)}</dd>
        <dt>Time</dt>
        <dd>
          {booking.startTime.slice(11, 16)} to {booking.endTime.slice(11, 16)}
        </dd>
        {booking.staff && (
          <>
            <dt>Therapist</dt>
            <dd data-testid="booked-therapist">{booking.staff.name}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd>
          {formatPounds(booking.totalPrice)} ({formatDuration(booking.totalDuration)})
        </dd>
        <dt>Where</dt>
        <dd>
          {client.title}, {client.address}
        </dd>
      </dl>
      <p>
        <Link to="/" className="button button--primary">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}

/** Goes straight on to Stripe's page to pay the deposit; the link is there should that not happen. */
function PayDeposit({ booking, payUrl }: { booking: StoredBooking; payUrl: string }) {
  useEffect(() => window.location.assign(payUrl), [payUrl]);
  return (
    <section className="page outcome booked">
      <PageHeading>Pay the deposit</PageHeading>
      <p role="status">
        Your time on {formatLongDate(booking.bookingDate)} is held (reference{' '}
        <strong>{booking.reference}</strong>). Taking you to the payment page…
      </p>
      <p>{booking.deposit?.policy}</p>
      <p>
        <a className="button button--primary" href={payUrl}>
          Pay the deposit
        </a>
      </p>
    </section>
  );
}
