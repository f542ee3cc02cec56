import { escapeHtml } from '../kernel/escape-html.js';

/**
 * HTML that has been through sanitiseCartTable. The brand stops any other string from being
 * inserted raw into an e-mail body by mistake.
 */
export type SanitisedHtml = string & { readonly __sanitisedHtml: unique symbol };

/** The only elements a cart table may keep; every attribute is dropped. */
const allowedTags = new Set(['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);
/** Elements whose content is dropped along with the tag, not kept as text. */
const droppedWithContent = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'xmp',
  'plaintext',
]);

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  pound: '£',
  euro: '€',
};

/** Decodes the entities a cart table plausibly carries, so escaping does not double them. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return namedEntities[body.toLowerCase()] ?? whole;
  });
}

const tagPattern = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const commentPattern = /<!--[\s\S]*?-->|<![^>]*>|<\?[^>]*>/y;

/**
 * Reduces visitor-supplied HTML to a plain table: table, caption, thead, tbody, tfoot, tr, th
 * and td without attributes, plus escaped text. Scripts, styles and their content go; any other
 * tag is removed and its text kept; unclosed elements are closed.
 */
export function sanitiseCartTable(input: string): SanitisedHtml {
  const out: string[] = [];
  const open: string[] = [];
  let dropDepth = 0;
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    const textEnd = lt === -1 ? input.length : lt;
    if (textEnd > i) {
      if (dropDepth === 0) out.push(escapeHtml(decodeEntities(input.slice(i, textEnd))));
      i = textEnd;
      continue;
    }
    commentPattern.lastIndex = i;
    if (commentPattern.test(input)) {
      i = commentPattern.lastIndex;
      continue;
    }
    tagPattern.lastIndex = i;
    const match = tagPattern.exec(input);
    if (!match) {
      // A lone '<' is text.
      if (dropDepth === 0) out.push(escapeHtml('<'));
      i += 1;
      continue;
    }
    i = tagPattern.lastIndex;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    if (droppedWithContent.has(name)) {
      dropDepth = closing ? Math.max(0, dropDepth - 1) : dropDepth + 1;
      continue;
    }
    if (dropDepth > 0 || !allowedTags.has(name)) continue;
    if (closing) {
      const index = open.lastIndexOf(name);
      if (index === -1) continue;
      while (open.length > index) out.push(`</${open.pop()}>`);
    } else {
      out.push(`<${name}>`);
      open.push(name);
    }
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('') as SanitisedHtml;
}

/** The plain-text alternative of a sanitised table: one line per row, cells separated by ' | '. */
export function cartTableToText(html: SanitisedHtml): string {
  return decodeEntities(
    html
      .replace(/<\/t[hd]>\s*(?=<t[hd]>)/g, ' | ')
      .replace(/<\/(tr|caption)>/g, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
