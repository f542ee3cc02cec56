import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * One query cache for the whole visit. TanStack Query loads with the first screen that needs it
 * rather than in the first-load bundle (docs/decisions/page-speed.md), so every lazy screen and
 * the home page's featured product wrap themselves in this provider; they all share this client.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

export function WithQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
