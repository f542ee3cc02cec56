import type { ClientConfig } from './client-config.js';
import { isKnownPath, routeTable } from './routes.js';
import { builtInCategories } from './built-in-categories.js';
import type { ShownCategory } from './site-menu.js';

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
/** A product list's cards: all of them (/products), or one category's (/oasis, /haircare …). */
export const productListQueryKey = (category?: string) =>
  category ? (['products', { category }] as const) : (['products'] as const);

/**
 * The shop categories a client's pages show (issue 35): those the server put in the page, in the
 * owner's order. A record without them (a test's, or one read before the server added them) has
 * the built-in ones when it has a shop, none otherwise.
 */
export function shownCategoriesOf(
  client: Pick<ClientConfig, 'usesCart' | 'shopCategories'>,
): readonly ShownCategory[] {
  return client.shopCategories ?? (client.usesCart ? builtInCategories : []);
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Which product list a path shows: 'all' for /products, a shown category's slug for /oasis,
 * /haircare or an owner's own /garden-furniture, undefined for any other path (a hidden
 * category's among them).
 */
export function productListOfPath(
  pathname: string,
  shown: readonly ShownCategory[],
): string | undefined {
  const path = withoutTrailingSlash(pathname);
  if (path === routeTable.products) return 'all';
  return shown.find((category) => `/${category.slug}` === path)?.slug;
}

/** The list's heading: "All products", or the category's name as the owner set it. */
export function productListHeading(list: string, shown: readonly ShownCategory[]): string {
  if (list === 'all') return 'All products';
  return shown.find((category) => category.slug === list)?.name ?? list;
}

const builtInPaths = new Set(builtInCategories.map((category) => `/${category.slug}`));

/**
 * Whether the client's site has a page at the path: the route table's, except that a category's
 * list exists only while the category is shown (a hidden one, or another shop's built-in, is not
 * found) and an owner's new category has one at /its-slug.
 */
export function isSitePath(pathname: string, shown: readonly ShownCategory[]): boolean {
  const path = withoutTrailingSlash(pathname);
  if (shown.some((category) => `/${category.slug}` === path)) return true;
  if (builtInPaths.has(path)) return false;
  return isKnownPath(path);
}

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
