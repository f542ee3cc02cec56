import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ClientContext } from './app/client-context';
import { createAppRouter } from './app/router';
import { useSessionStore } from './app/session-store';
import { configureApiClient } from './lib/api-client';
import { readClientConfig } from './lib/client-config';
import './styles/base.css';

const rootElement = document.getElementById('root')!;
const client = readClientConfig(document);

if (!client) {
  // The spec's console error has been logged; show a plain page rather than a blank one.
  rootElement.innerHTML =
    '<main class="page"><h1>Sorry, this site is not available right now</h1><p>Please try again in a few minutes.</p></main>';
} else {
  const router = createAppRouter();
  configureApiClient({
    logOut: () => useSessionStore.getState().logOut(),
    navigate: (path) => void router.navigate(path),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
  createRoot(rootElement).render(
    <StrictMode>
      <ClientContext.Provider value={client}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ClientContext.Provider>
    </StrictMode>,
  );
}
