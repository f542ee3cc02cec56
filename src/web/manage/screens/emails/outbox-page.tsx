import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '@common/outbox';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { fetchOutbox, outboxQueryKey, retryMessage } from './emails-api';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const groups: Array<{ status: OutboxEntry['status']; heading: string; empty: string }> = [
  { status: 'failed', heading: 'Not delivered', empty: 'Every message was delivered.' },
  { status: 'pending', heading: 'Waiting to be sent', empty: 'Nothing is waiting.' },
  { status: 'sent', heading: 'Sent in the last 7 days', empty: 'Nothing was sent lately.' },
];

function RetryButton({ message }: { message: OutboxEntry }) {
  const queries = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryMessage(message.id),
    onSuccess: () => queries.invalidateQueries({ queryKey: outboxQueryKey }),
  });
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={retry.isPending}
        onClick={() => retry.mutate()}
        aria-label={`Send again: ${message.subject}`}
      >
        Send again
      </button>
      {retry.isError && (
        <span role="alert">
          {' '}
          {retry.error instanceof ApiError ? retry.error.message : 'Please try again.'}
        </span>
      )}
    </>
  );
}

/** /manage/outbox: what the site has e-mailed for this business, and what did not arrive. */
export default function OutboxPage() {
  const outbox = useQuery({ queryKey: outboxQueryKey, queryFn: fetchOutbox, staleTime: 0 });
  return (
    <section className="manage__screen">
      <PageHeading title="E-mails">E-mails</PageHeading>
      {outbox.isPending && <ScreenSkeleton />}
      {outbox.isError && <p role="alert">The e-mails could not be loaded. Please try again.</p>}
      {outbox.data &&
        groups.map((group) => {
          const messages = outbox.data.filter((m) => m.status === group.status);
          return (
            <section key={group.status} aria-labelledby={`outbox-${group.status}`}>
              <h2 id={`outbox-${group.status}`}>
                {group.heading} ({messages.length})
              </h2>
              {messages.length === 0 ? (
                <p>{group.empty}</p>
              ) : (
                <ol className="manage__cards">
                  {messages.map((message) => (
                    <li key={message.id} className="card">
                      <p className="manage__audit-what">{message.subject}</p>
                      <p>
                        To {message.to} ·{' '}
                        <time dateTime={message.sentAt ?? message.createdAt}>
                          {when.format(new Date(message.sentAt ?? message.createdAt))}
                        </time>
                      </p>
                      {message.lastError && (
                        <p className="manage__audit-detail">
                          Last error ({message.attempts}{' '}
                          {message.attempts === 1 ? 'attempt' : 'attempts'}): {message.lastError}
                        </p>
                      )}
                      {message.status === 'failed' && <RetryButton message={message} />}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          );
        })}
    </section>
  );
}
