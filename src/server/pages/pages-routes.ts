import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ClientConfig } from '../../common/client-config.js';
import { hasPageAt, shownCategoriesOf } from '../../common/category-pages.js';
import { isBackOfficePath, isPrivatePath } from '../../common/routes.js';
import { withShownCategories } from '../catalogue/shop-categories-store.js';
import type { ServerConfig } from '../config.js';
import type { AppDeps } from '../kernel/app-deps.js';
import { deferAppScripts, type BootScript } from './app-boot.js';
import { acceptedPageEncoding, compressPage } from '../kernel/compress-page.js';
import { compactCss } from './critical-css.js';
import { renderPage, takeSiteStylesheet, type SiteStylesheet } from './html.js';
import { createPageHeads } from './page-heads.js';
import { createPageCache, matchesEtag } from './page-cache.js';
import { withSiteContent } from '../../common/site-content.js';
import { readDraft } from '../clients/content-store.js';
import { findSessionOwner } from '../owners/owner-store.js';
import { sessionTokenFrom } from '../owners/session-cookie.js';
import { pageData, type PageDataOptions } from './page-data.js';
import { loadPrerender, type Prerender } from './prerender.js';
import { answerHeaders, rememberedAnswersBudget } from '../kernel/remembered-answers.js';
import { parseProductId } from '../catalogue/product-id.js';

/** `npm run dev`: the template and the prerender come from Vite, per request (src/server/dev.ts). */
export interface DevPages {
  template: (url: string) => Promise<string>;
  prerender: Prerender;
}

export interface PagesOptions extends AppDeps {
  /** The page template; defaults to the built dist/web/index.html. */
  indexHtml?: string | undefined;
  /** Set by the dev server: pages from Vite's middleware, never cached. */
  devPages?: DevPages | undefined;
  /** The built boot script, written into the built template (found once by the HTTP shell). */
  boot?: BootScript | undefined;
}

/** How long a cached page may be served with no change signal (writes made outside the app). */
const pageCacheMaxAgeMs = 5 * 60_000;

/** Files a browser asks for at the root that we do not have: a plain 404, not the app. */
const rootFiles = new Set(['robots.txt', 'favicon.ico']);

/** A text file's content, or undefined when it cannot be read. */
function readTextFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The built page template, with the app's stylesheet taken out to be written into each page
 * (decision 0084) and its scripts loaded after the first paint by a boot script
 * (docs/decisions/0014-page-speed.md).
 */
function readIndexTemplate(
  config: ServerConfig,
  boot: BootScript | undefined,
): { template: string; stylesheet?: SiteStylesheet } {
  const file = join(config.webDistDir, 'index.html');
  if (!existsSync(file)) {
    throw new Error(`The web app is not built (${file} is missing). Run "npm run build" first.`);
  }
  const { template, stylesheet } = takeSiteStylesheet(readFileSync(file, 'utf8'), (assetPath) =>
    readTextFile(join(config.webDistDir, 'assets', assetPath)),
  );
  return { template: deferAppScripts(template, boot), stylesheet };
}

/**
 * Each client's theme goes into its pages inline; read once in production, on every page in
 * development so that editing a theme shows on reload.
 */
function createThemeReader(config: ServerConfig): (client: ClientConfig) => string | undefined {
  const themes = new Map<string, string | undefined>();
  return (client) => {
    if (themes.has(client.name)) return themes.get(client.name);
    const file = readTextFile(join(config.themesDir, `${client.name}.css`));
    // Compacted: it is written into every page of the client (issue 37).
    const css = file === undefined ? undefined : compactCss(file);
    if (config.env === 'production') themes.set(client.name, css);
    return css;
  };
}

const originOf = (request: { protocol: string; host: string }) =>
  `${request.protocol}://${request.host}`;

/** Names a browser uses for this machine itself (development, tests, a health check). */
const ownMachineNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a page names (canonical and share links) and is kept under: the request's host only
 * when it is one of the client's own names or this machine, with the port only when it is the
 * server's own. Any other host (a made-up Host header that fell back to the default client) gets
 * the client's first name, so endless hosts make one cache entry, not one each (issue 30).
 */
