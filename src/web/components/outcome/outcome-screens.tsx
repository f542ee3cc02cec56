import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useClient } from '@/lib/client-context';
import { PageHeading } from '@/components/page-heading';
import { sendFailureProbe } from './failure-probe';
import './outcome.css';

function OutcomeMessage({
  kind,
  title,
  text,
}: {
  kind: 'success' | 'failure';
  title: string;
  text: string;
}) {
  return (
    <section className={`page outcome outcome--${kind}`}>
      <PageHeading>{title}</PageHeading>
      <p>{text}</p>
      <p>
        <Link to="/" className="button button--primary">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}

export function SuccessScreen() {
  const client = useClient();
  return <OutcomeMessage kind="success" title={client.successTitle} text={client.successText} />;
}

/** Failure screen (also shown for /fees). It sends the spec's diagnostic POST once per visit. */
export function FailureScreen() {
  const client = useClient();
  const probeSent = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice in development; the ref survives that, so one POST goes out.
    if (probeSent.current) return;
    probeSent.current = true;
    void sendFailureProbe(client.failureProbeUrl);
  }, [client.failureProbeUrl]);
  return <OutcomeMessage kind="failure" title={client.failureTitle} text={client.failureText} />;
}
