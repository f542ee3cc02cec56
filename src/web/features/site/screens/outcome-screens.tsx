import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useClient } from '../../../app/client-context';
import { PageHeading } from '../../../components/page-heading';
import { sendFailureProbe } from './failure-probe';

export function SuccessScreen() {
  const client = useClient();
  return (
    <section className="page outcome outcome--success">
      <PageHeading>{client.successTitle}</PageHeading>
      <p>{client.successText}</p>
      <p>
        <Link to="/" className="button button--primary">
          Back to the home page
        </Link>
      </p>
    </section>
  );
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
  return (
    <section className="page outcome outcome--failure">
      <PageHeading>{client.failureTitle}</PageHeading>
      <p>{client.failureText}</p>
      <p>
        <Link to="/" className="button button--primary">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
