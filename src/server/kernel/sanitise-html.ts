import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import { isPlainDescription } from './clean-html-check.js';

/**
 * Product descriptions are HTML from the store (DESIGN.md: DOMPurify, never rendered
 * unsanitised). The server sanitises them before they leave it — in the API and in the
 * prerendered page — so the description is part of the first HTML and the browser needs no
 * sanitiser of its own (about 9 KB gzipped less on the product page). DOMPurify needs a DOM;
 * jsdom provides it here, loaded on the first description that is not already plain
 * (clean-html-check.ts): descriptions saved through the back office are stored sanitised, so a
 * server whose descriptions are all plain never loads it (about 25 MB of heap, 60 MB of RSS and a
 * second of start-up; docs/decisions/0082-memory-of-a-thousand-clients.md).
 */
const blurbConfig: Config = {
  USE_PROFILES: { html: true },
  // Forms and their controls: a description is words, never a place to collect a card number.
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'optgroup',
    'datalist',
    'fieldset',
    'legend',
    'label',
    'output',
  ],
  // `id` and `name` can clobber the page's own elements (id="client-config" stopped the app from
  // starting); `style` and `class` can lay a full-page overlay over the site. The site styles the
  // description itself.
  FORBID_ATTR: ['id', 'name', 'style', 'class'],
};

let purifier: Promise<DOMPurify> | undefined;

async function loadPurifier(): Promise<DOMPurify> {
  const { JSDOM } = await import('jsdom');
  // jsdom's window has everything DOMPurify uses; its types differ from the DOM library's.
  const purify = createDOMPurify(new JSDOM('').window as unknown as WindowLike);
  if (!purify.isSupported) throw new Error('DOMPurify cannot run on this DOM');
  return purify;
}

/** DOMPurify's answer, always through jsdom (the shortcut's tests compare against it). */
export async function purifyBlurb(html: string): Promise<string> {
  purifier ??= loadPurifier();
  return (await purifier).sanitize(html, blurbConfig);
}

/** The same description comes back on every request for a product: sanitise it once. */
const sanitised = new Map<string, string>();

export async function sanitiseBlurb(html: string): Promise<string> {
  const known = sanitised.get(html);
  if (known !== undefined) return known;
  const clean = isPlainDescription(html) ? html : await purifyBlurb(html);
  if (sanitised.size >= 1000) sanitised.clear();
  sanitised.set(html, clean);
  return clean;
}
