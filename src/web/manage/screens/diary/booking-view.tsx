import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatLongDate } from '@common/booking';
import { depositStatusLabels } from '@common/deposits';
import { PageHeading } from '@/components/page-heading';
import { useClient } from '@/lib/client-context';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { fetchMe, meQueryKey } from '@/manage/shared/session-api';
import { CancelBookingForm } from './cancel-booking-form';
import { DepositRefundForm } from './deposit-refund-form';
import { MoveBookingForm } from './move-booking-form';
import { bookingQueryKey, fetchBooking } from './diary-api';
import { Contact, pounds, problem, referenceOf, statusLabels } from './booking-display';
import { BookingStatusButtons } from './booking-status-buttons';

/**
 * One booking (?booking=ID): its reference (what the customer quotes), when, with whom, who,
 * what; marking it once started (issue 32), and moving or cancelling it while it stands.
 */
export function BookingView({ id }: { id: number }) {
  const client = useClient();
  const booking = useQuery({
    queryKey: bookingQueryKey(id),
    queryFn: () => fetchBooking(id),
    staleTime: 0,
    retry: false,
  });
  // Refunds are the owner's (a staff account may cancel, not give money back).
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 300_000 });
  const b = booking.data;
  return (
    <section className="manage__screen">
      <p>
        <Link to={b ? `?date=${b.date}` : '.'}>← Diary</Link>
      </p>
      {b ? (
        <PageHeading title={`Booking ${referenceOf(b)}`}>Booking {referenceOf(b)}</PageHeading>
      ) : (
        <PageHeading title="Booking">Booking</PageHeading>
      )}
      {booking.isPending && <ScreenSkeleton shape="form" />}
      {booking.isError && (
        <p role="alert">{problem(booking.error, 'The booking could not be loaded.')}</p>
      )}
      {b && (
        <>
          <dl className="manage__details">
            <dt>Reference</dt>
            <dd className="diary-reference">{referenceOf(b)}</dd>
            <dt>When</dt>
            <dd>
              {formatLongDate(b.date)}, {b.start}–{b.end}
            </dd>
            <dt>Status</dt>
            <dd>
              {b.status === 'cancelled'
                ? b.cancelReason?.startsWith('Cancelled')
                  ? b.cancelReason
                  : `Cancelled${b.cancelReason ? `: ${b.cancelReason}` : ''}`
                : b.status === 'pending'
                  ? `${b.deposit?.status === 'unpaid' ? 'Awaiting the deposit' : "Awaiting the customer's e-mail confirmation"}${b.heldUntil ? ` (held until ${new Date(b.heldUntil).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: client.timeZone })})` : ''}`
                  : statusLabels[b.status]}{' '}
              ({b.source})
            </dd>
            {b.staff && (
              <>
                <dt>Therapist</dt>
                <dd>{b.staff.name}</dd>
              </>
            )}
            <dt>Customer</dt>
            <dd>{b.customer.name}</dd>
            <dt>Contact</dt>
            <dd>
              <Contact booking={b} />
            </dd>
            <dt>Treatments</dt>
            <dd>
              {b.treatments.map((t) => `${t.name} (${t.duration} min)`).join(', ')} ·{' '}
              {b.totalDuration} min · {pounds.format(b.totalPrice)}
            </dd>
            {b.deposit && (
              <>
                <dt>Deposit</dt>
                <dd className="diary-deposit">
                  {pounds.format(b.deposit.pence / 100)}, {depositStatusLabels[b.deposit.status]}
                  {b.deposit.refundedPence > 0 && b.deposit.status === 'part-refunded'
                    ? ` (${pounds.format(b.deposit.refundedPence / 100)} refunded)`
                    : ''}
                </dd>
              </>
            )}
            {b.cancelMessage && (
              <>
                <dt>Message to the customer</dt>
                <dd className="manage__preserve-lines">{b.cancelMessage}</dd>
              </>
            )}
            {b.internalNote && (
              <>
                <dt>Internal note (not sent)</dt>
                <dd className="manage__preserve-lines">{b.internalNote}</dd>
              </>
            )}
          </dl>
          <BookingStatusButtons booking={b} />
          {/* Keyed by the booking's place: a move starts the form afresh from where it is now. */}
          {b.status === 'booked' && (
            <MoveBookingForm key={`${b.date} ${b.start} ${b.staff?.id ?? ''}`} booking={b} />
          )}
          {b.status !== 'cancelled' && (
            <CancelBookingForm booking={b} mayRefund={me.data?.role === 'owner'} />
          )}
          {me.data?.role === 'owner' && b.deposit && <DepositRefundForm booking={b} />}
        </>
      )}
    </section>
  );
}
