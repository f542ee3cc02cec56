import DOMPurify from 'dompurify';
import { useMemo } from 'react';

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

export function ProductDescription({ html }: { html: string }) {
  const clean = useMemo(() => sanitiseBlurb(html), [html]);
  return <div className="product-description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
