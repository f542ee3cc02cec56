import { isKnownPath, isPrivatePath } from '../../common/routes.js';

/**
 * What counts as a visit (docs/decisions/0068-...), pure. The beacon comes from the page's own
 * script, so crawlers that run none never send one; those that do are told apart by their user
 * agent. Only the site's own public pages are counted, by path alone (no query string, which may
 * carry anything), so junk paths cannot grow the table.
 */
const botUserAgent =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|lighthouse|pagespeed|headless|phantomjs|python|curl|wget|httpclient|go-http-client|java\/|okhttp|node-fetch|axios/i;

/** True for a crawler, a preview fetcher, a headless browser or a script's HTTP library. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || botUserAgent.test(userAgent);
}

/** The longest path stored; the site's own are far shorter. */
export const longestVisitPath = 120;

/** The path a beacon names, as counted: no query or fragment, no trailing slash; or undefined. */
export function visitPathFrom(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !raw.startsWith('/')) return undefined;
  const bare = raw.split(/[?#]/, 1)[0]!;
  const path = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  if (path.length > longestVisitPath) return undefined;
  return isKnownPath(path) && !isPrivatePath(path) ? path : undefined;
}
