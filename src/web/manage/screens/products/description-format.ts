/**
 * The description editor's buttons, as pure edits of the text and its selection: each wraps what
 * the owner selected in the few HTML tags the site keeps (the server sanitises whatever is saved,
 * docs/decisions/product-html-sanitised-on-server.md). No rich-text library: a textarea stays
 * what a keyboard and a screen reader already know.
 */
export type DescriptionFormat = 'bold' | 'italic' | 'list' | 'link';

export interface TextEdit {
  text: string;
  /** The selection after the edit (what the owner would type over next). */
  selectionStart: number;
  selectionEnd: number;
}

/** The address the link button puts in, selected so the owner types the real one over it. */
export const linkPlaceholder = 'https://';

function wrap(text: string, start: number, end: number, open: string, close: string): TextEdit {
  const selected = text.slice(start, end);
  return {
    text: text.slice(0, start) + open + selected + close + text.slice(end),
    selectionStart: start + open.length,
    selectionEnd: start + open.length + selected.length,
  };
}

/** Each non-empty line becomes an item, as typed (any tags in it are the sanitiser's to judge). */
function listOf(lines: string[]): string {
  const items = lines.map((line) => line.trim()).filter((line) => line.length > 0);
  if (items.length === 0) items.push('');
  return `<ul>\n${items.map((item) => `  <li>${item}</li>`).join('\n')}\n</ul>`;
}

/**
 * Applies a button to the selection `start`–`end` of `text`: bold and italic wrap it in
 * <strong>/<em>; list makes each selected line (each line touched by the selection) an item of
 * a <ul>; link wraps it in <a href="https://"> with the address selected.
 */
export function applyFormat(
  text: string,
  start: number,
  end: number,
  format: DescriptionFormat,
): TextEdit {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  switch (format) {
    case 'bold':
      return wrap(text, from, to, '<strong>', '</strong>');
    case 'italic':
      return wrap(text, from, to, '<em>', '</em>');
    case 'link': {
      const open = `<a href="${linkPlaceholder}">`;
      const edit = wrap(text, from, to, open, '</a>');
      const address = from + '<a href="'.length;
      return { ...edit, selectionStart: address, selectionEnd: address + linkPlaceholder.length };
    }
    case 'list': {
      // Whole lines: from the start of the first line touched to the end of the last (a
      // selection ending at the start of a line does not touch that line).
      const lineStart = from === 0 ? 0 : text.lastIndexOf('\n', from - 1) + 1;
      const nextBreak = text.indexOf('\n', to > from && text[to - 1] === '\n' ? to - 1 : to);
      const lineEnd = nextBreak === -1 ? text.length : nextBreak;
      const list = listOf(text.slice(lineStart, lineEnd).split('\n'));
      const firstItem = lineStart + '<ul>\n  <li>'.length;
      return {
        text: text.slice(0, lineStart) + list + text.slice(lineEnd),
        selectionStart: firstItem,
        selectionEnd: lineStart + list.length - '</li>\n</ul>'.length,
      };
    }
  }
}

/** The keyboard shortcuts of the editor (Ctrl or ⌘ with the key). */
export function formatOfShortcut(key: string): DescriptionFormat | undefined {
  switch (key.toLowerCase()) {
    case 'b':
      return 'bold';
    case 'i':
      return 'italic';
    case 'k':
      return 'link';
    default:
      return undefined;
  }
}
