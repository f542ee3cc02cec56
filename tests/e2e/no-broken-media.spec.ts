import type { APIRequestContext } from '@playwright/test';
import { clientCodes, expect, test } from './fixtures';

/**
 * Issue 15: nothing on screen is broken. For every client, crawl its pages as served (no
 * JavaScript): the home page, every same-host link found on a page, the sitemap's pages and the
 * basket and checkout, and fetch every src, href, srcset, poster, link-preview picture and
 * structured-data address on the same host: each must answer 200.
 */

const pagePrefixesThatAreFiles = ['/media/', '/assets/', '/themes/', '/api/'];

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#38;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#34;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

interface References {
  /** Same-host paths of pages (links without a file extension). */
  pages: string[];
  /** Same-host paths of everything else: pictures, scripts, styles, icons, downloads. */
  files: string[];
}

/** What one page refers to on its own host (or on the client's canonical host, the same site). */
function referencesOf(html: string, siteOrigins: string[]): References {
  const raw: Array<{ url: string; isLink: boolean }> = [];
  for (const match of html.matchAll(/<(\w+)\b([^>]*)>/g)) {
    const [, tag, attributes] = match as unknown as [string, string, string];
    for (const attribute of attributes!.matchAll(/\s(src|href|poster|srcset|content)="([^"]*)"/g)) {
      const [, name, value] = attribute as unknown as [string, string, string];
      const text = decodeAttribute(value);
      if (name === 'srcset') {
        for (const candidate of text.split(',')) {
          raw.push({ url: candidate.trim().split(/\s+/)[0]!, isLink: false });
        }
      } else if (name === 'content') {
        if (/property="og:image"|name="twitter:image"/.test(attributes!)) {
          raw.push({ url: text, isLink: false });
        }
      } else {
        raw.push({ url: text, isLink: tag === 'a' });
      }
    }
  }
  for (const block of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    const text = JSON.stringify(JSON.parse(block[1]!));
    for (const url of text.match(/https?:\/\/[^"]+/g) ?? []) {
      // Addresses of pages are pages; of files (logo, pictures) are files.
      raw.push({ url, isLink: !/\.[a-z0-9]+$/i.test(new URL(url).pathname) });
    }
  }
  const pages = new Set<string>();
  const files = new Set<string>();
  for (const { url, isLink } of raw) {
    if (!url || /^(mailto:|tel:|data:|javascript:|#)/.test(url)) continue;
    const parsed = new URL(url, 'http://site.test');
    const sameSite = parsed.origin === 'http://site.test' || siteOrigins.includes(parsed.origin);
    if (!sameSite) continue;
    const path = `${parsed.pathname}${parsed.search}`;
    const isPage =
      isLink &&
      !pagePrefixesThatAreFiles.some((prefix) => path.startsWith(prefix)) &&
      !/\.[a-z0-9]+$/i.test(parsed.pathname);
    if (isPage) pages.add(parsed.pathname);
    else files.add(path);
  }
  return { pages: [...pages], files: [...files] };
}

async function crawlClient(request: APIRequestContext, code: string) {
  // The preview switch picks the client; its cookie keeps it for the rest of the crawl.
  expect((await request.get(`/?client=${code}`)).status()).toBe(200);
  const client = (await (await request.get('/api/client')).json()) as {
    name: string;
    usesCart: boolean;
  };
  expect(client.name).toBe(code);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const siteOrigins = [
    ...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).origin)),
  ];
  const start = [
    '/',
    ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
    ...(client.usesCart ? ['/cart', '/checkout'] : []),
  ];
  const queue = [...new Set(start)];
  const seenPages = new Set(queue);
  const checkedFiles = new Map<string, number>();
  const broken: string[] = [];
  while (queue.length) {
    const path = queue.shift()!;
    const response = await request.get(path);
    if (response.status() !== 200) {
      broken.push(`${code} page ${path}: ${response.status()}`);
      continue;
    }
    const references = referencesOf(await response.text(), siteOrigins);
    for (const page of references.pages) {
      if (!seenPages.has(page)) {
        seenPages.add(page);
        queue.push(page);
      }
    }
    for (const file of references.files) {
      if (!checkedFiles.has(file)) {
        checkedFiles.set(file, (await request.get(file)).status());
      }
      if (checkedFiles.get(file) !== 200) {
        broken.push(`${code} ${path} refers to ${file}: ${checkedFiles.get(file)}`);
      }
    }
  }
  return { broken: [...new Set(broken)], pages: seenPages.size, files: checkedFiles.size };
}

for (const code of clientCodes) {
  test(`every page of ${code} refers only to files that answer`, async ({ playwright, site }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL: site.baseURL });
    try {
      const result = await crawlClient(request, code);
      console.log(`${code}: ${result.pages} pages, ${result.files} files checked`);
      expect(result.broken).toEqual([]);
      expect(result.pages).toBeGreaterThan(5);
      expect(result.files).toBeGreaterThan(5);
    } finally {
      await request.dispose();
    }
  });
}

test("RRB's nails page shows no player for a clip that does not exist", async ({ page }) => {
  await page.goto('/nails?client=RRB');
  await expect(page.getByText('Video coming soon')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
});
