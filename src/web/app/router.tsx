import { createElement, Suspense, use, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import NotFoundPage from '../components/not-found-page';
import { screenLoading } from '../components/screen-loading';
import { bookingRoutes } from '../features/booking/booking-routes';
import { enquiryRoutes } from '../features/enquiry/enquiry-routes';
import { shopRoutes } from '../features/shop/shop-routes';
import { siteRoutes } from '../features/site/site-routes';
import { Shell } from './shell';

type LoadRoute = Extract<NonNullable<RouteObject['lazy']>, (...args: never[]) => unknown>;

interface LazyScreen {
  Screen: ComponentType;
  /** Starts loading the screen's chunk (once); the first render after it settles does not suspend. */
  preload: () => Promise<ComponentType>;
}

/** One lazy screen per loader, so paths that share a screen share its component. */
const lazyScreens = new Map<LoadRoute, LazyScreen>();
/** The lazy screen behind each converted route object, for preloading the matched routes. */
const screenOfRoute = new WeakMap<RouteObject, LazyScreen>();

function lazyScreen(load: LoadRoute): LazyScreen {
  const known = lazyScreens.get(load);
  if (known) return known;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    if (!loading) {
      const promise: Promise<ComponentType> = Promise.all([
        load(),
        import('./query-provider'),
      ]).then(([{ Component }, { WithQueryClient }]) => {
        if (!Component) throw new Error('A lazy route module gave no Component');
        const WithQueries = () => (
          <WithQueryClient>
            <Component />
          </WithQueryClient>
        );
        // React's use() reads these fields, so a render after loading does not suspend.
        Object.assign(promise, { status: 'fulfilled', value: WithQueries });
        return WithQueries;
      });
      loading = promise;
    }
    return loading;
  };
  function Screen() {
    // The loaded component is made once per screen when its chunk arrives, not per render.
    return createElement(use(preload()));
  }
  const screen = { Screen, preload };
  lazyScreens.set(load, screen);
  return screen;
}

/**
 * The feature groups describe their screens as lazy route objects. The app renders them with the
 * declarative router (useRoutes), which is about 20 KB gzipped lighter than the data router
 * (docs/decisions/page-speed.md): each lazy screen becomes an element that shows the loading line
 * while its chunk arrives, unless preloadScreens already fetched it.
 */
function withLoadingFallback(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    if (typeof route.lazy !== 'function') return route;
    const { lazy: load, ...rest } = route;
    const screen = lazyScreen(load);
    const converted = {
      ...rest,
      element: (
        <Suspense fallback={screenLoading}>
          <screen.Screen />
        </Suspense>
      ),
    } as RouteObject;
    screenOfRoute.set(converted, screen);
    return converted;
  });
}

/** Every path of the spec's route table, composed from the feature groups; anything else is 404. */
export const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    children: withLoadingFallback([
      ...siteRoutes,
      ...shopRoutes,
      ...bookingRoutes,
      ...enquiryRoutes,
      { path: '*', element: <NotFoundPage /> },
    ]),
  },
];

/** The screen for the current URL; render inside a BrowserRouter. */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Loads the chunks of the screens a path shows, so the first render (in the browser, or on the
 * server for the prerendered HTML) draws the screen rather than its loading line.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.all(matches.map((match) => screenOfRoute.get(match.route)?.preload()));
}
