import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { clientCodes, expect, openAs, test } from './fixtures';

/**
 * What a search engine (or a phone that has not run the scripts yet) gets: every page of every
 * client's sitemap, as the server sends it, with no script run. Each must show its content in
 * <main>, not a loading line that only the browser's scripts would replace (issue 29).
 */

// No script runs: the page is what the server sent, before hydration.
test.use({ javaScriptEnabled: false });

/**
 * What is checked is the HTML's <main>: the pictures, which the server encodes per width and
 * format when first asked, are not fetched (this spec's servers: 19 → 14 CPU-s).
 */
async function withoutPictures(page: Page): Promise<void> {
  await page.route(/\/media\/.+\.(avif|webp|jpe?g|png)$/, (route) => route.abort());
}

/** The texts the app's loading lines have used, caught even if one lost its marking. */
const loadingTexts = /^\s*Loading\b[^.]*…\s*$/;

/** The client's local host name (`se.localhost`): Chromium sends *.localhost to this machine. */
function localHostOf(code: string): string {
  const record = JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../seed/clients/${code}.json`), 'utf8'),
  ) as { hostNames: string[] };
  const host = record.hostNames.find((name) => name.endsWith('.localhost'));
  if (!host) throw new Error(`${code} has no .localhost host name`);
  return host;
}

/**
 * What in <main> says "still loading": the mark every loading line carries (LoadingLine in
 * src/web/components/loading-line.tsx), a status that says loading, or one of the known texts.
 */
async function loadingLinesIn(main: Locator): Promise<string[]> {
  const marked = main.locator('[data-loading-line]');
  const statuses = main.getByRole('status').filter({ hasText: /loading/i });
  const texts = main.getByText(loadingTexts);
  const found = [
    ...(await marked.allTextContents()),
    ...(await statuses.allTextContents()),
    ...(await texts.allTextContents()),
  ];
  return [...new Set(found.map((text) => text.trim()))];
}

async function sitemapPaths(page: Page, origin: string): Promise<string[]> {
  // Through the browser: it resolves *.localhost, Node's resolver does not.
  const response = await page.goto(`${origin}/sitemap.xml`);
  expect(response?.status()).toBe(200);
  const xml = (await response?.text()) ?? '';
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

for (const code of clientCodes) {
  test(`${code}: every page of the sitemap is sent with its content, no loading line`, async ({
    page,
    site,
  }) => {
    test.setTimeout(120_000);
    await withoutPictures(page);
    const port = new URL(site.baseURL).port;
    const origin = `http://${localHostOf(code)}:${port}`;
    // The sitemap as this client's host answers it (the host names the client, as in production).
    const paths = await sitemapPaths(page, origin);
    expect(paths).toContain('/');

    const failures: string[] = [];
    for (const path of paths) {
      const response = await page.goto(`${origin}${path}`);
      expect(response?.status(), `${code} ${path}`).toBe(200);
      const main = page.getByRole('main');
      await expect(main, `${code} ${path}`).toBeAttached();
      const lines = await loadingLinesIn(main);
      if (lines.length > 0) failures.push(`${path}: ${lines.join(' | ')}`);
      if ((await main.getByRole('heading', { level: 1 }).count()) === 0) {
        failures.push(`${path}: no heading in <main>`);
      }
    }
    expect(failures, `${code}: pages of ${paths.length} sent with a loading line`).toEqual([]);
  });
}

test('the check sees a loading line where the server sends one', async ({ page, site }) => {
  // A visitor's booking link is read in the browser (never prerendered: the token is private),
  // so its page is sent with its loading line: the check must find it, by its mark and its text.
  const token = 'a'.repeat(43);
  const response = await page.goto(`${site.baseURL}/booking/manage/${token}?client=RRB`);
  expect(response?.status()).toBe(200);
  const main = page.getByRole('main');
  await expect(main.locator('[data-loading-line]')).toHaveText('Loading your booking…');
  expect(await loadingLinesIn(main)).toEqual(['Loading your booking…']);
});

test.describe('in a browser that runs the scripts', () => {
  test.use({ javaScriptEnabled: true });

  test('pages sent with their data hydrate with it, without asking the API again', async ({
    page,
    consoleErrors,
  }) => {
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/products') || path.startsWith('/api/reviews')) {
        apiRequests.push(path);
      }
    });
    await openAs(page, 'SE', '/oasis');
    await expect(page.getByRole('heading', { level: 1, name: 'Oasis hot tubs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Details of Oasis Serenity' })).toBeVisible();

    await openAs(page, 'BBG', '/haircare');
    await expect(page.getByRole('heading', { level: 1, name: 'Hair care' })).toBeVisible();

    await openAs(page, 'RRB', '/reviews');
    await expect(page.getByRole('main').getByRole('blockquote').first()).toBeVisible();

    // The featured product's chunk comes after the first paint and hydrates what the server sent.
    await openAs(page, 'SE', '/');
    await page.waitForLoadState('networkidle');
    const featured = page.getByRole('region', { name: 'Featured product' });
    await expect(
      featured.getByRole('link', { name: 'See More about Oasis Serenity' }),
    ).toBeVisible();

    expect(apiRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