export function canonicalOrigin(
  request: { protocol: string; hostname: string; port: number | null },
  client: ClientConfig,
  serverPort: number,
): string {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const name = request.hostname.toLowerCase().replace(/\.+$/, '');
  const port = request.port !== null && request.port === serverPort ? `:${request.port}` : '';
  if (client.hostNames.some((own) => own.toLowerCase() === name) || ownMachineNames.has(name)) {
    return `${protocol}://${name}${port}`;
  }
  return `${protocol}://${client.hostNames[0] ?? `localhost${port}`}`;
}

/**
 * The one path of a page (docs/decisions/0024-page-cache.md): `canonical` is the path itself, a path
 * with trailing slashes is sent to the one without (`redirect`), a product id written otherwise
 * than the API writes it (02, 2.0, +2, 0x2, 1e0) is sent to its plain decimal form, and an id that
 * is no number at all is a product that does not exist (`noSuchProduct`: 404, never kept).
 */
export function canonicalPagePath(
  path: string,
): { canonical: string } | { redirect: string } | { noSuchProduct: true } {
  if (path.length > 1 && path.endsWith('/')) return { redirect: path.replace(/\/+$/, '') || '/' };
  const product = /^\/product\/([^/]*)$/.exec(path);
  if (product && !/^[1-9][0-9]{0,9}$/.test(product[1]!)) {
    const id = parseProductId(product[1]!);
    return id === undefined ? { noSuchProduct: true } : { redirect: `/product/${id}` };
  }
  if (product && parseProductId(product[1]!) === undefined) return { noSuchProduct: true };
  return { canonical: path };
}

/**
 * Every path no page answers shows the same not-found screen, so it is rendered once per client
 * (and data version) under this one key, whatever path was asked for (issue 30).
 */
const notFoundKeyPath = '/\u0000not-found';
/** The path the not-found page is rendered for: one the app does not know. */
const notFoundRenderPath = '/not-found';

/**
 * A back-office or sign-in page links the back office's stylesheet at the end of its head, after
 * the site's inline one as before the two were split, so it is drawn styled from the first paint
 * (decision 0081). A visitor's page never carries it.
 */
export function withBackOfficeStylesheet(html: string, prerender: Prerender | undefined): string {
  const href = prerender?.backOfficeStylesheet;
  if (!href) return html;
  return html.replace('</head>', () => `<link rel="stylesheet" href="${href}"></head>`);
}

/**
 * The bar across the top of a previewed page: outside the app's root, so hydration never sees
 * it; the robots tag keeps a leaked preview link out of search engines.
 */
export function withPreviewBar(html: string, hasDraft: boolean): string {
  const words = hasDraft
    ? 'Preview — not published. Visitors still see the published site.'
    : 'Preview — there are no unpublished changes.';
  const bar =
    '<div class="preview-bar" role="status" style="position:sticky;top:0;z-index:1000;' +
    'background:#1d1d1b;color:#fff;padding:.5rem 1rem;font:600 1rem/1.4 system-ui,sans-serif;' +
    `text-align:center">${words} <a href="/manage/content" style="color:#fff">Back to editing</a></div>`;
  return html
    .replace('</head>', '<meta name="robots" content="noindex, nofollow"></head>')
    .replace(/<body[^>]*>/, (body) => `${body}${bar}`);
}

/**
 * The site's pages: every GET path no other route takes is a page of the app, prerendered for
 * the request's client with the data its screen reads first. A path the app knows answers 200;
 * any other still gets the app, which shows its not-found screen, with 404.
 */
