import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';

type ChildNode = DefaultTreeAdapterMap['childNode'];

/**
 * Elements a description may hold as they are: what the back office's rich-text editor writes and
 * plain formatting. Every one is in DOMPurify's HTML profile and none is in the blurb's
 * forbidden list (sanitise-html.ts), so DOMPurify keeps them unchanged.
 */
const plainElements = new Set([
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'div',
  'span',
  'hr',
  'a',
  'img',
]);

/** Attributes kept as they are, by element; any other attribute sends the text to DOMPurify. */
const plainAttributes: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'title']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
};
const noAttributes: ReadonlySet<string> = new Set(['title']);

/**
 * A link or picture address DOMPurify keeps (a stricter subset of its allowed URIs): web
 * addresses, mail and telephone links, and addresses on the site itself. No spaces or control
 * characters, which browsers strip before reading the scheme.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses.
const plainAddress = /^(?:https?:\/\/|mailto:|tel:|\/|#)[^\s\u0000-\u001f\u007f<>"'`]*$/i;
const addressAttributes = new Set(['href', 'src']);

function isPlain(node: ChildNode): boolean {
  if (node.nodeName === '#text') return true;
  if (!('tagName' in node) || node.namespaceURI !== 'http://www.w3.org/1999/xhtml') return false;
  if (!plainElements.has(node.tagName)) return false;
  const allowed = plainAttributes[node.tagName] ?? noAttributes;
  for (const { name, value } of node.attrs) {
    if (!allowed.has(name)) return false;
    // DOMPurify drops attribute values that look like markup; never take one as plain.
    if (/[<>]/.test(value)) return false;
    if (addressAttributes.has(name) && !plainAddress.test(value)) return false;
  }
  return node.childNodes.every(isPlain);
}

/**
 * Whether a description is already what DOMPurify would make of it, so that it can be used as it
 * is without loading jsdom (about 25 MB of heap and a second of start-up): only plain elements
 * and attributes (no comments, no SVG or MathML, no scripts, styles, forms, ids or classes), and
 * written exactly as the HTML serialiser writes it, so a browser parses it to the same tree.
 * Descriptions saved through the back office are stored sanitised and pass; anything else
 * (`false`) goes through DOMPurify as before. Answering `false` is always safe.
 */
export function isPlainDescription(html: string): boolean {
  // The context a description lands in: inside an element of the product page.
  const fragment = parseFragment(html);
  return fragment.childNodes.every(isPlain) && serialize(fragment) === html;
}
