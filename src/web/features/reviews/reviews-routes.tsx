import type { RouteObject } from 'react-router';
import { routeTable } from '@common/routes';

/** The reviews page: its own chunk, with TanStack Query to fetch the client's reviews. */
export const reviewsRoutes: RouteObject[] = [
  {
    path: routeTable.reviews,
    lazy: async () => ({ Component: (await import('./reviews-page')).default }),
  },
  // Issue 33: a customer's review from the e-mail's link, its own chunk.
  {
    path: routeTable.reviewWrite,
    lazy: async () => ({ Component: (await import('./write-review-page')).default }),
  },
];
