import { describe, expect, it } from 'vitest';
import { applyFormat, formatOfShortcut } from './description-format';

/** The text with the selection marked [like this]. */
function marked(edit: { text: string; selectionStart: number; selectionEnd: number }): string {
  const { text, selectionStart: s, selectionEnd: e } = edit;
  return `${text.slice(0, s)}[${text.slice(s, e)}]${text.slice(e)}`;
}

describe('the description editor buttons', () => {
  it('wraps the selection in strong or em and keeps it selected', () => {
    expect(marked(applyFormat('Deep seats', 0, 4, 'bold'))).toBe('<strong>[Deep]</strong> seats');
    expect(marked(applyFormat('Deep seats', 5, 10, 'italic'))).toBe('Deep <em>[seats]</em>');
  });

  it('puts empty tags at the cursor when nothing is selected, ready to type into', () => {
    expect(marked(applyFormat('Deep', 4, 4, 'bold'))).toBe('Deep<strong>[]</strong>');
  });

  it('makes a link of the selection with its address selected to type over', () => {
    expect(marked(applyFormat('See the manual', 8, 14, 'link'))).toBe(
      'See the <a href="[https://]">manual</a>',
    );
  });

  it('makes each line the selection touches an item of a list, leaving other lines alone', () => {
    const text = 'Features:\nSeats six\nLED lights\n\nMore below';
    const edit = applyFormat(text, 12, 22, 'list');
    expect(edit.text).toBe(
      'Features:\n<ul>\n  <li>Seats six</li>\n  <li>LED lights</li>\n</ul>\n\nMore below',
    );
    expect(edit.text.slice(edit.selectionStart, edit.selectionEnd)).toBe(
      'Seats six</li>\n  <li>LED lights',
    );
  });

  it('starts an empty list item on an empty line', () => {
    expect(marked(applyFormat('', 0, 0, 'list'))).toBe('<ul>\n  <li>[]</li>\n</ul>');
  });

  it('knows Ctrl+B, Ctrl+I and Ctrl+K, and no other key', () => {
    expect(['b', 'I', 'k', 'x'].map(formatOfShortcut)).toEqual([
      'bold',
      'italic',
      'link',
      undefined,
    ]);
  });
});
