/**
 * Query data the server looked up for the page it sends (the product of /product/:id, the
 * treatments of /booking, a product list, the reviews, the home page's featured product), so the prerendered HTML already shows it and the browser does not ask
 * for it again (docs/decisions/0014-page-speed.md). It travels in a JSON data block beside the client
 * config.
 */
export interface PrefetchedQuery {
  /** The TanStack Query key the screen uses for this data. */
  queryKey: readonly unknown[];
  /** What the query function would have resolved with (null: the client has no such product). */
  data: unknown;
}

/** The id of the `<script type="application/json">` element that carries the queries. */
export const pageDataElementId = 'page-data';

/** The id of the `<script type="application/json">` element that carries the client record. */
export const clientConfigElementId = 'client-config';

/**
 * Query keys, one per resource, shared so the server seeds exactly what the screens read. A
 * product is cached under one key wherever it shows (its page, the home page's featured product).
 */
export const productQueryKey = (id: string) => ['product', id] as const;
export const bookingCategoriesQueryKey = ['booking', 'categories'] as const;
export const activeTreatmentsQueryKey = ['booking', 'treatments', 'active'] as const;
/** The visitor's share of the owner's booking rules (visitor-booking-rules.ts). */
export const visitorBookingRulesQueryKey = ['booking', 'rules'] as const;
export const reviewsQueryKey = ['reviews'] as const;
/** The record's long texts (site-text.ts): one query for the home page and the content pages. */
export const siteTextQueryKey = ['site-text'] as const;
/** A product list's cards: all of them (/products), or one category's (/oasis, /haircare …). */
export const productListQueryKey = (category?: string) =>
  category ? (['products', { category }] as const) : (['products'] as const);

/** The `:id` of /product/:id as the browser's router decodes it, or undefined for other paths. */
export function productIdOfPath(pathname: string): string | undefined {
  const match = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}
