import type { RouteObject } from 'react-router';

/**
 * The home page is a lazy screen like the others: its blocks are site text, read with TanStack
 * Query (useSiteText), which is not in the first-load bundle (docs/decisions/0014-page-speed.md).
 * The page is sent prerendered, so it paints before the screen's chunk arrives.
 */
export const homeRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./home-page')).default }) },
];
