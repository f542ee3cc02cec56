import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { routeTable } from '@common/routes';
import { PageHeading } from '@/components/page-heading';
import { Toasts } from '@/components/toast';
import { useClient } from '@/lib/client-context';
import { withQueryClient } from '@/lib/query-provider';
import { useSessionStore } from '@/lib/session-store';
import { ManageHome } from '@/manage/screens/home/manage-home';
import { groupedSections, type ManageSection } from '@/manage/shared/manage-section';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { fetchMe, meQueryKey, signOut } from '@/manage/shared/session-api';
import { SessionRenewal } from '@/manage/shared/session-renewal';
import { UnsavedChangesGuard, useConfirmLeave } from '@/manage/shared/unsaved-changes';
import { sectionsFor, sectionsForRole } from './manage-sections';
import { NavIcon } from './nav-icons';

function ManageNotFound() {
  return (
    <section className="manage__screen">
      <h1>Not found</h1>
      <p>The back office has no screen at this address.</p>
    </section>
  );
}

/**
 * An owner's screen opened by a staff account (issue 32): a page that says so, never a blank one.
 * The server refuses the screen's calls on its own (403); this only explains it.
 */
function OwnerOnlyScreen({ label, diary }: { label: string; diary: boolean }) {
  const title = `Only the business owner can open ${label}`;
  return (
    <section className="manage__screen">
      <PageHeading title={title}>{title}</PageHeading>
      <p>
        Your account is a staff account: it can use the diary. If you need this screen, please ask
        the owner.
      </p>
      <p>
        {diary ? (
          <Link to={`${routeTable.manage}/diary`}>Go to the diary</Link>
        ) : (
          <Link to={routeTable.manage}>Go to the back office&rsquo;s home</Link>
        )}
      </p>
    </section>
  );
}

const home: Pick<ManageSection, 'path' | 'label'> = { path: '', label: 'Home' };

// Link with aria-current rather than NavLink: NavLink's code would join every visitor's first load.
function MenuLink({
  section,
  pathname,
  short = false,
}: {
  section: Pick<ManageSection, 'path' | 'label' | 'tabLabel'>;
  pathname: string;
  short?: boolean;
}) {
  const to = section.path ? `${routeTable.manage}/${section.path}` : routeTable.manage;
  const current = section.path ? pathname.startsWith(to) : pathname === to;
  return (
    <Link className="manage-nav__link" to={to} aria-current={current ? 'page' : undefined}>
      <NavIcon name={section.path} />
      <span>{short ? (section.tabLabel ?? section.label) : section.label}</span>
    </Link>
  );
}

/** A group of the menu: its heading names the list of its links for a screen reader too. */
function MenuGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <li className="manage-nav__group">
      <span id={id} className="manage-nav__group-label">
        {label}
      </span>
      <ul aria-labelledby={id}>{children}</ul>
    </li>
  );
}

/**
 * The back office's menu, drawn twice and shown once by width (manage.css): a side bar with every
 * screen from 64rem, and below that a bar at the foot of the screen with Home, the three screens
 * owners open most (`inTabBar`) and More, which opens the rest. Neither ever wraps into rows.
 */
