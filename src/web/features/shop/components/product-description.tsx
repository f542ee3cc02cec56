import DOMPurify from 'dompurify';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * Product descriptions are HTML from the store (DESIGN.md): they are sanitised before they reach
 * the page, so a script, an event handler or a javascript: link in a blurb never runs.
 */
export function sanitiseBlurb(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}

const subscribeToNothing = () => () => {};

/**
 * DOMPurify needs a browser DOM; without one (the server's prerender) it would hand the HTML back
 * unsanitised. So the description is drawn in the browser only: empty on the server and in the
 * render that hydrates, filled in right after.
 */
export function ProductDescription({ html }: { html: string }) {
  const canSanitise = useSyncExternalStore(
    subscribeToNothing,
    () => DOMPurify.isSupported,
    () => false,
  );
  const clean = useMemo(() => (canSanitise ? sanitiseBlurb(html) : ''), [canSanitise, html]);
  return <div className="product-description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
