import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { routeTable } from '@common/routes';
import { screenLoading } from '@/components/screen-loading';
import { Toasts } from '@/components/toast';
import { useClient } from '@/lib/client-context';
import { withQueryClient } from '@/lib/query-provider';
import { useSessionStore } from '@/lib/session-store';
import { SessionRenewal } from '@/manage/shared/session-renewal';
import { UnsavedChangesGuard, useConfirmLeave } from '@/manage/shared/unsaved-changes';
import { ManageHome } from './manage-home';
import { fetchMe, meQueryKey, signOut } from './manage-api';
import { sectionsFor } from './manage-sections';
import './manage.css';

function ManageNotFound() {
  return (
    <section className="manage__screen">
      <h1>Not found</h1>
      <p>The back office has no screen at this address.</p>
    </section>
  );
}

/**
 * /manage/*: the back office, its own chunk (never in a visitor's bundle), outside the site's
 * header and footer. It asks who is signed in first: without a session that answer is a 401, and
 * the API client's 401 rule takes the owner to /login?next=… (src/web/lib/api-client.ts).
 */
function ManageApp() {
  const client = useClient();
  const navigate = useNavigate();
  // Link with aria-current rather than NavLink: NavLink's code would join every visitor's first load.
  const { pathname } = useLocation();
  const queries = useQueryClient();
  const sections = useMemo(() => sectionsFor(client), [client]);
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, retry: false, staleTime: 300_000 });
  const routes = useMemo<RouteObject[]>(
    () => [
      { index: true, element: <ManageHome sections={sections} /> },
      ...sections.map((section) => {
        const Screen = lazy(section.load);
        return {
          path: section.path,
          element: (
            <Suspense fallback={screenLoading}>
              <Screen />
            </Suspense>
          ),
        };
      }),
      { path: '*', element: <ManageNotFound /> },
    ],
    [sections],
  );
  const screen = useRoutes(routes);
  const confirmLeave = useConfirmLeave();

  const leave = async () => {
    await signOut();
    useSessionStore.getState().logOut();
    queries.removeQueries({ queryKey: ['manage'] });
    await navigate(routeTable.login, { replace: true });
  };

  return (
    <div className="manage">
      <a className="skip-link" href="#manage-main">
        Skip to content
      </a>
      <header className="manage__header">
        <p className="manage__business">
          <Link
            to={routeTable.manage}
            aria-current={pathname === routeTable.manage ? 'page' : undefined}
          >
            {me.data?.businessName ?? client.title}
          </Link>
          <span className="manage__tag">Back office</span>
        </p>
        <nav aria-label="Back office">
          <ul className="manage__nav">
            {sections.map((section) => (
              <li key={section.path}>
                <Link
                  to={`${routeTable.manage}/${section.path}`}
                  aria-current={
                    pathname.startsWith(`${routeTable.manage}/${section.path}`) ? 'page' : undefined
                  }
                >
                  {section.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="manage__sign-out"
                onClick={() => confirmLeave(() => void leave())}
              >
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      </header>
      <main id="manage-main" className="manage__main" tabIndex={-1}>
        {me.isSuccess ? (
          screen
        ) : me.isError ? (
          <section className="manage__screen">
            <h1>Back office</h1>
            <p role="alert">
              We could not reach the server. Please check the connection and{' '}
              <button type="button" className="button" onClick={() => void me.refetch()}>
                try again
              </button>
            </p>
          </section>
        ) : (
          screenLoading
        )}
      </main>
      {/* Once signed in, an ended session asks for the password here rather than leaving. */}
      {me.isSuccess && <SessionRenewal email={me.data.email} />}
      <Toasts />
    </div>
  );
}

/** Every move inside the back office asks first while a screen has unsaved changes. */
function GuardedManageApp() {
  return (
    <UnsavedChangesGuard>
      <ManageApp />
    </UnsavedChangesGuard>
  );
}

export default withQueryClient(GuardedManageApp);
