import { builtInCategories } from './built-in-categories.js';
import type { ClientConfig } from './client-config.js';
import { isKnownPath, routeTable } from './routes.js';
import type { ShownCategory } from './site-menu.js';

// Which category lists a client's site has (issue 35): apart from page-data.ts, which every page
// loads first, so that only the list screen and the server carry this.

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
export function hasPageAt(pathname: string, shown: readonly ShownCategory[]): boolean {
  const path = withoutTrailingSlash(pathname);
  if (shown.some((category) => `/${category.slug}` === path)) return true;
  if (builtInPaths.has(path)) return false;
  return isKnownPath(path);
}
