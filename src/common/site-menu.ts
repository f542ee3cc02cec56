import type { ClientConfig, MenuItem } from './client-config';
import { builtInCategories, builtInCategoryName } from './built-in-categories.js';

/** The retailer's fixed header links (spec section 2), in the spec's order. */
export const retailerMenu: MenuItem[] = [
  { route: '/', display: 'Home' },
  { route: '/cart', display: 'Cart' },
  { route: '/oasis', display: 'Oasis spas' },
  { route: '/sunbeach', display: 'Sunbeach spas' },
  { route: '/spas', display: 'Swim spas' },
  { route: '/documentation', display: 'Instructions' },
  { route: '/about', display: 'Contact us' },
];

/** The footer menu every layout shows; the privacy notice is linked from every page (issue 15). */
export const footerMenu: MenuItem[] = [
  { route: '/', display: 'Home' },
  { route: '/cookies', display: 'Cookies' },
  { route: '/faqs', display: 'FAQs' },
  { route: '/privacy', display: 'Privacy' },
];

export interface HeaderMenu {
  entries: MenuItem[];
  /** A separate cart link, shown only for cart clients whose menu does not already link to it. */
  showCartLink: boolean;
  /** The business header's Contact Us button to /contact. */
  showContactButton: boolean;
}

/** A shown shop category as the pages carry it (ClientConfig.shopCategories). */
export interface ShownCategory {
  slug: string;
  name: string;
}

const builtInSlugs = new Set(builtInCategories.map((c) => c.slug));

/**
 * The menu with its category links following the owner's categories (issue 35): the links to
 * category lists (a built-in slug's route, or a shown category's) are replaced, where the first of
 * them stood, by one link per shown category in the owner's order. A category keeps the menu's
 * own words (the spec's "Oasis spas", BBG's "Haircare") until the owner renames it; then the menu
 * says its new name. A hidden category is not in `shown`, so it leaves the menu. A menu with no
 * category link gets the categories after its /products link, else after Home, else first.
 */
export function withShopCategories(menu: MenuItem[], shown: readonly ShownCategory[]): MenuItem[] {
  const shownSlugs = new Set(shown.map((c) => c.slug));
  const isCategoryLink = (item: MenuItem) => {
    const slug = item.route.slice(1);
    return builtInSlugs.has(slug) || shownSlugs.has(slug);
  };
  const menuWords = new Map(
    menu.filter(isCategoryLink).map((item) => [item.route.slice(1), item.display]),
  );
  const links = shown.map((category) => ({
    route: `/${category.slug}`,
    display:
      category.name === builtInCategoryName(category.slug)
        ? (menuWords.get(category.slug) ?? category.name)
        : category.name,
  }));
  const first = menu.findIndex(isCategoryLink);
  const rest = menu.filter((item) => !isCategoryLink(item));
  let at: number;
  if (first !== -1) at = menu.slice(0, first).filter((item) => !isCategoryLink(item)).length;
  else {
    const anchor = [
      rest.findIndex((i) => i.route === '/products'),
      rest.findIndex((i) => i.route === '/'),
    ].find((i) => i !== -1);
    at = anchor === undefined ? 0 : anchor + 1;
  }
  return [...rest.slice(0, at), ...links, ...rest.slice(at)];
}

/**
 * Which links the header shows. The retailer layout has its fixed links; every other layout uses
 * the configured menuItems. When the page carries the shop's categories, the category links follow
 * them (withShopCategories). Entries without a cart are dropped when the client has no cart.
 * Shared: the browser draws the menu, the server lists the same routes in the sitemap.
 */
export function buildHeaderMenu(
  client: Pick<ClientConfig, 'headerType' | 'menuItems' | 'usesCart' | 'shopCategories'>,
): HeaderMenu {
  const base = client.headerType === 'SE' ? retailerMenu : client.menuItems;
  const configured =
    client.usesCart && client.shopCategories
      ? withShopCategories(base, client.shopCategories)
      : base;
  const entries = configured.filter((item) => client.usesCart || item.route !== '/cart');
  return {
    entries,
    showCartLink: client.usesCart && !entries.some((item) => item.route === '/cart'),
    showContactButton: client.headerType === 'DQ',
  };
}
