import type { ClientConfig } from './client-config';
import { contentPaths, routeTable } from './routes';

/**
 * The client record's long texts (issue 37, "lean HTML"): the home page's blocks, its welcome, the
 * about text and the content pages. Only the home page and the content pages show them, so they
 * are not part of the record every page carries; those screens read them with one query, which
 * the server seeds on the pages that show them (src/server/pages/page-data.ts).
 */
export const siteTextKeys = ['home', 'welcome', 'about', 'pages'] as const;
export type SiteTextKey = (typeof siteTextKeys)[number];
export type SiteText = Pick<ClientConfig, SiteTextKey>;

/**
 * The client record as the browser gets it in every page: everything public but the site text,
 * and nothing server-only (the host names, which would list every domain a client runs under).
 */
export type PublicClientConfig = Omit<ClientConfig, SiteTextKey | 'hostNames'>;

/** The site text of a record (a published one, or one with the owner's draft in place). */
export function siteTextOf(client: ClientConfig): SiteText {
  return { home: client.home, welcome: client.welcome, about: client.about, pages: client.pages };
}

/** The record without its site text and host names: what every page embeds. */
export function publicPartOf(client: ClientConfig): PublicClientConfig {
  const record: Record<string, unknown> = { ...client };
  for (const key of [...siteTextKeys, 'hostNames']) delete record[key];
  return record as PublicClientConfig;
}

const siteTextPaths = new Set<string>([routeTable.home, ...contentPaths]);

/** Whether the screen at `pathname` shows site text: the home page and every content route. */
export function showsSiteText(pathname: string): boolean {
  return siteTextPaths.has(pathname);
}
