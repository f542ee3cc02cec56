import type { RouteObject } from 'react-router';
import { routeTable, type RouteName } from '../../../common/routes';
import HomePage from './home/home-page';

type ContentScreens = typeof import('./screens/content-screens');

/**
 * Brochure screens. The home page is in the main bundle; the other screens load on demand in a
 * few chunks (content pages, reviews, order outcome, the tech lifecycle) to keep the first load small.
 */
const contentScreen =
  (name: keyof ContentScreens): RouteObject['lazy'] =>
  async () => ({ Component: (await import('./screens/content-screens'))[name] });

const contentRoutes: Array<[RouteName, keyof ContentScreens]> = [
  ['about', 'AboutScreen'],
  ['documentation', 'DocumentationScreen'],
  ['nails', 'NailsScreen'],
  ['galleries', 'GalleriesScreen'],
  ['approach', 'ApproachScreen'],
  ['qualifications', 'QualificationsScreen'],
  ['terms', 'TermsScreen'],
  ['cookies', 'CookiesScreen'],
  ['faqs', 'FaqsScreen'],
  ['client', 'ClientScreen'],
  ['hub', 'HubScreen'],
  ['services', 'ServicesScreen'],
  ['joinus', 'JoinUsScreen'],
  ['team', 'TeamScreen'],
  ['work', 'WorkScreen'],
  ['login', 'LoginScreen'],
];

const failureScreen: RouteObject['lazy'] = async () => ({
  Component: (await import('./screens/outcome-screens')).FailureScreen,
});

export const siteRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  ...contentRoutes.map(([route, screen]) => ({
    path: routeTable[route],
    lazy: contentScreen(screen),
  })),
  {
    path: routeTable.reviews,
    lazy: async () => ({ Component: (await import('./screens/reviews-screen')).default }),
  },
  {
    path: routeTable.tech,
    lazy: async () => ({ Component: (await import('./tech/tech-screen')).default }),
  },
  {
    path: routeTable.success,
    lazy: async () => ({ Component: (await import('./screens/outcome-screens')).SuccessScreen }),
  },
  { path: routeTable.failure, lazy: failureScreen },
  // Spec: /fees shows the failure page.
  { path: routeTable.fees, lazy: failureScreen },
];
