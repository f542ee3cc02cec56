import type { RouteObject } from 'react-router';
import { routeTable } from '@common/routes';
import { loadStylesheet } from '@/lib/stylesheet';
import backOfficeStylesheet from '@/manage/manage-styles.css?url';

/**
 * The back office's and sign-in's stylesheet, apart from the one every visitor's page carries
 * inline (decision 0081): the server links it on their pages, and a screen of theirs reached from
 * another page waits for it with its chunk, so it is never drawn unstyled.
 */
export { backOfficeStylesheet };

type LoadRoute = Extract<NonNullable<RouteObject['lazy']>, (...args: never[]) => unknown>;

/** A lazy screen that needs the back office's stylesheet: both loaded at once. */
function withBackOfficeStyles(load: LoadRoute): LoadRoute {
  return async () => {
    const [route] = await Promise.all([load(), loadStylesheet(backOfficeStylesheet)]);
    return route;
  };
}

const loadPasswordPage = withBackOfficeStyles(async () => ({
  Component: (await import('@/manage/screens/sign-in/set-password-page')).default,
}));

/** Sign-in and password screens: inside the site's own header and footer, each its own chunk. */
export const signInRoutes: RouteObject[] = [
  {
    path: routeTable.login,
    lazy: withBackOfficeStyles(async () => ({
      Component: (await import('@/manage/screens/sign-in/login-page')).default,
    })),
  },
  { path: routeTable.loginSetPassword, lazy: loadPasswordPage },
  { path: routeTable.loginReset, lazy: loadPasswordPage },
];

/** The host's own screen (decision 0080): outside the site and the back office's shell. */
export const operatorRoutes: RouteObject[] = [
  {
    path: routeTable.operator,
    // Its forms are the back office's (the server links the sheet on its page too).
    lazy: withBackOfficeStyles(async () => ({
      Component: (await import('@/manage/screens/operator/operator-page')).default,
    })),
  },
];

/** The back office: one lazy route for /manage and everything under it (manage-app.tsx). */
export const manageRoutes: RouteObject[] = [
  {
    path: `${routeTable.manage}/*`,
    lazy: withBackOfficeStyles(async () => ({
      Component: (await import('./manage-app')).default,
    })),
  },
];
