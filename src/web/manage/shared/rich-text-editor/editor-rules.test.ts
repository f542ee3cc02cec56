import { describe, expect, it } from 'vitest';
import { checkLinkAddress, linkAddressMessage, toolbarTarget } from './editor-rules';

describe('the link field', () => {
  it('takes addresses elsewhere and pages of this site, trimmed', () => {
    expect(checkLinkAddress(' https://example.com/tubs ')).toEqual({
      href: 'https://example.com/tubs',
    });
    expect(checkLinkAddress('mailto:sales@example.com')).toEqual({
      href: 'mailto:sales@example.com',
    });
    expect(checkLinkAddress('tel:+441234567890')).toEqual({ href: 'tel:+441234567890' });
    expect(checkLinkAddress('/products')).toEqual({ href: '/products' });
  });

  it('refuses addresses that run code, go to another host in disguise, or are not addresses', () => {
    for (const typed of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      '//evil.example',
      '/\\evil.example',
      'example.com',
      'https://exa mple.com',
    ]) {
      expect(checkLinkAddress(typed), typed).toEqual({ problem: linkAddressMessage });
    }
    expect(checkLinkAddress('   ')).toEqual({
      problem: 'Type the address the words should link to.',
    });
  });
});

describe('the toolbar keys', () => {
  it('move right and left round the buttons, Home and End to either end', () => {
    expect(toolbarTarget('ArrowRight', 0, 4)).toBe(1);
    expect(toolbarTarget('ArrowRight', 3, 4)).toBe(0);
    expect(toolbarTarget('ArrowLeft', 0, 4)).toBe(3);
    expect(toolbarTarget('Home', 2, 4)).toBe(0);
    expect(toolbarTarget('End', 0, 4)).toBe(3);
  });

  it('leave other keys to the button', () => {
    expect(toolbarTarget('Enter', 1, 4)).toBeUndefined();
    expect(toolbarTarget('ArrowDown', 1, 4)).toBeUndefined();
    expect(toolbarTarget('ArrowRight', 0, 0)).toBeUndefined();
  });
});
