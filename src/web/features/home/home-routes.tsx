import type { RouteObject } from 'react-router';
import HomePage from './home-page';

/** The home page is in the first-load bundle: it is the page most visits start on. */
export const homeRoutes: RouteObject[] = [{ index: true, element: <HomePage /> }];
