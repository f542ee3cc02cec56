import { useEffect } from 'react';

/**
 * Marks the page as answering to input: `data-app-ready` on `<html>`. Rendered at the end of each
 * route's screen, inside the screen's Suspense boundary, because React hydrates such a boundary
 * after the shell around it; marking from the shell said "ready" while the screen's buttons and
 * forms still had no handlers. The boot script replays a visitor's early press or submit when the
 * mark appears (src/web/app/load-app-after-paint.ts), and the browser tests wait for it.
 */
export function MarkAppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}
