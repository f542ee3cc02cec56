import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { seedQueries } from './page-data';

/**
 * `networkMode: 'always'`: with the connection lost, a query or mutation fails with the API
 * client's "We could not connect" rather than pausing, which left a screen's loading skeleton up
 * with no word of why for as long as the connection was gone. Once it is back, a screen that
 * failed asks again by itself (`refetchOnReconnect`, which 'always' would otherwise turn off).
 */
const queryDefaults = {
  queries: {
    staleTime: 60_000,
    retry: 1,
    refetchOnWindowFocus: false,
    networkMode: 'always',
    refetchOnReconnect: true,
  },
  mutations: { networkMode: 'always' },
} as const;

/**
 * One query cache for the whole visit. TanStack Query loads with the first screen that needs it
 * rather than in the first-load bundle (docs/decisions/0014-page-speed.md), so every lazy screen and
 * the home page's featured product wrap themselves in this provider; they all share this client.
 */
export const queryClient = new QueryClient({ defaultOptions: queryDefaults });

// The data the server prerendered the page with (src/server/page-data.ts): the first render
// shows it, as the prerendered HTML does, and the screen does not fetch it again.
if (typeof document !== 'undefined') seedQueries(queryClient, document);

/** A query cache per server render (src/web/entry-server.tsx): requests never share data. */
export function createRequestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
export const RequestQueryClient = createContext<QueryClient | undefined>(undefined);

export function WithQueryClient({ children }: { children: ReactNode }) {
  const client = useContext(RequestQueryClient) ?? queryClient;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * A screen that reads server data, inside the shared query cache. Such a screen imports this
 * module statically, so TanStack Query is part of its chunk group and the bundle budget counts it
 * there (scripts/bundle-budget.mjs); a screen without server data never loads it.
 */
export function withQueryClient<Props extends object>(
  Screen: ComponentType<Props>,
): ComponentType<Props> {
  return function ScreenWithQueries(props: Props) {
    return (
      <WithQueryClient>
        <Screen {...props} />
      </WithQueryClient>
    );
  };
}
