import type { ClientConfig, MenuItem } from './client-config';

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

/**
 * Which links the header shows. The retailer layout has its fixed links; every other layout uses
 * the configured menuItems. Entries without a cart are dropped when the client has no cart.
 * Shared: the browser draws the menu, the server lists the same routes in the sitemap.
 */
export function buildHeaderMenu(
  client: Pick<ClientConfig, 'headerType' | 'menuItems' | 'usesCart'>,
): HeaderMenu {
  const configured = client.headerType === 'SE' ? retailerMenu : client.menuItems;
  const entries = configured.filter((item) => client.usesCart || item.route !== '/cart');
  return {
    entries,
    showCartLink: client.usesCart && !entries.some((item) => item.route === '/cart'),
    showContactButton: client.headerType === 'DQ',
  };
}
