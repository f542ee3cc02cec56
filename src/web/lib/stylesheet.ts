/**
 * Links a stylesheet at the end of the body, after every sheet the page has (a visitor's page
 * links the site's whole sheet there: decision 0084), so it comes after them as it would have in
 * one file; once, and settles when it has loaded (or failed: a
 * screen without its styles still works), so the screen that needs it is drawn styled. Linked
 * already (by the server, in the head of a page that needs it: loaded before any script runs), or
 * outside a browser (the server's prerender): nothing to wait for.
 */
export function loadStylesheet(href: string): Promise<void> {
  if (typeof document === 'undefined' || document.querySelector(`link[href="${href}"]`)) {
    return Promise.resolve();
  }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.body.append(link);
  return new Promise((resolve) => {
    link.onload = link.onerror = () => resolve();
  });
}
