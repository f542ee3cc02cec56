import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import type { Product } from '../../common/catalogue.js';
import { readSeed } from '../db/seed.js';
import {
  buildPageHead,
  clip,
  isNoindexPath,
  renderHeadTags,
  shareImageFile,
  shareImagePath,
  siteOrigin,
  type PageHeadInput,
} from './page-head.js';

const root = join(import.meta.dirname, '../../..');
const clients = readSeed(join(root, 'seed')).clients;
const byCode = (code: string) => clients.find((c) => c.name === code)!;
const se = byCode('SE');
const rrb = byCode('RRB');

const image = { path: shareImageFile, width: 1200, height: 630, alt: 'logo' };
const input = (overrides: Partial<PageHeadInput>): PageHeadInput => ({
  client: se,
  path: '/',
  known: true,
  image,
  requestOrigin: 'http://localhost:3000',
  ...overrides,
});

const product: Product = {
  id: 7,
  title: 'Oasis Test & Co',
  price: 4999,
  category: 'oasis',
  blurb: '<p>A tub &amp; a lounger.</p><ul><li>Jets</li></ul>',
  picture: '/media/SE/pics/7/cover.jpeg',
  listingPictures: ['/media/SE/pics/7/1.jpeg'],
};

describe('siteOrigin', () => {
  it("is the record's first host name, https unless it is a local name", () => {
    expect(siteOrigin({ ...se, hostNames: ['www.example.co.uk', 'se.localhost'] })).toBe(
      'https://www.example.co.uk',
    );
    expect(siteOrigin({ ...se, hostNames: ['se.localhost'] })).toBe('http://se.localhost');
    expect(siteOrigin({ ...se, hostNames: [] })).toBeUndefined();
  });
});

describe('buildPageHead', () => {
  it("keeps the client's own title on the home page and names the screen elsewhere", () => {
    expect(buildPageHead(input({})).title).toBe(se.title);
    expect(buildPageHead(input({ path: '/oasis' })).title).toBe(`Oasis hot tubs | ${se.title}`);
    expect(buildPageHead(input({ client: rrb, path: '/nails' })).title).toBe(
      `Nails & Waxing | ${rrb.title}`,
    );
    expect(buildPageHead(input({ path: '/about' })).title).toBe(
      `${se.about.heading} | ${se.title}`,
    );
    expect(buildPageHead(input({ path: '/cookies' })).title).toBe(`Cookies | ${se.title}`);
    expect(buildPageHead(input({ path: '/privacy' })).title).toBe(`Privacy notice | ${se.title}`);
  });

  it('describes a product from its blurb, with a canonical on the client host, never the preview host', () => {
    const head = buildPageHead(input({ path: '/product/7', product }));
    expect(head.title).toBe(`Oasis Test & Co | ${se.title}`);
    expect(head.description).toBe('A tub & a lounger. Jets');
    expect(head.canonical).toBe(`${siteOrigin(se)}/product/7`);
    expect(head.ogType).toBe('product');
    expect(JSON.stringify(head)).not.toContain('localhost:3000');
  });

  it('gives the product its offer in pounds, and the trail through its category', () => {
    const head = buildPageHead(input({ path: '/product/7', product }));
    const offer = head.jsonLd.find((d) => (d as { '@type': string })['@type'] === 'Product') as {
      offers: { price: string; priceCurrency: string };
    };
    expect(offer.offers).toMatchObject({ price: '4999.00', priceCurrency: 'GBP' });
    const pence = buildPageHead(
      input({ client: { ...se, pricesInPence: true }, path: '/product/7', product }),
    ).jsonLd.find((d) => (d as { '@type': string })['@type'] === 'Product') as {
      offers: { price: string };
    };
    expect(pence.offers.price).toBe('49.99');
    const trail = head.jsonLd.find(
      (d) => (d as { '@type': string })['@type'] === 'BreadcrumbList',
    ) as { itemListElement: Array<{ name: string; position: number }> };
    expect(trail.itemListElement.map((step) => step.name)).toEqual([
      se.title,
      'Oasis hot tubs',
      'Oasis Test & Co',
    ]);
  });

  it('marks checkout, orders, sign-in, the back office, unknown paths and missing products noindex', () => {
    for (const path of [
      '/checkout',
      '/cart',
      '/order/success',
      '/order/fail',
      '/login',
      '/login/reset',
      '/manage',
      '/manage/x',
    ]) {
      expect(isNoindexPath(path), path).toBe(true);
      const head = buildPageHead(input({ path }));
      expect(head.noindex, path).toBe(true);
      expect(head.canonical, path).toBeUndefined();
      expect(head.robots, path).toBe(
        /^\/(login|manage)/.test(path) ? 'noindex, nofollow' : 'noindex',
      );
    }
    expect(isNoindexPath('/loginx')).toBe(false);
    expect(buildPageHead(input({ path: '/nowhere', known: false })).noindex).toBe(true);
    expect(buildPageHead(input({ path: '/product/9', product: null })).title).toBe(
      `Product not found | ${se.title}`,
    );
    expect(isNoindexPath('/about')).toBe(false);
  });

  it('has no canonical for a client without a host name, but still absolute picture addresses', () => {
    const head = buildPageHead(input({ client: { ...se, hostNames: [] } }));
    expect(head.canonical).toBeUndefined();
    expect(head.image.url).toBe(`http://localhost:3000${shareImageFile}`);
  });

  it('clips long descriptions at a word', () => {
    const long = 'word '.repeat(60).trim();
    const clipped = clip(long);
    expect(clipped.length).toBeLessThanOrEqual(160);
    expect(clipped.endsWith('word…')).toBe(true);
    expect(clip('short')).toBe('short');
  });
});

describe('shareImagePath', () => {
  it("is the product's cover, else the first slide, else the logo card", () => {
    expect(shareImagePath(se, product)).toBe(product.picture);
    expect(shareImagePath({ ...se, picturesForSlide: ['one'] }, undefined)).toBe(
      `${se.pictureLocation}/${se.workingFolder}/one.${se.pictureExtension}`,
    );
    expect(shareImagePath({ ...se, picturesForSlide: [] }, null)).toBe(shareImageFile);
  });
});

describe('renderHeadTags', () => {
  it('cannot be broken out of by client or product text, in attributes or in JSON-LD', () => {
    const hostile = {
      ...se,
      title: '</script><script>alert(1)</script>',
      description: '"><img src=x onerror=alert(1)>',
    };
    const tags = renderHeadTags(buildPageHead(input({ client: hostile })));
    // As a browser reads it: the head's elements are the tags written, and the texts are text.
    const { document } = new JSDOM(`<!doctype html><head>${tags}</head>`).window;
    expect(document.querySelectorAll('img')).toHaveLength(0);
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts.map((script) => script.type)).toEqual(['application/ld+json']);
    expect((JSON.parse(scripts[0]!.textContent!) as { name: string }).name).toBe(hostile.title);
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(
      hostile.description,
    );
  });

  it('names the picture with its size, the icons, and noindex where the page asks for it', () => {
    const tags = renderHeadTags(buildPageHead(input({ path: '/checkout' })));
    expect(tags).toContain('<meta name="robots" content="noindex">');
    expect(tags).toContain('<meta property="og:image:width" content="1200">');
    expect(tags).toContain('<meta property="og:image:height" content="630">');
    expect(tags).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    expect(tags).not.toContain('rel="canonical"');
  });
});
