import type { PublicClientConfig } from '@common/site-text';
import { buildHeaderMenu } from '@common/site-menu';

// The menus are shared with the server, which lists the same routes in the sitemap.
export { buildHeaderMenu, footerMenu, retailerMenu, type HeaderMenu } from '@common/site-menu';

/** True when a menu entry is the current page (the home entry only matches exactly). */
export function isCurrentRoute(route: string, pathname: string): boolean {
  if (route === '/') return pathname === '/';
  return pathname === route || pathname.startsWith(`${route}/`);
}

/**
 * The header's links that are the current page at `pathname`: all that differs between the
 * headers of one client's pages, so the key the server keeps a rendered header under.
 */
export function currentMenuRoutes(client: PublicClientConfig, pathname: string): string[] {
  const menu = buildHeaderMenu(client);
  const routes = menu.entries.map((item) => item.route);
  if (menu.showCartLink) routes.push('/cart');
  return routes.filter((route) => isCurrentRoute(route, pathname));
}
