import { isSitePath, isWebLink } from '@common/link-rules';

/**
 * The rich-text editor's pure rules: which link addresses it accepts, and how the arrow keys move
 * along its toolbar. Kept apart from Tiptap so they are tested without a browser.
 */

export const linkAddressMessage =
  'Type a full address starting with https://, http://, mailto: or tel:, or a page of this site such as /about.';

/**
 * The address the owner typed in the link field, trimmed, or why it is refused. The same rules as
 * every other link an owner sets (src/common/link-rules.ts): `javascript:`, `data:` and
 * `vbscript:` run or carry content of their own, and `//elsewhere` is not a page of this site.
 */
export function checkLinkAddress(typed: string): { href: string } | { problem: string } {
  const href = typed.trim();
  if (href === '') return { problem: 'Type the address the words should link to.' };
  return isWebLink(href) || isSitePath(href) ? { href } : { problem: linkAddressMessage };
}

/** Whether a link already in the text (pasted, or stored earlier) is one the editor keeps. */
export const isAllowedLink = (href: string) => isWebLink(href) || isSitePath(href);

/**
 * The toolbar pattern (WAI-ARIA APG): the toolbar is one Tab stop; left and right arrows move to
 * the previous and next button, wrapping round; Home and End go to the first and last. Gives the
 * index of the button to focus, or undefined when the key is not the toolbar's.
 */
export function toolbarTarget(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
