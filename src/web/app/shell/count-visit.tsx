import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Tells the server a person is looking at this page (issue 34, docs/decisions/0068-...): one
 * body-less beacon per page shown, the first after hydration, then one per move in the app. Sent
 * by script, so crawlers that run none are never counted; no cookie, no identifier, the path only.
 */
export function CountVisit() {
  const { pathname } = useLocation();
  useEffect(() => {
    navigator.sendBeacon?.(`/api/visit?path=${encodeURIComponent(pathname)}`);
  }, [pathname]);
  return null;
}
