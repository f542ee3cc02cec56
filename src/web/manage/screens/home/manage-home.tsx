import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { routeTable } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { useSessionStore } from '@/lib/session-store';
import { fetchMe, meQueryKey } from '@/manage/shared/session-api';
import { groupedSections, type ManageSection } from '@/manage/shared/manage-section';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { signOutEverywhere } from './home-api';

// Its own chunk: the shell stays as small as it was, and staff never load it.
const DashboardPanel = lazy(() => import('./dashboard'));

/**
 * /manage: who is signed in; for the owner the dashboard (issue 34), then the back office's
 * screens, and signing out on every device.
 */
export function ManageHome({ sections }: { sections: ManageSection[] }) {
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, retry: false });
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const everywhere = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
    } finally {
      useSessionStore.getState().logOut();
      await navigate(routeTable.login, { replace: true });
    }
  };
  return (
    <section className="manage__screen">
      <PageHeading title="Back office">Back office</PageHeading>
      {me.data && (
        <p>
          Signed in as {me.data.email}
          {me.data.role === 'staff' ? ' (staff: the diary is yours to run).' : '.'}
        </p>
      )}
      {me.data?.role === 'owner' && (
        <Suspense fallback={<ScreenSkeleton />}>
          <DashboardPanel />
        </Suspense>
      )}
      {groupedSections(sections).map((group) => (
        <Fragment key={group.id}>
          <h2>{group.label}</h2>
          <ul className="manage__cards manage__cards--overview">
            {group.sections.map((section) => (
              <li key={section.path} className="card">
                <h3>
                  <Link to={`${routeTable.manage}/${section.path}`}>{section.label}</Link>
                </h3>
                <p>{section.description}</p>
              </li>
            ))}
          </ul>
        </Fragment>
      ))}
      <h2>Devices</h2>
      <p>Lost a phone, or signed in on a shared computer? End every session, this one included.</p>
      <button type="button" className="button" disabled={busy} onClick={() => void everywhere()}>
        Sign out everywhere
      </button>
    </section>
  );
}
