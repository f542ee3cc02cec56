import './lib/zod-jitless';
import './styles/ui.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ApiClientHooks } from './app/api-client-hooks';
import { ClientContext } from './lib/client-context';
import { AppRoutes, preloadScreens } from './app/router';
import { readClientConfig } from './lib/client-config';
import { installPopGate } from './lib/pop-gate';
import './styles/base.css';

const rootElement = document.getElementById('root')!;
const client = readClientConfig(document);

if (!client) {
  // The spec's console error has been logged; show a plain page rather than a blank one.
  rootElement.innerHTML =
    '<main class="page"><h1>Sorry, this site is not available right now</h1><p>Please try again in a few minutes.</p></main>';
} else {
  // Keep this tree the same as src/web/entry-server.tsx renders, or hydration fails.
  const app = (
    <StrictMode>
      <ClientContext.Provider value={client}>
        <BrowserRouter>
          <ApiClientHooks />
          <AppRoutes />
        </BrowserRouter>
      </ClientContext.Provider>
    </StrictMode>
  );
  // The server usually sent this screen as HTML (src/server/prerender.ts): load the screen's
  // chunk, then hydrate that HTML rather than drawing it again; without it, render from scratch.
  // A form sent before hydration would go out as a plain GET with the visitor's details in the
  // address; hold it until React handles the form. (Built pages have the boot script do this from
  // the first paint, and send the form again once the app is ready: src/web/boot.ts.)
  document.addEventListener(
    'submit',
    (event) => {
      if (!('appReady' in document.documentElement.dataset)) event.preventDefault();
    },
    true,
  );
  // Before the router listens to Back and Forward: the back office's guard hears them first.
  installPopGate(window);
  const start = () => {
    // As a transition, hydration yields to the browser every few milliseconds instead of being
    // one long task (total blocking time; docs/decisions/0014-page-speed.md).
    if (rootElement.firstElementChild) startTransition(() => void hydrateRoot(rootElement, app));
    else createRoot(rootElement).render(app);
  };
  void preloadScreens(window.location.pathname).then(start, start);
}
