import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ClientConfig } from '../common/client-config';
import { ClientContext } from './app/client-context';
import { AppRoutes, preloadScreens } from './app/router';

/**
 * The server's prerender (src/server/prerender.ts): the HTML of the screen at `url` for this
 * client, put into #root so the page paints before any script runs. The browser's first render
 * replaces it (createRoot, not hydration), so state only the browser knows, such as the cart,
 * cannot cause a mismatch. Data fetched by queries shows in its loading state.
 */
export async function renderApp(url: string, client: ClientConfig): Promise<string> {
  const pathname = new URL(url, 'http://prerender.invalid').pathname;
  await preloadScreens(pathname);
  return renderToString(
    <StrictMode>
      <ClientContext.Provider value={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </ClientContext.Provider>
    </StrictMode>,
  );
}
