import type { ClientConfig } from '../../common/client-config.js';
import { hasPageAt, shownCategoriesOf } from '../../common/category-pages.js';
import { routeTable } from '../../common/routes.js';
import { buildHeaderMenu, footerMenu } from '../../common/site-menu.js';
import { escapeHtml } from '../kernel/escape-html.js';
import { isNoindexPath } from '../pages/page-head.js';

/**
 * /sitemap.xml and /robots.txt for one client (issue 15): only that client's real pages, never a
 * page kept out of search results. Pure; seo-routes.ts gives them the products and the dates.
 */

/**
 * The paths the client's site offers: its menus' routes (the shop's shown categories among them,
 * as the owner ordered and named them; a hidden one is left out), its own pages, the privacy
 * notice, its products.
 */
export function sitemapPaths(client: ClientConfig, productIds: number[]): string[] {
  const menu = buildHeaderMenu(client);
  const paths = [
    ...menu.entries.map((item) => item.route),
    ...(menu.showContactButton ? [routeTable.contact] : []),
    ...footerMenu.map((item) => item.route),
    ...Object.keys(client.pages),
    ...(client.booking ? [routeTable.booking] : []),
    routeTable.privacy,
    ...productIds.map((id) => `/product/${id}`),
  ];
  const shown = shownCategoriesOf(client);
  return [...new Set(paths)].filter((path) => hasPageAt(path, shown) && !isNoindexPath(path));
}

/** The sitemap protocol's XML (sitemaps.org), every page with the same last-modified time. */
export function sitemapXml(origin: string, paths: string[], lastModified: Date): string {
  const lastmod = lastModified.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const urls = paths.map(
    (path) =>
      `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc><lastmod>${lastmod}</lastmod></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Crawlers may read every page but the API and the back office. Pages that must stay out of
 * results (checkout, orders, sign-in) say noindex in their head instead: a Disallow would stop
 * a crawler from ever reading that noindex (docs/decisions/0025-page-head.md).
 */
export function robotsTxt(client: ClientConfig, origin: string): string {
  return [
    `# ${client.title}`,
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /manage',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
