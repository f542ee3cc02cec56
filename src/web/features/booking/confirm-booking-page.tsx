import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatLongDate } from '@common/booking';
import { bookingConfirmationSchema, type BookingConfirmation } from '@common/booking-manage';
import { apiJson } from '@/lib/api-client';
import { PageHeading } from '@/components/page-heading';
import './booking.css';

/**
 * A new customer confirms a held booking (issue 17) from the link in their e-mail. Opening the
 * page changes nothing (mail scanners open every link): the button does, with a POST.
 */
export default function ConfirmBookingPage() {
  const { token = '' } = useParams();
  const [confirmed, setConfirmed] = useState<BookingConfirmation | undefined>();
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailure('');
    try {
      const answer = await apiJson(`/api/bookings/confirm/${encodeURIComponent(token)}`, {
        method: 'POST',
      });
      setConfirmed(bookingConfirmationSchema.parse((answer as { data: unknown }).data));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page booking-page">
      <PageHeading>Confirm your booking</PageHeading>
      {confirmed ? (
        <div role="status">
          <p>
            {confirmed.alreadyConfirmed
              ? 'This booking was confirmed already.'
              : 'Thank you: your booking is confirmed.'}{' '}
            {confirmed.salonTitle} expects you on {formatLongDate(confirmed.date)} at{' '}
            {confirmed.start} (reference <strong>{confirmed.reference}</strong>).
          </p>
          <p>
            We have sent the details, with a calendar file and a link to move or cancel, to your
            e-mail address.
          </p>
          <p>
            <Link to="/" className="button">
              Back to the home page
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p>Your time is held for you until you confirm. Confirm now to keep it.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {busy ? 'Confirming…' : 'Confirm my booking'}
          </button>
        </>
      )}
      {failure && <p role="alert">{failure}</p>}
    </section>
  );
}