export const pagesRoutes: FastifyPluginAsync<PagesOptions> = async (app, options) => {
  const { config, db, indexHtml, devPages, boot, changes, rememberedAnswers, referenceCache } =
    options;
  const { template, stylesheet } = devPages
    ? { template: '', stylesheet: undefined }
    : indexHtml !== undefined
      ? { template: indexHtml, stylesheet: undefined }
      : readIndexTemplate(config, boot);
  // Without an injected template (tests) or a prerender bundle, pages go out with an empty #root.
  const prerender =
    devPages?.prerender ??
    (indexHtml ? undefined : await loadPrerender(config.webDistDir, app.log));
  const themeCss = createThemeReader(config);
  // Pages per client, path and data version, compressed (docs/decisions/0024-page-cache.md); off in
  // development, where the code behind a page changes under it.
  // The remembered answers take their share of the same budget (remembered-answers.ts).
  const pageCacheBytes = devPages
    ? 0
    : config.pageCacheBytes - rememberedAnswersBudget(config.pageCacheBytes);
  const cache = createPageCache({
    maxBytes: pageCacheBytes,
    maxAgeMs: pageCacheMaxAgeMs,
    version: (code) => changes.contentVersion(code),
    // With Redis, a page rendered by any instance is served by every one (issue 37).
    shared: pageCacheBytes > 0 ? options.sharedPages : undefined,
  });
  options.metrics?.watchPageCache(cache);
  const stopListening = changes.onChange((code) => cache.dropClient(code));
  app.addHook('onClose', async () => stopListening());

  const headFor = createPageHeads(config.mediaDir);

  /**
   * The page's HTML, and whether it may be kept: only a page the app knows, and on /product/:id
   * only when the product exists.
   * No query string changes what a page shows today, so it is not part of the key and pages are
   * rendered without it (a screen that reads one adds that parameter to the key here). The head
   * names the site's origin (canonical and share links), so the origin is part of the key.
   */
  const pageHtml = async (
    path: string,
    client: ClientConfig,
    origin: string,
    url = path,
    dataOptions: PageDataOptions = {},
  ): Promise<{ html: string; keep: boolean }> => {
    const page = await pageData(db, referenceCache, client, path, dataOptions);
    if (isPrivatePath(path)) page.noindex = true;
    const appHtml = await prerender?.(url, client, page.queries);
    const head = await headFor(client, path, page.product, origin, page.bookingRules?.weeklyHours);
    const pageTemplate = devPages ? await devPages.template(path) : template;
    const backOffice = isBackOfficePath(path);
    const styles = stylesheet && { sheet: stylesheet, whole: backOffice };
    const html = renderPage(pageTemplate, client, appHtml, page, themeCss(client), head, styles);
    return {
      html: backOffice ? withBackOfficeStylesheet(html, prerender) : html,
      // Not kept: a product page whose product does not exist (endless such URLs). A home page
      // whose featured product is gone is still the client's one home page.
      keep: hasPageAt(path, shownCategoriesOf(client)) && page.product !== null,
    };
  };

  /**
   * The origin and path; outside production also the theme's modification time, as the theme is
   * read again for every rendered page there so that editing it shows on reload.
   */
  const cacheKey = (client: ClientConfig, origin: string, path: string): string => {
    if (config.env === 'production') return `${origin}\n${path}`;
    const theme = statSync(join(config.themesDir, `${client.name}.css`), { throwIfNoEntry: false });
    return `${theme?.mtimeMs ?? 0}\n${origin}\n${path}`;
  };

  /** Whether the cookie carries a live session of an owner of this client. */
  const isSignedIn = async (cookie: string | undefined, client: ClientConfig): Promise<boolean> => {
    const token = sessionTokenFrom(cookie, config.env === 'production');
    if (!token) return false;
    const owner = await findSessionOwner(db, token, config.ownerSession.idleMs);
    return owner?.clientCode === client.name;
  };

  app.get('/*', async (request, reply) => {
    const [rawPath = '/', query] = request.url.split(/\?(.*)/s);
    if (rootFiles.has(rawPath.slice(1))) return reply.callNotFound();
    const canonical = canonicalPagePath(rawPath);
    if ('redirect' in canonical) {
      return reply.redirect(
        query === undefined ? canonical.redirect : `${canonical.redirect}?${query}`,
        301,
      );
    }
    // A path no page answers is rendered as the one not-found page of the client. A product id
    // that is no number is the product page's own "not found" (what the browser's router shows
    // there, so the page hydrates as sent), answered 404 and never kept.
    const noSuchProduct = 'noSuchProduct' in canonical;
    // The shop's categories as the owner set them: the menu, and which category lists exist.
    const client = await withShownCategories(db, referenceCache, request.client);
    const known = hasPageAt(rawPath, shownCategoriesOf(client));
    const notFound = !noSuchProduct && !known;
    const path = rawPath;
    if (
      (request.query as Record<string, unknown>).preview === 'draft' &&
      !isPrivatePath(path) &&
      (await isSignedIn(request.headers.cookie, client))
    ) {
      // The owner's draft as a visitor would see it: this owner's answer alone, never kept.
      const draft = await readDraft(db, client.name);
      const previewed = draft ? withSiteContent(client, draft.content) : client;
      // Every previewed page carries the draft's site text, so the app shows it on any screen
      // the owner moves to (the API answers the published text).
      const { html } = await pageHtml(path, previewed, originOf(request), request.url, {
        siteTextOnEveryPage: true,
      });
      return reply
        .code(known ? 200 : 404)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .type('text/html; charset=utf-8')
        .send(withPreviewBar(html, draft !== undefined));
    }
    // The back office without a session: straight to sign-in, rather than a shell whose first API
    // call answers 401 (and whose redirect could land while React is still hydrating it).
    if (
      (path === '/manage' || path.startsWith('/manage/')) &&
      !(await isSignedIn(request.headers.cookie, client))
    ) {
      return reply.redirect(`/login?next=${encodeURIComponent(path)}`, 303);
    }
    const siteOrigin = canonicalOrigin(request, client, config.port);
    const key = cacheKey(client, siteOrigin, notFound ? notFoundKeyPath : path);
    // Sign-in and back-office screens read their query (?next=, ?token=, ?booking=): rendered with
    // it, for this answer only, so the HTML matches what the browser then hydrates.
    const page =
      isPrivatePath(path) || noSuchProduct
        ? (await pageHtml(path, client, siteOrigin, request.url)).html
        : await cache.get(
            client.name,
            key,
            async () => {
              if (!notFound) return pageHtml(path, client, siteOrigin);
              return {
                html: (await pageHtml(notFoundRenderPath, client, siteOrigin)).html,
                keep: true,
              };
            },
            acceptedPageEncoding(request.headers['accept-encoding']),
          );
    if (isPrivatePath(path)) reply.header('x-robots-tag', 'noindex, nofollow');
    reply
      .code(notFound || noSuchProduct ? 404 : 200)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // Vite's page carries an inline script (React refresh's preamble) that the policy refuses;
    // development only, production pages keep the policy.
    if (devPages) reply.removeHeader('content-security-policy');
    if (typeof page === 'string') {
      // Not kept: compressed for this answer alone (compress-page.ts says where).
      const encoding = acceptedPageEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(page);
      return reply.header('content-encoding', encoding).send(await compressPage(page, encoding));
    }
    reply.header('etag', page.etag);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const { body, encoding } = await cache.body(
      client.name,
      key,
      page,
      request.headers['accept-encoding'],
    );
    if (encoding) reply.header('content-encoding', encoding);
    // The same request again is answered from memory while this page is the one kept.
    rememberedAnswers.remember(request.raw, {
      statusCode: reply.statusCode,
      headers: answerHeaders(reply.getHeaders(), body),
      body,
      // Until the page is recompressed at its best (asking again from memory is asking again):
      // then this answer is dropped and the next one carries the best form.
      isCurrent: () =>
        cache.isCurrent(client.name, key, page) && (!encoding || page[encoding] === body),
      route: request.routeOptions.url,
      client: client.name,
    });
    return reply.send(body);
  });
};
