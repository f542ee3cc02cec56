import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ClientConfig } from '../common/client-config';
import { ApiClientHooks } from './app/api-client-hooks';
import { ClientContext } from './app/client-context';
import { footerForm } from './app/footer-contact-form';
import { AppRoutes, preloadScreens } from './app/router';
import { featuredProductWithQueries } from './features/site/home/lazy-featured-product';

/**
 * The server's prerender (src/server/prerender.ts): the HTML of the screen at `url` for this
 * client, put into #root so the page paints before any script runs; the browser hydrates it
 * (src/web/main.tsx renders the same tree). renderToString cannot wait for a suspended component,
 * so everything the page may show is loaded first. Query data shows in its loading state, as it
 * does in the browser's first render.
 */
export async function renderApp(url: string, client: ClientConfig): Promise<string> {
  const pathname = new URL(url, 'http://prerender.invalid').pathname;
  await Promise.all([
    preloadScreens(pathname),
    footerForm.preload(),
    featuredProductWithQueries.preload(),
  ]);
  return renderToString(
    <StrictMode>
      <ClientContext.Provider value={client}>
        <StaticRouter location={url}>
          <ApiClientHooks />
          <AppRoutes />
        </StaticRouter>
      </ClientContext.Provider>
    </StrictMode>,
  );
}
