import type { RouteObject } from 'react-router';
import { contentPaths, routeTable } from '@common/routes';

// One loader for every content route, so they share one screen and one chunk.
const loadContentPage: RouteObject['lazy'] = async () => ({
  Component: (await import('./content-page')).default,
});

/** The content routes: each shows the client's page for it, or the generic page (page-for.ts). */
export const contentRoutes: RouteObject[] = [
  ...contentPaths.map((path) => ({
    path,
    lazy: loadContentPage,
  })),
  {
    path: routeTable.privacy,
    lazy: async () => ({ Component: (await import('./privacy-page')).default }),
  },
];
