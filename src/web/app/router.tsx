import { createBrowserRouter, type RouteObject } from 'react-router';
import NotFoundPage from '../components/not-found-page';
import { screenLoading } from '../components/screen-loading';
import { bookingRoutes } from '../features/booking/booking-routes';
import { enquiryRoutes } from '../features/enquiry/enquiry-routes';
import { shopRoutes } from '../features/shop/shop-routes';
import { siteRoutes } from '../features/site/site-routes';
import { Shell } from './shell';

/** A lazy screen shows the loading line while its chunk arrives, on a first visit too. */
function withLoadingFallback(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    route.lazy && !route.hydrateFallbackElement
      ? { ...route, hydrateFallbackElement: screenLoading }
      : route,
  );
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

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