function ManageMenu({ sections, pathname }: { sections: ManageSection[]; pathname: string }) {
  // Open at one address: following a link (or Back) closes it.
  const [openAt, setOpenAt] = useState<string | undefined>();
  const moreOpen = openAt === pathname;
  const moreButton = useRef<HTMLButtonElement>(null);
  // Three screens or fewer (a staff account's diary and customers) all fit: no More to open.
  const tabs =
    sections.length <= 3 ? sections : sections.filter((section) => section.inTabBar).slice(0, 3);
  const rest = sections.filter((section) => !tabs.includes(section));
  const restIsCurrent = rest.some((section) =>
    pathname.startsWith(`${routeTable.manage}/${section.path}`),
  );
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !moreOpen) return;
    setOpenAt(undefined);
    moreButton.current?.focus();
  };
  return (
    <>
      <nav aria-label="Back office" className="manage-nav manage-nav--side">
        <ul>
          <li>
            <MenuLink section={home} pathname={pathname} />
          </li>
          {groupedSections(sections).map((group) => (
            <MenuGroup key={group.id} id={`manage-side-${group.id}`} label={group.label}>
              {group.sections.map((section) => (
                <li key={section.path}>
                  <MenuLink section={section} pathname={pathname} />
                </li>
              ))}
            </MenuGroup>
          ))}
        </ul>
      </nav>
      <nav
        aria-label="Back office"
        className="manage-nav manage-nav--bar"
        onKeyDown={closeOnEscape}
      >
        {moreOpen && (
          // A link to the screen already shown changes no address: close on any click too.
          <div className="manage-nav__more" id="manage-more" onClick={() => setOpenAt(undefined)}>
            <ul>
              {groupedSections(rest).map((group) => (
                <MenuGroup key={group.id} id={`manage-more-${group.id}`} label={group.label}>
                  {group.sections.map((section) => (
                    <li key={section.path}>
                      <MenuLink section={section} pathname={pathname} />
                    </li>
                  ))}
                </MenuGroup>
              ))}
            </ul>
          </div>
        )}
        <ul className="manage-nav__tabs">
          {[home, ...tabs].map((section) => (
            <li key={section.path}>
              <MenuLink section={section} pathname={pathname} short />
            </li>
          ))}
          {rest.length > 0 && (
            <li>
              <button
                ref={moreButton}
                type="button"
                className="manage-nav__link"
                aria-expanded={moreOpen}
                aria-controls="manage-more"
                data-current={restIsCurrent ? '' : undefined}
                onClick={() => setOpenAt(moreOpen ? undefined : pathname)}
              >
                <NavIcon name="more" />
                <span>More</span>
              </button>
            </li>
          )}
        </ul>
      </nav>
    </>
  );
}

/**
 * Resolves once no back-office read is in flight, or after `limitMs`: a read that reached the
 * server after the sign-out (the diary the owner had just opened) was answered 401 for nothing,
 * and its 401 rule could send the owner to /login?next=… rather than /login.
 */
function backOfficeReadsSettled(queries: QueryClient, limitMs = 3000): Promise<void> {
  const backOffice = { queryKey: ['manage'] };
  if (queries.isFetching(backOffice) === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      stopWatching();
      resolve();
    };
    const timer = setTimeout(settle, limitMs);
    const stopWatching = queries.getQueryCache().subscribe(() => {
      if (queries.isFetching(backOffice) === 0) settle();
    });
  });
}

/**
 * /manage/*: the back office, its own chunk (never in a visitor's bundle), outside the site's
 * header and footer. It asks who is signed in first: without a session that answer is a 401, and
 * the API client's 401 rule takes the owner to /login?next=… (src/web/lib/api-client.ts).
 */
function ManageApp() {
  const client = useClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queries = useQueryClient();
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, retry: false, staleTime: 300_000 });
  // Until the account's role is known the menu offers what staff may open (deny by default).
  const role = me.data?.role ?? 'staff';
  const allSections = useMemo(() => sectionsFor(client), [client]);
  const sections = useMemo(() => sectionsForRole(allSections, role), [allSections, role]);
  const routes = useMemo<RouteObject[]>(() => {
    const hasDiary = sections.some((section) => section.path === 'diary');
    return [
      { index: true, element: <ManageHome sections={sections} /> },
      ...allSections.map((section) => {
        if (!sections.includes(section)) {
          return {
            path: `${section.path}/*`,
            element: <OwnerOnlyScreen label={section.label} diary={hasDiary} />,
          };
        }
        const Screen = lazy(section.load);
        return {
          path: section.path,
          element: (
            <Suspense fallback={<ScreenSkeleton />}>
              <Screen />
            </Suspense>
          ),
        };
      }),
      { path: '*', element: <ManageNotFound /> },
    ];
  }, [allSections, sections]);
  const screen = useRoutes(routes);
  const confirmLeave = useConfirmLeave();

  const leave = async () => {
    await backOfficeReadsSettled(queries);
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
        <button
          type="button"
          className="manage__sign-out"
          onClick={() => confirmLeave(() => void leave())}
        >
          Sign out
        </button>
      </header>
      <ManageMenu sections={sections} pathname={pathname} />
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
          <ScreenSkeleton />
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
