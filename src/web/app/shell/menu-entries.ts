// The menus are shared with the server, which lists the same routes in the sitemap.
export { buildHeaderMenu, footerMenu, retailerMenu, type HeaderMenu } from '@common/site-menu';

/** True when a menu entry is the current page (the home entry only matches exactly). */
export function isCurrentRoute(route: string, pathname: string): boolean {
  if (route === '/') return pathname === '/';
  return pathname === route || pathname.startsWith(`${route}/`);
}
