import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A new screen starts at the top, as the data router's ScrollRestoration did; links to an anchor
 * on the page are left to the browser.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
