import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@common/client-config';
import { siteTextQueryKey } from '@common/page-data';
import { siteTextOf, type SiteText } from '@common/site-text';
import { apiJson } from './api-client';
import { siteTextShapeProblems } from './client-config';

/** The site text of the published record: /api/client answers the whole record. */
export async function getSiteText(): Promise<SiteText> {
  const record = await apiJson('/api/client');
  const problems = siteTextShapeProblems(record);
  if (problems.length > 0) throw new Error(`site text fields: ${problems.join(', ')}`);
  // The shape check above covers the fields siteTextOf reads; the server ran the full schema.
  return siteTextOf(record as ClientConfig);
}

/**
 * The site text, under the key the server seeds it with (src/server/pages/page-data.ts). It is
 * fixed for the visit, as the page's record is: it changes only when the owner publishes, and a
 * previewed page's draft (which the API does not answer) must not give way to the published text
 * when the screen mounts again later, so it is never stale and never dropped from the cache.
 */
export const siteTextQuery = queryOptions({
  queryKey: siteTextQueryKey,
  queryFn: getSiteText,
  staleTime: Infinity,
  gcTime: Infinity,
});

/**
 * The site text for a screen inside the query cache (withQueryClient). Until it is there (an
 * in-app move to a screen whose page did not carry it), the screen suspends: the router shows its
 * loading line; a failure reaches the screen's error boundary, with its Try again.
 */
export function useSiteText(): SiteText {
  return useSuspenseQuery(siteTextQuery).data;
}
