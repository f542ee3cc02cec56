import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  isSitePath,
  isWebLink,
  linkMessages,
  sitePathSchema,
  webLinkSchema,
} from './link-rules.js';

describe('link rules', () => {
  it('takes http(s), mailto and tel addresses', () => {
    for (const fine of [
      'https://www.facebook.com/rubyrosebeautylinlithgow',
      'https://wa.me/447700900418',
      'http://example.com/a?b=c#d',
      'mailto:hello@example.com',
      'tel:+441315550100',
    ]) {
      expect(isWebLink(fine), fine).toBe(true);
    }
  });

  it('refuses scripts, data, other schemes and disguised ones', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/',
      'https://exa mple.com/',
      'https://example.com/\u0000',
      'https://',
      'mailto:',
      '/about',
      'www.facebook.com/x',
      '',
    ]) {
      expect(isWebLink(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes paths of this site', () => {
    for (const fine of ['/', '/about', '/product/2', '/services#prices', '/booking?t=1']) {
      expect(isSitePath(fine), fine).toBe(true);
    }
  });

  it('refuses another host written as a path, and anything not a path', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'about',
      '',
    ]) {
      expect(isSitePath(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('gives the field its message', () => {
    const web = z.safeParse(webLinkSchema(), 'javascript:alert(1)');
    expect(web.success ? [] : web.error.issues.map((issue) => issue.message)).toEqual([
      linkMessages.webLink,
    ]);
    const path = z.safeParse(sitePathSchema(), '//evil.example');
    expect(path.success ? [] : path.error.issues.map((issue) => issue.message)).toEqual([
      linkMessages.sitePath,
    ]);
    expect(z.parse(webLinkSchema(), ' https://example.com/ ')).toBe('https://example.com/');
  });
});
