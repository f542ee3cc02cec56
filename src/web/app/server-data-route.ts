import type { RouteObject } from 'react-router';

/**
 * The `handle` of a route whose screen reads server data with TanStack Query. The router wraps
 * only these screens in the shared QueryClient, so a screen without server data (contact, the
 * content pages) does not load TanStack Query at all.
 */
export const readsServerData = { readsServerData: true } as const;

export function routeReadsServerData(route: RouteObject): boolean {
  return (route.handle as Partial<typeof readsServerData> | undefined)?.readsServerData === true;
}
