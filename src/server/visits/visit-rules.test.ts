import { describe, expect, it } from 'vitest';
import { isBotUserAgent, visitPathFrom } from './visit-rules.js';

describe('what counts as a visit', () => {
  it('tells crawlers, previews, headless browsers and scripts from people', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.32',
      '',
      undefined,
    ]) {
      expect(isBotUserAgent(agent), String(agent)).toBe(true);
    }
    for (const agent of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ]) {
      expect(isBotUserAgent(agent), agent).toBe(false);
    }
  });

  it('counts the public pages by path alone', () => {
    expect(visitPathFrom('/')).toBe('/');
    expect(visitPathFrom('/booking?utm_source=x#top')).toBe('/booking');
    expect(visitPathFrom('/about/')).toBe('/about');
    expect(visitPathFrom('/product/1001')).toBe('/product/1001');
  });

  it('drops private, unknown, overlong and malformed paths', () => {
    for (const raw of [
      '/manage/diary',
      '/login',
      '/booking/manage/' + 'a'.repeat(43),
      '/wp-admin',
      '/product/' + 'x'.repeat(200),
      'https://elsewhere.example/',
      '',
      42,
      undefined,
    ]) {
      expect(visitPathFrom(raw), String(raw)).toBeUndefined();
    }
  });
});
