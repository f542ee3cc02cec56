import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatLongDate } from '@common/booking';
import type { DepositHoldAnswer } from '@common/deposits';
import { formatPounds } from '@common/money';
import { PageHeading } from '@/components/page-heading';
import { apiJson } from '@/lib/api-client';
import { useClient } from '@/lib/client-context';
import { withQueryClient } from '@/lib/query-provider';
import './booking.css';

/**
 * Where Stripe's page returns a visitor who paid (or did not pay) a booking's deposit (issue 36):
 * /booking/paid and /booking/not-paid with ?hold=. Stripe's webhook confirms the booking, so the
 * page asks the server, again every few seconds while the payment is still on its way.
 */
function DepositReturnPage() {
  const client = useClient();
  const [params] = useSearchParams();
  const hold = params.get('hold') ?? '';
  const answer = useQuery({
    queryKey: ['booking', 'deposit-hold', hold],
    queryFn: async () =>
      (await apiJson(
        `/api/bookings/deposit-hold/${encodeURIComponent(hold)}`,
      )) as DepositHoldAnswer,
    enabled: hold !== '',
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'awaiting' ? 3_000 : false),
  });
  const a = answer.data;
  const when = a ? `${formatLongDate(a.date)} at ${a.start}` : '';
  const heldUntil =
    a?.heldUntil &&
    new Date(a.heldUntil).toLocaleTimeString('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: client.timeZone,
    });
  return (
    <section className="page booking-page">
      <PageHeading>Your booking’s deposit</PageHeading>
      {hold === '' && <p role="alert">This page needs the link from the payment page.</p>}
      {answer.isError && (
        <p role="alert">
          {answer.error instanceof Error ? answer.error.message : 'The booking could not be found.'}
        </p>
      )}
      {answer.isPending && hold !== '' && <p role="status">Looking up your booking…</p>}
      {a?.state === 'confirmed' && (
        <div role="status">
          <p>
            Thank you: the deposit of {formatPounds(a.depositPence / 100)} is paid and your booking{' '}
            <strong data-testid="booking-reference">{a.reference}</strong> on {when} is confirmed.
            We have sent the details, with a link to move or cancel, to your e-mail address.
          </p>
          <p>{a.policy}</p>
        </div>
      )}
      {a?.state === 'awaiting' && (
        <div role="status">
          <p>
            Your booking {a.reference} on {when} is held for you until {heldUntil}, but its deposit
            of {formatPounds(a.depositPence / 100)} is not paid yet. If you have just paid, this
            page updates by itself in a moment.
          </p>
          {a.payUrl && (
            <p>
              <a className="button button--primary" href={a.payUrl}>
                Pay the deposit
              </a>
            </p>
          )}
          <p>{a.policy}</p>
        </div>
      )}
      {a?.state === 'released' && (
        <div role="alert">
          <p>
            The deposit for {when} was not paid in time, so the time was released and nothing is
            booked.{' '}
            {a.depositStatus === 'refunded'
              ? 'A payment that arrived late is refunded to your card.'
              : ''}
          </p>
          <p>
            <Link className="button" to="/booking">
              Book again
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}

export default withQueryClient(DepositReturnPage);
