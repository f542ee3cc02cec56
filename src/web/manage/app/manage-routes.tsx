import type { RouteObject } from 'react-router';
import { routeTable } from '@common/routes';

const loadPasswordPage: RouteObject['lazy'] = async () => ({
  Component: (await import('@/manage/screens/sign-in/set-password-page')).default,
});

/** Sign-in and password screens: inside the site's own header and footer, each its own chunk. */
export const signInRoutes: RouteObject[] = [
  {
    path: routeTable.login,
    lazy: async () => ({
      Component: (await import('@/manage/screens/sign-in/login-page')).default,
    }),
  },
  { path: routeTable.loginSetPassword, lazy: loadPasswordPage },
  { path: routeTable.loginReset, lazy: loadPasswordPage },
];

/** The host's own screen (decision 0080): outside the site and the back office's shell. */
export const operatorRoutes: RouteObject[] = [
  {
    path: routeTable.operator,
    lazy: async () => ({
      Component: (await import('@/manage/screens/operator/operator-page')).default,
    }),
  },
];

/** The back office: one lazy route for /manage and everything under it (manage-app.tsx). */
export const manageRoutes: RouteObject[] = [
  {
    path: `${routeTable.manage}/*`,
    lazy: async () => ({ Component: (await import('./manage-app')).default }),
  },
];
