import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PublicClientConfig } from '@common/site-text';
import type { PrefetchedQuery } from '@common/page-data';
import { ApiClientHooks } from './app/api-client-hooks';
import { ClientContext } from './lib/client-context';
import { footerForm } from './app/shell/footer-contact-form';
import { createRequestQueryClient, RequestQueryClient } from './lib/query-provider';
import { AppRoutes, preloadScreens } from './app/router';
import { featuredProductWithQueries } from './features/home/lazy-featured-product';
import { seedQueries } from './lib/page-data';

/** The back office's stylesheet, which the server links on its pages (decision 0081). */
export { backOfficeStylesheet } from './app/router';

/**
 * The server's prerender (src/server/prerender.ts): the HTML of the screen at `url` for this
 * client, put into #root so the page paints before any script runs; the browser hydrates it
 * (src/web/main.tsx renders the same tree). renderToString cannot wait for a suspended component,
 * so everything the page may show is loaded first. Query data the server looked up for the page
 * (`queries`, also sent to the browser) shows as loaded; any other query shows its loading state,
 * as it does in the browser's first render. Each render has its own query cache.
 */
export async function renderApp(
  url: string,
  client: PublicClientConfig,
  queries: PrefetchedQuery[] = [],
): Promise<string> {
  const pathname = new URL(url, 'http://prerender.invalid').pathname;
  await Promise.all([
    preloadScreens(pathname),
    footerForm.preload(),
    featuredProductWithQueries.preload(),
  ]);
  const queryClient = createRequestQueryClient();
  seedQueries(queryClient, queries);
  // The context provider adds no markup, so the browser's tree (without it) hydrates this HTML.
  return renderToString(
    <StrictMode>
      <RequestQueryClient.Provider value={queryClient}>
        <ClientContext.Provider value={client}>
          <StaticRouter location={url}>
            <ApiClientHooks />
            <AppRoutes />
          </StaticRouter>
        </ClientContext.Provider>
      </RequestQueryClient.Provider>
    </StrictMode>,
  );
}
