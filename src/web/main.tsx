import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router';
import { ClientContext } from './app/client-context';
import { AppRoutes, preloadScreens } from './app/router';
import { useSessionStore } from './app/session-store';
import { configureApiClient } from './lib/api-client';
import { readClientConfig } from './lib/client-config';
import './styles/base.css';

/** Lets the API client's 401 handling log out and navigate inside the app. */
function ApiClientHooks() {
  const navigate = useNavigate();
  useEffect(() => {
    configureApiClient({
      logOut: () => useSessionStore.getState().logOut(),
      navigate: (path) => void navigate(path),
    });
  }, [navigate]);
  return null;
}

const rootElement = document.getElementById('root')!;
const client = readClientConfig(document);

if (!client) {
  // The spec's console error has been logged; show a plain page rather than a blank one.
  rootElement.innerHTML =
    '<main class="page"><h1>Sorry, this site is not available right now</h1><p>Please try again in a few minutes.</p></main>';
} else {
  // The server sent this screen as HTML (src/server/prerender.ts); the first render replaces it
  // once the screen's chunk is here, so the visitor never sees it swap for a loading line.
  const render = () =>
    createRoot(rootElement).render(
      <StrictMode>
        <ClientContext.Provider value={client}>
          <BrowserRouter>
            <ApiClientHooks />
            <AppRoutes />
          </BrowserRouter>
        </ClientContext.Provider>
      </StrictMode>,
    );
  void preloadScreens(window.location.pathname).then(render, render);
}
