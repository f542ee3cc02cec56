/**
 * A product's description: HTML from the store. The server sanitised it with DOMPurify before
 * it left (src/server/sanitise-html.ts) — in the API answer and in the prerendered page — so a
 * script, an event handler or a javascript: link in a blurb never reaches the browser, and the
 * description is in the first HTML rather than drawn after a sanitiser has loaded.
 */
export function ProductDescription({ html }: { html: string }) {
  return <div className="product-description" dangerouslySetInnerHTML={{ __html: html }} />;
}
