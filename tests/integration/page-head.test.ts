import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientConfig } from '../../src/common/client-config.js';
import { describeEachDatabase } from '../support/each-database.js';
import {
  breadcrumbShape,
  jsonLdBlocks,
  localBusinessShape,
  productShape,
} from '../support/rich-results.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 15, on the HTML as served (no JavaScript runs): every page of every client has its own
 * title and description, a canonical address on the client's own host, link-preview tags whose
 * picture answers, and JSON-LD of the shapes Google's rich results read. Also robots.txt,
 * sitemap.xml and the icons, per client host.
 */
describeEachDatabase('page head, robots, sitemap and icons', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  /** The host a visitor on this machine uses: the local name, never the canonical one. */
  const localHost = (client: ClientConfig) =>
    client.hostNames.find((host) => host.endsWith('.localhost'))!;
  const canonicalOrigin = (client: ClientConfig) => `https://${client.hostNames[0]}`;
  const get = (url: string, host: string) => t.app.inject({ url, headers: { host } });

  interface Head {
    status: number;
    title: string;
    meta: (key: string) => string | undefined;
    canonical: string | undefined;
    jsonLd: Array<Record<string, unknown>>;
  }
  async function headOf(path: string, client: ClientConfig): Promise<Head> {
    const response = await get(path, localHost(client));
    const { document } = new JSDOM(response.body).window;
    return {
      status: response.statusCode,
      title: document.title,
      meta: (key) =>
        document
          .querySelector(`meta[name="${key}"], meta[property="${key}"]`)
          ?.getAttribute('content') ?? undefined,
      canonical: document.querySelector('link[rel=canonical]')?.getAttribute('href') ?? undefined,
      jsonLd: jsonLdBlocks(response.body),
    };
  }

  async function sitemapPaths(client: ClientConfig): Promise<string[]> {
    const xml = (await get('/sitemap.xml', localHost(client))).body;
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  }

  // Every indexable page of seven clients, rendered: more than the default 30 s on a busy machine.
  it('gives every indexable page of every client its own title, description, canonical and previews', async () => {
    expect(t.registry.all.map((client) => client.name).sort()).toEqual(
      ['AMS', 'BBG', 'JS', 'PHEC', 'PI', 'RRB', 'SE'].sort(),
    );
    for (const client of t.registry.all) {
      const paths = await sitemapPaths(client);
      expect(paths).toContain('/');
      expect(paths).toContain('/privacy');
      const titles = new Set<string>();
      for (const path of paths) {
        const head = await headOf(path, client);
        const where = `${client.name} ${path}`;
        expect(head.status, where).toBe(200);
        expect(head.title, where).toMatch(path === '/' ? client.title : ` | ${client.title}`);
        expect(titles.has(head.title), `${where}: title "${head.title}" is used twice`).toBe(false);
        titles.add(head.title);
        const description = head.meta('description');
        expect(description?.length, where).toBeGreaterThan(20);
        expect(description!.length, where).toBeLessThanOrEqual(160);
        expect(head.meta('robots'), where).toBeUndefined();
        expect(head.canonical, where).toBe(`${canonicalOrigin(client)}${path}`);
        expect(head.meta('og:url'), where).toBe(head.canonical);
        expect(head.meta('og:title'), where).toBe(head.title);
        expect(head.meta('og:description'), where).toBe(description);
        expect(head.meta('og:type'), where).toBe(
          path.startsWith('/product/') ? 'product' : 'website',
        );
        expect(head.meta('twitter:card'), where).toBe('summary_large_image');
        const image = new URL(head.meta('og:image')!);
        expect(image.origin, where).toBe(canonicalOrigin(client));
        const picture = await get(image.pathname, localHost(client));
        expect(picture.statusCode, `${where}: og:image ${image.pathname}`).toBe(200);
        const size = await sharp(picture.rawPayload).metadata();
        expect(head.meta('og:image:width'), where).toBe(String(size.width));
        expect(head.meta('og:image:height'), where).toBe(String(size.height));

        // The business is described on the pages about it only: home, about and contact.
        const business = head.jsonLd.find((block) => block['@type'] === client.businessType);
        if (['/', '/about', '/contact'].includes(path)) {
          const parsed = localBusinessShape.safeParse(business);
          expect(parsed.error?.issues ?? [], where).toEqual([]);
          expect(business!.name).toBe(client.title);
          expect(business!.url).toBe(`${canonicalOrigin(client)}/`);
        } else {
          expect(business, where).toBeUndefined();
        }
        expect(head.meta('twitter:title'), where).toBeUndefined();
        if (path !== '/') {
          const trail = head.jsonLd.find((block) => block['@type'] === 'BreadcrumbList');
          expect(breadcrumbShape.safeParse(trail).error?.issues ?? [], where).toEqual([]);
        }
      }
    }
  }, 120_000);

  it('describes each product with its price in pounds, its pictures and the trail to it', async () => {
    const se = t.registry.byCode('SE')!;
    const row = await t.handle.db
      .selectFrom('products')
      .selectAll()
      .where('client_code', '=', 'SE')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    const head = await headOf('/product/2', se);
    expect(head.title).toBe(`${row.title} | ${se.title}`);
    const product = head.jsonLd.find((block) => block['@type'] === 'Product');
    const parsed = productShape.parse(product);
    expect(parsed.name).toBe(row.title);
    expect(parsed.offers.price).toBe(row.price.toFixed(2));
    expect(parsed.offers.url).toBe(`${canonicalOrigin(se)}/product/2`);
    expect(parsed.image[0]).toBe(`${canonicalOrigin(se)}/media/SE/pics/2/cover.jpeg`);
    const trail = breadcrumbShape.parse(
      head.jsonLd.find((block) => block['@type'] === 'BreadcrumbList'),
    );
    expect(trail.itemListElement.map((step) => step.item)).toEqual([
      `${canonicalOrigin(se)}/`,
      `${canonicalOrigin(se)}/${row.category}`,
      `${canonicalOrigin(se)}/product/2`,
    ]);
    // A client without that product (here without a shop) shows not found, kept out of results.
    const other = await headOf('/product/2', t.registry.byCode('PHEC')!);
    expect(other.title).toBe(`Product not found | ${t.registry.byCode('PHEC')!.title}`);
    expect(other.meta('robots')).toBe('noindex');
    expect(other.jsonLd.some((block) => block['@type'] === 'Product')).toBe(false);
  });

  it("gives a booking client's opening hours from its booking rules", async () => {
    const rrb = t.registry.byCode('RRB')!;
    const business = (await headOf('/', rrb)).jsonLd[0]!;
    const hours = localBusinessShape.parse(business).openingHoursSpecification!;
    const thursday = hours.find((spec) => spec.dayOfWeek.includes('Thursday'))!;
    expect([thursday.opens, thursday.closes]).toEqual([
      rrb.booking!.openingHours.thu!.open,
      rrb.booking!.openingHours.thu!.close,
    ]);
    const days = hours.flatMap((spec) => spec.dayOfWeek);
    expect(days).not.toContain('Sunday');
    expect(days).not.toContain('Monday');
    for (const client of t.registry.all.filter((c) => !c.booking)) {
      expect((await headOf('/', client)).jsonLd[0]!.openingHoursSpecification).toBeUndefined();
    }
  });

  it('keeps checkout, orders, sign-in, the back office and unknown pages out of search results', async () => {
    const se = t.registry.byCode('SE')!;
    for (const path of [
      '/cart',
      '/checkout',
      '/order/success',
      '/order/fail',
      '/login',
      '/nowhere',
    ]) {
      const head = await headOf(path, se);
      expect(head.meta('robots'), path).toBe(path === '/login' ? 'noindex, nofollow' : 'noindex');
      expect(head.canonical, path).toBeUndefined();
    }
    const robots = (await get('/robots.txt', localHost(se))).body;
    expect(robots).toContain('Disallow: /manage');
    expect(robots).not.toMatch(/Disallow: \/(checkout|order|login)/);
  });

  it('puts the canonical on the client host even when the page is previewed from elsewhere', async () => {
    const response = await t.app.inject({
      url: '/about?client=JS',
      headers: { host: 'localhost:3000' },
    });
    const js = t.registry.byCode('JS')!;
    // Production refuses the preview switch, so this is the default client's page: still its host.
    const client = response.body.includes(js.title)
      ? js
      : t.registry.byCode(t.config.defaultClient)!;
    expect(response.body).toContain(
      `<link rel="canonical" href="${canonicalOrigin(client)}/about">`,
    );
    expect(response.body).not.toContain('localhost:3000');
  });

  it("answers robots.txt and sitemap.xml per host, listing only that client's own pages", async () => {
    const products = await t.handle.db
      .selectFrom('products')
      .select(['client_code', 'id'])
      .execute();
    for (const client of t.registry.all) {
      const robots = await get('/robots.txt', localHost(client));
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      expect(robots.body).toContain(`Sitemap: ${canonicalOrigin(client)}/sitemap.xml`);

      const sitemap = await get('/sitemap.xml', localHost(client));
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      const lastmods = [...sitemap.body.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]!);
      expect(lastmods).toHaveLength(locs.length);
      for (const lastmod of lastmods) expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
      for (const loc of locs) expect(loc.startsWith(`${canonicalOrigin(client)}/`)).toBe(true);
      const paths = locs.map((loc) => new URL(loc).pathname);
      const own = products
        .filter((p) => p.client_code === client.name)
        .map((p) => `/product/${p.id}`);
      expect(paths.filter((path) => path.startsWith('/product/')).sort()).toEqual(own.sort());
      const menuRoutes =
        client.headerType === 'SE'
          ? ['/', '/oasis', '/sunbeach', '/spas', '/documentation', '/about']
          : client.menuItems.map((item) => item.route).filter((route) => route !== '/cart');
      for (const route of menuRoutes) expect(paths, `${client.name} ${route}`).toContain(route);
      for (const route of Object.keys(client.pages)) expect(paths).toContain(route);
      for (const hidden of ['/cart', '/checkout', '/order/success', '/login']) {
        expect(paths).not.toContain(hidden);
      }
    }
  });

  it('draws a favicon and an Apple touch icon from each client logo', async () => {
    for (const client of t.registry.all) {
      const favicon = await get('/favicon.ico', localHost(client));
      expect(favicon.statusCode).toBe(200);
      expect(favicon.headers['content-type']).toBe('image/x-icon');
      const ico = favicon.rawPayload;
      expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
      const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) =>
        ico.readUInt8(6 + 16 * i),
      );
      expect(sizes).toContain(32);
      const first = ico.subarray(ico.readUInt32LE(18), ico.readUInt32LE(18) + ico.readUInt32LE(14));
      expect((await sharp(first).metadata()).format).toBe('png');

      const touch = await get('/apple-touch-icon.png', localHost(client));
      expect(touch.statusCode).toBe(200);
      expect(touch.headers['content-type']).toBe('image/png');
      const meta = await sharp(touch.rawPayload).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([180, 180, false]);

      const page = (await get('/', localHost(client))).body;
      expect(page).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
      expect(page).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    }
    // Each client's own logo: two clients' icons differ.
    const [se, rrb] = await Promise.all([
      get('/favicon.ico', 'se.localhost'),
      get('/favicon.ico', 'rrb.localhost'),
    ]);
    expect(se.rawPayload.equals(rrb.rawPayload)).toBe(false);
  });
});
