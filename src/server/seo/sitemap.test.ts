import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSeed } from '../db/seed.js';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap.js';

const clients = readSeed(join(import.meta.dirname, '../../../seed')).clients;
const byCode = (code: string) => clients.find((c) => c.name === code)!;

describe('sitemapPaths', () => {
  it("lists the menus' routes, the record's pages, the privacy notice and the products, once each", () => {
    const paths = sitemapPaths(byCode('SE'), [2, 1]);
    expect(paths).toEqual([
      '/',
      '/oasis',
      '/sunbeach',
      '/spas',
      '/documentation',
      '/about',
      '/cookies',
      '/faqs',
      '/privacy',
      '/product/2',
      '/product/1',
    ]);
  });

  it('leaves out the cart and anything kept out of search results', () => {
    const bbg = sitemapPaths(byCode('BBG'), []);
    expect(bbg).toContain('/groceries');
    expect(bbg).not.toContain('/cart');
    const withLogin = sitemapPaths(
      {
        ...byCode('PI'),
        menuItems: [
          { route: '/login', display: 'Sign in' },
          { route: '/checkout', display: 'x' },
        ],
      },
      [],
    );
    expect(withLogin).not.toContain('/login');
    expect(withLogin).not.toContain('/checkout');
  });

  it("adds a booking client's booking page and a DQ header's contact button", () => {
    const rrb = sitemapPaths(
      { ...byCode('RRB'), headerType: 'DQ', menuItems: [{ route: '/', display: 'Home' }] },
      [],
    );
    expect(rrb).toContain('/booking');
    expect(rrb).toContain('/contact');
  });
});

describe('sitemapXml', () => {
  it('escapes addresses and gives each its last change', () => {
    const xml = sitemapXml(
      'https://example.co.uk',
      ['/', '/a&b'],
      new Date('2026-11-20T10:11:12.345Z'),
    );
    expect(xml).toContain('<loc>https://example.co.uk/a&#38;b</loc>');
    expect(xml.match(/<lastmod>2026-11-20T10:11:12Z<\/lastmod>/g)).toHaveLength(2);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
  });
});

describe('robotsTxt', () => {
  it('points at the sitemap and keeps crawlers out of the API and back office only', () => {
    const text = robotsTxt(byCode('JS'), 'https://www.jetsettravelclub.co.uk');
    expect(text).toContain('Sitemap: https://www.jetsettravelclub.co.uk/sitemap.xml');
    expect(text.match(/^Disallow: .*$/gm)).toEqual(['Disallow: /api/', 'Disallow: /manage']);
  });
});
