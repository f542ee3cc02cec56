import { StrictMode, type ReactNode } from 'react';
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
import { ShellPartHtml, type ShellPartName } from './app/shell/shell-part';
import { SiteHeaderContent } from './app/shell/site-header';
import { SiteFooterContent } from './app/shell/site-footer';
import { currentMenuRoutes } from './app/shell/menu-entries';
import { copyrightYear } from './app/shell/copyright-year';

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
  /** reuseShell false: draw the header and footer in the page (the tests' reference). */
  { reuseShell = true }: { reuseShell?: boolean } = {},
): Promise<string> {
  const pathname = new URL(url, 'http://prerender.invalid').pathname;
  await Promise.all([
    preloadScreens(pathname),
    footerForm.preload(),
    featuredProductWithQueries.preload(),
  ]);
  const queryClient = createRequestQueryClient();
  seedQueries(queryClient, queries);
  // The context providers add no markup, so the browser's tree (without them) hydrates this HTML.
  return renderToString(
    <StrictMode>
      <ShellPartHtml.Provider value={reuseShell ? shellParts(url, pathname, client) : null}>
        <RequestQueryClient.Provider value={queryClient}>
          <ClientContext.Provider value={client}>
            <StaticRouter location={url}>
              <ApiClientHooks />
              <AppRoutes />
            </StaticRouter>
          </ClientContext.Provider>
        </RequestQueryClient.Provider>
      </ShellPartHtml.Provider>
    </StrictMode>,
  );
}

/**
 * The header and footer each client record has had rendered, by key. A record is replaced when
 * its data changes (an owner's edit), and its parts go with it; a record has a handful of keys.
 */
const renderedShellParts = new WeakMap<PublicClientConfig, Map<string, string>>();

/**
 * The header's and footer's HTML for a page, rendered once per client record and key (issue 37:
 * they were about a third of a first render). The header differs between pages only in which
 * menu link is current, the footer only in its copyright year; ShellPart puts the HTML in.
 */
function shellParts(
  url: string,
  pathname: string,
  client: PublicClientConfig,
): Record<ShellPartName, string> {
  let rendered = renderedShellParts.get(client);
  if (!rendered) {
    rendered = new Map();
    renderedShellParts.set(client, rendered);
  }
  const part = (key: string, content: ReactNode): string => {
    let html = rendered.get(key);
    if (html === undefined) {
      html = renderToString(
        <ClientContext.Provider value={client}>
          <StaticRouter location={url}>{content}</StaticRouter>
        </ClientContext.Provider>,
      );
      rendered.set(key, html);
    }
    return html;
  };
  return {
    header: part(`header ${currentMenuRoutes(client, pathname).join(' ')}`, <SiteHeaderContent />),
    footer: part(`footer ${copyrightYear(client.footerType)}`, <SiteFooterContent />),
  };
}
