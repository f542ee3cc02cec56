import type { QueryClient } from '@tanstack/react-query';
import { pageDataElementId, type PrefetchedQuery } from '@common/page-data';

const isPrefetchedQuery = (value: unknown): value is PrefetchedQuery =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Partial<PrefetchedQuery>).queryKey) &&
  'data' in value;

/** The queries the server sent with the page; an absent or unreadable block is no queries. */
export function readPageQueries(document: Document): PrefetchedQuery[] {
  const text = document.getElementById(pageDataElementId)?.textContent;
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isPrefetchedQuery) : [];
  } catch {
    return [];
  }
}

/** Puts the page's prefetched data into a query cache, unless the cache already has newer. */
export function seedQueries(client: QueryClient, source: Document | PrefetchedQuery[]): void {
  const queries = Array.isArray(source) ? source : readPageQueries(source);
  for (const { queryKey, data } of queries) {
    if (client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, data);
  }
}
