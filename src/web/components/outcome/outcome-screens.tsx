import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useClient } from '@/lib/client-context';
import { PageHeading } from '@/components/page-heading';
import { sendFailureProbe } from './failure-probe';
import './outcome.css';

function OutcomeMessage({
  kind,
  title,
  text,
  detail,
}: {
  kind: 'success' | 'failure';
  title: string;
  text: string;
  detail?: string | undefined;
}) {
  return (
    <section className={`page outcome outcome--${kind}`}>
      <PageHeading>{title}</PageHeading>
      <p>{text}</p>
      {detail && <p className="outcome-detail">{detail}</p>}
      <p>
        <Link to="/" className="button button--primary">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}

/** What checkout hands the success screen: the number the server gave the order. */
interface PlacedOrderState {
  orderNumber?: unknown;
  total?: unknown;
}

export function SuccessScreen() {
  const client = useClient();
  const state = useLocation().state as PlacedOrderState | null;
  const detail =
    typeof state?.orderNumber === 'string' && typeof state.total === 'string'
      ? `Your order number is ${state.orderNumber} (total ${state.total}). Please quote it if you contact us. Nothing is charged now: ${client.title} will contact you to arrange payment.`
      : undefined;
  return (
    <OutcomeMessage
      kind="success"
      title={client.successTitle}
      text={client.successText}
      detail={detail}
    />
  );
}

/** What a form may hand the failure screen: the server's reason, when it refused on purpose. */
interface RefusedState {
  reason?: unknown;
}

/**
 * Failure screen (also shown for /fees). It sends the spec's diagnostic POST once per visit.
 * A request the server refused for a reason the visitor can act on (a booking longer than the
 * salon takes online, too many bookings for one address) carries that reason, shown under the
 * client's failure text.
 */
export function FailureScreen() {
  const client = useClient();
  const state = useLocation().state as RefusedState | null;
  const reason = typeof state?.reason === 'string' ? state.reason : undefined;
  const probeSent = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice in development; the ref survives that, so one POST goes out.
    if (probeSent.current) return;
    probeSent.current = true;
    void sendFailureProbe(client.failureProbeUrl);
  }, [client.failureProbeUrl]);
  return (
    <OutcomeMessage
      kind="failure"
      title={client.failureTitle}
      text={client.failureText}
      detail={reason}
    />
  );
}
