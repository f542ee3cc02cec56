import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@common/owners';
import { describeRetentionCounts, retentionCountsSchema } from '@common/retention';
import { PageHeading } from '@/components/page-heading';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { EmptyState } from '@/manage/shared/empty-state';
import { auditQueryKey, fetchAudit, fetchRetentionLastRun, retentionQueryKey } from './audit-api';

const actionLabels: Record<string, string> = {
  'signed-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in (wrong password)',
  'signed-out': 'Signed out',
  'signed-out-everywhere': 'Signed out everywhere',
  'password-set': 'Set a new password',
  'password-reset-requested': 'Asked for a password reset link',
  'password-reset-capped': 'Asked for a reset link again (not sent: 3 an hour at most)',
  'password-reset-unknown-address': 'Reset link asked for an address with no account',
  'sign-in-slowed': 'Sign-ins from new devices slowed after failed attempts (you were e-mailed)',
  'owner-added': 'Account added (command line)',
  'owner-removed': 'Account removed (command line)',
  'team-invited': 'Invited someone to the team',
  'team-invitation-resent': 'Sent an invitation again',
  'team-disabled': 'Disabled an account (its sessions ended)',
  'team-enabled': 'Enabled an account again',
  'team-role-changed': "Changed an account's role",
  'old-records-tidied': 'Old records tidied, as the privacy page says (automatic)',
  'export.bookings': 'Downloaded the bookings (CSV)',
  'export.orders': 'Downloaded the orders (CSV)',
  'export.customers': 'Downloaded the customers (CSV)',
  'morning-summary.set': 'Changed their morning e-mail',
  // Issue 36: card payments.
  'payments.settings': 'Changed the Stripe keys or card payment on/off',
  'order.refund': 'Refunded a card order',
};

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** One line: when the retention job last ran and what it did here (decision 0063). */
function RetentionLine() {
  const run = useQuery({ queryKey: retentionQueryKey, queryFn: fetchRetentionLastRun });
  if (!run.data) return null;
  const { lastRunAt, counts } = run.data;
  return (
    <p>
      {lastRunAt ? (
        <>
          Old records last tidied on{' '}
          <time dateTime={lastRunAt}>{when.format(new Date(lastRunAt))}</time>:{' '}
          {describeRetentionCounts(counts)}.
        </>
      ) : (
        'Old records have not been tidied yet: it happens once a day.'
      )}
    </p>
  );
}

function describeDetail(entry: AuditEntry): string {
  const { detail } = entry;
  const tidied = entry.action === 'old-records-tidied' && retentionCountsSchema.safeParse(detail);
  if (tidied && tidied.success) return describeRetentionCounts(tidied.data);
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** /manage/audit: the owner's audit trail (who, what, when), newest first. */
export default function AuditPage() {
  const audit = useQuery({ queryKey: auditQueryKey, queryFn: fetchAudit, staleTime: 0 });
  return (
    <section className="manage__screen">
      <PageHeading title="Audit trail">Audit trail</PageHeading>
      <RetentionLine />
      {audit.isPending && <ScreenSkeleton />}
      {audit.isError && <p role="alert">The audit trail could not be loaded. Please try again.</p>}
      {audit.data?.length === 0 && (
        <EmptyState title="Nothing has happened yet">
          Each sign-in and each change to your site is listed here, newest first.
        </EmptyState>
      )}
      {audit.data && audit.data.length > 0 && (
        <ol className="manage__audit">
          {audit.data.map((entry) => (
            <li key={entry.id} className="card">
              <p className="manage__audit-what">{actionLabels[entry.action] ?? entry.action}</p>
              <p>
                <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                {' · '}
                {entry.ownerEmail ?? 'Command line or removed account'}
              </p>
              {Object.keys(entry.detail).length > 0 && (
                <p className="manage__audit-detail">{describeDetail(entry)}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
