import { Suspense } from 'react';
import {
  matchRoutes,
  useLocation,
  useRoutes,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router';
import NotFoundPage from '@/components/not-found-page';
import { screenLoading } from '@/components/screen-loading';
import { bookingRoutes } from '@/features/booking/booking-routes';
import { contentRoutes } from '@/features/content/content-routes';
import { enquiryRoutes } from '@/features/enquiry/enquiry-routes';
import { homeRoutes } from '@/features/home/home-routes';
import { manageRoutes, operatorRoutes, signInRoutes } from '@/manage/app/manage-routes';

/** The back office's stylesheet, for the server to link on its pages (decision 0081). */
export { backOfficeStylesheet } from '@/manage/app/manage-routes';
import { reviewsRoutes } from '@/features/reviews/reviews-routes';
import { shopRoutes } from '@/features/shop/shop-routes';
import { preloadable, type Preloadable } from '@/lib/preloadable';
import { routeTable } from '@common/routes';
import { MarkAppReady } from './app-ready';
import { ScreenErrorBoundary } from './screen-error-boundary';
import { Shell } from './shell/shell';

type LoadRoute = Extract<NonNullable<RouteObject['lazy']>, (...args: never[]) => unknown>;

/** One lazy screen per loader, so paths that share a screen share its component. */
const lazyScreens = new Map<LoadRoute, Preloadable>();

/** The lazy screen behind each converted route object, for preloading the matched routes. */
const screenOfRoute = new WeakMap<RouteObject, Preloadable>();

async function loadScreen(load: LoadRoute) {
  const { Component } = await load();
  if (!Component) throw new Error('A lazy route module gave no Component');
  return Component;
}

/** A lazy screen; one that reads server data wraps itself in the shared QueryClient. */
function lazyScreen(load: LoadRoute): Preloadable {
  let screen = lazyScreens.get(load);
  if (screen) return screen;
  screen = preloadable(() => loadScreen(load));
  lazyScreens.set(load, screen);
  return screen;
}

/**
 * The feature groups describe their screens as lazy route objects. The app renders them with the
 * declarative router (useRoutes), which is about 20 KB gzipped lighter than the data router
 * (docs/decisions/0014-page-speed.md): each lazy screen becomes an element that shows the loading line
 * while its chunk arrives, unless preloadScreens already fetched it. Every screen ends with the
 * page's ready mark.
 */
function withLoadingFallback(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    if (typeof route.lazy !== 'function') {
      // A screen in the first-load bundle (the not-found page): an error there keeps the site's
      // frame as a lazy screen's does.
      return {
        ...route,
        element: (
          <ScreenErrorBoundary key={route.path ?? ''}>
            {route.element}
            <MarkAppReady />
          </ScreenErrorBoundary>
        ),
      } as RouteObject;
    }
    const { lazy: load, ...rest } = route;
    const screen = lazyScreen(load);
    const converted = {
      ...rest,
      // Keyed by path, so a screen that failed does not stay failed on the next screen.
      element: (
        <ScreenErrorBoundary key={rest.path ?? ''}>
          <Suspense fallback={screenLoading}>
            <screen.Component />
            <MarkAppReady />
          </Suspense>
        </ScreenErrorBoundary>
      ),
    } as RouteObject;
    screenOfRoute.set(converted, screen);
    return converted;
  });
}

const failureScreen: RouteObject['lazy'] = async () => ({
  Component: (await import('@/components/outcome/outcome-screens')).FailureScreen,
});

/** The order and enquiry outcome screens, which every feature that sends something leads to. */
const outcomeRoutes: RouteObject[] = [
  {
    path: routeTable.success,
    lazy: async () => ({
      Component: (await import('@/components/outcome/outcome-screens')).SuccessScreen,
    }),
  },
  { path: routeTable.failure, lazy: failureScreen },
  // Spec: /fees shows the failure page.
  { path: routeTable.fees, lazy: failureScreen },
];

/** Every path of the spec's route table, composed from the feature groups; anything else is 404. */
export const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    children: withLoadingFallback([
      ...homeRoutes,
      ...contentRoutes,
      ...reviewsRoutes,
      ...shopRoutes,
      ...bookingRoutes,
      ...enquiryRoutes,
      ...signInRoutes,
      ...outcomeRoutes,
      { path: '*', element: <NotFoundPage /> },
    ]),
  },
  // The back office has its own header and menu, not the site's.
  ...withLoadingFallback(manageRoutes),
  ...withLoadingFallback(operatorRoutes),
];

/** Paths whose route branch is remembered at most (then the memory starts again). */
const rememberedPathsLimit = 500;
const branchOfPath = new Map<string, { routes: RouteObject[]; matched: RouteObject[] }>();
/** One branch tree per screen, so every path of a screen renders the same route objects. */
const branchOfLeaf = new WeakMap<RouteObject, RouteObject[]>();

/**
 * The routes a path takes: the one branch of appRoutes that matched it, as a tree of that branch
 * alone, remembered per path. React Router flattens, ranks and compiles every route's pattern on
 * each match; matching the whole table once per path and then only its branch keeps that off
 * every render (a tenth of a server-rendered page's CPU, issue 37). A branch matches its path
 * exactly as the whole table did, so the screen, params and ranking are unchanged.
 */
export function routesForPath(pathname: string): { routes: RouteObject[]; matched: RouteObject[] } {
  const known = branchOfPath.get(pathname);
  if (known) return known;
  const matched = (matchRoutes(appRoutes, pathname) ?? []).map((match) => match.route);
  const leaf = matched.at(-1);
  let routes = leaf ? branchOfLeaf.get(leaf) : appRoutes;
  if (!routes) {
    let node = leaf!;
    for (const parent of matched.slice(0, -1).reverse()) {
      // A parent is never an index route (those have no children).
      node = { ...(parent as NonIndexRouteObject), children: [node] };
    }
    routes = [node];
    branchOfLeaf.set(leaf!, routes);
  }
  if (branchOfPath.size >= rememberedPathsLimit) branchOfPath.clear();
  const branch = { routes, matched };
  branchOfPath.set(pathname, branch);
  return branch;
}

/** The screen for the current URL; render inside a BrowserRouter. */
export function AppRoutes() {
  const { pathname } = useLocation();
  // The outer boundary catches what the screens' own cannot: an error in the site's frame.
  return <ScreenErrorBoundary>{useRoutes(routesForPath(pathname).routes)}</ScreenErrorBoundary>;
}

/**
 * Loads the chunks of the screens a path shows, so the first render (in the browser, or on the
 * server for the prerendered HTML) draws the screen rather than its loading line.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const { matched } = routesForPath(pathname);
  await Promise.all(matched.map((route) => screenOfRoute.get(route)?.preload()));
}
