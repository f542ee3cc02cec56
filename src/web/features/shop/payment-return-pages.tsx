import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OrderPaymentStatusAnswer } from '@common/payments';
import { routeTable } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { apiJson } from '@/lib/api-client';
import { isNoAnswer } from '@/lib/api-errors';
import { useClient } from '@/lib/client-context';
import { getCartStore } from './cart-store';
import './shop.css';

/*
 * Issue 36 (decision 0077): where Stripe's page sends the buyer back. Both pages carry the order
 * number and its return token (only the buyer has it) and ask the server for the order's payment
 * status: Stripe's webhook, the truth, may arrive after the visitor does, so /checkout/paid asks
 * again every few seconds until it has.
 */

type Lookup =
  | { state: 'checking' }
  | { state: 'found'; answer: OrderPaymentStatusAnswer }
  | { state: 'unknown' }
  | { state: 'no-answer' };

const pollEveryMs = 1500;
const pollTimes = 40;

async function readStatus(orderNumber: string, token: string): Promise<Lookup> {
  try {
    const answer = (await apiJson(
      `/api/orders/${encodeURIComponent(orderNumber)}/payment-status?token=${encodeURIComponent(token)}`,
    )) as { data: OrderPaymentStatusAnswer };
    return { state: 'found', answer: answer.data };
  } catch (error) {
    return isNoAnswer(error) ? { state: 'no-answer' } : { state: 'unknown' };
  }
}

/** The order's status, asked again while `again` says so (at most pollTimes times). */
function usePaymentStatus(again: (lookup: Lookup) => boolean) {
  const client = useClient();
  const [params] = useSearchParams();
  const orderNumber = params.get('order') ?? '';
  const token = params.get('token') ?? '';
  const known = orderNumber !== '' && token !== '';
  const [lookup, setLookup] = useState<Lookup>(
    known ? { state: 'checking' } : { state: 'unknown' },
  );
  const [round, setRound] = useState(0);
  // Polled pollTimes times and still unpaid: the page stops asking and says what happens next.
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!known) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (times: number) => {
      const next = await readStatus(orderNumber, token);
      if (stopped) return;
      // The order is placed, paid or not: the cart checkout kept for Back is done with.
      if (next.state === 'found') getCartStore(client.name).getState().clear();
      setLookup(next);
      if (!again(next)) return;
      if (times > 1) timer = setTimeout(() => void ask(times - 1), pollEveryMs);
      else setGaveUp(true);
    };
    void ask(pollTimes);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // `again` is a fixed rule of the page; `round` is "Check again".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known, orderNumber, token, round, client.name]);
  const checkAgain = () => {
    setGaveUp(false);
    setRound((r) => r + 1);
  };
  return { orderNumber, lookup, gaveUp, checkAgain };
}

function NotFound() {
  return (
    <>
      <p>
        We cannot find a card payment from this address. If you have paid, the e-mail about your
        order has its number; please quote it if you contact us.
      </p>
      <p>
        <Link to={routeTable.home}>Back to the home page</Link>
      </p>
    </>
  );
}

function NoAnswer({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="notice" role="alert">
      <p>
        We could not reach the shop to check your payment. Your order is safe; please check your
        connection and try again.
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Check again
      </button>
    </div>
  );
}

/** /checkout/paid: the order number, and "Payment received" once Stripe has told us. */
export function PaidPage() {
  const client = useClient();
  const { orderNumber, lookup, gaveUp, checkAgain } = usePaymentStatus(
    (next) => next.state === 'found' && next.answer.status === 'unpaid',
  );
  const status = lookup.state === 'found' ? lookup.answer.status : null;
  return (
    <section className="page shop-page payment-return">
      <PageHeading>{orderNumber ? `Thank you: order ${orderNumber}` : 'Card payment'}</PageHeading>
      {lookup.state === 'unknown' && <NotFound />}
      {lookup.state === 'no-answer' && <NoAnswer onRetry={checkAgain} />}
      <div role="status">
        {lookup.state === 'checking' && <p>Checking your payment with Stripe…</p>}
        {status === 'unpaid' && !gaveUp && (
          <p>
            Stripe is confirming your payment; this page updates by itself. We will also e-mail you
            as soon as it has reached us.
          </p>
        )}
        {status === 'unpaid' && gaveUp && (
          <p>
            Stripe has not confirmed your payment yet. Your order is safe: we will e-mail you as
            soon as the payment reaches us.{' '}
            <button type="button" className="button" onClick={checkAgain}>
              Check again
            </button>
          </p>
        )}
        {status && status !== 'unpaid' && lookup.state === 'found' && (
          <p className="payment-received">
            <strong>Payment received</strong>: {lookup.answer.totalText}, paid by card. A receipt is
            on its way to your e-mail.
          </p>
        )}
      </div>
      {lookup.state === 'found' && (
        <p>
          Please quote {lookup.answer.orderNumber} if you contact {client.title}.{' '}
          <Link to={routeTable.home}>Back to the home page</Link>
        </p>
      )}
    </section>
  );
}

/** /checkout/not-paid: cancelled at Stripe; the order is kept unpaid, to pay again or leave. */
export function NotPaidPage() {
  const client = useClient();
  const { orderNumber, lookup, checkAgain } = usePaymentStatus(() => false);
  const answer = lookup.state === 'found' ? lookup.answer : null;
  return (
    <section className="page shop-page payment-return">
      <PageHeading>
        {orderNumber ? `Order ${orderNumber} is saved, not paid` : 'Card payment'}
      </PageHeading>
      {lookup.state === 'unknown' && <NotFound />}
      {lookup.state === 'no-answer' && <NoAnswer onRetry={checkAgain} />}
      {lookup.state === 'checking' && <p role="status">Checking your order…</p>}
      {answer && answer.status !== 'unpaid' && (
        <p role="status">
          This order has been paid ({answer.totalText}). Nothing more to do: thank you.
        </p>
      )}
      {answer && answer.status === 'unpaid' && (
        <>
          <p>
            You left the payment page, so nothing has been charged. Your order (total{' '}
            {answer.totalText}) is kept with everything you entered.
          </p>
          {answer.payUrl && (
            <p>
              <a className="button button-primary" href={answer.payUrl}>
                Try paying by card again
              </a>
            </p>
          )}
          <p>
            Or leave it: {client.title} will contact you to arrange payment. Please quote{' '}
            {answer.orderNumber}.
          </p>
          <p>
            <Link to={routeTable.home}>Back to the home page</Link>
          </p>
        </>
      )}
    </section>
  );
}
