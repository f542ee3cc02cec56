import type { Browser } from '@playwright/test';
import { desktop, phone } from './back-office';
import { expect, test } from './fixtures';

// Decision 0084: a visitor's page inlines only the rules its first paint needs and links the
// site's whole stylesheet at the end of its body. Drawn without that sheet (as before it arrives),
// each page must look exactly as it does with it, at both widths.

const pages = [
  ['SE', '/product/2'],
  ['RRB', '/booking'],
  ['PHEC', '/'],
  ['BBG', '/haircare'],
] as const;

const siteSheet = /\/assets\/style-[^/]+\.css$/;

/**
 * Every element of the screen: its box and the styles that show, without scripts (the app's
 * hydration would change nothing here, and the comparison must be of the server's page alone).
 */
async function drawn(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  withSiteSheet: boolean,
) {
  const context = await browser.newContext({
    viewport,
    javaScriptEnabled: false,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  if (!withSiteSheet) await page.route(siteSheet, (route) => route.abort());
  await page.goto(url);
  const elements = await page.evaluate(() =>
    [...document.querySelectorAll('#root *')].map((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return [
        `${element.tagName}.${element.getAttribute('class') ?? ''}`,
        ...[box.x, box.y, box.width, box.height].map(Math.round),
        style.color,
        style.backgroundColor,
        style.font,
        style.display,
        style.visibility,
        style.borderTop,
      ].join(' ');
    }),
  );
  const inlineBytes = await page.evaluate(() =>
    [...document.querySelectorAll('style:not([data-theme])')].reduce(
      (sum, style) => sum + (style.textContent?.length ?? 0),
      0,
    ),
  );
  const sheetLinks = await page
    .locator('body > link[rel="stylesheet"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  await context.close();
  return { elements, inlineBytes, sheetLinks };
}

for (const viewport of [phone, desktop]) {
  test(`at ${viewport.width}px a visitor's page is drawn the same with its first-paint rules alone`, async ({
    browser,
    site,
    request,
  }) => {
    for (const [client, path] of pages) {
      const url = `${site.baseURL}${path}?client=${client}`;
      const whole = await drawn(browser, url, viewport, true);
      const firstPaint = await drawn(browser, url, viewport, false);
      expect(whole.elements.length, url).toBeGreaterThan(40);
      expect(firstPaint.elements, url).toEqual(whole.elements);
      // The whole sheet is linked at the end of the body, and far more than the page inlines.
      expect(whole.sheetLinks, url).toHaveLength(1);
      expect(whole.sheetLinks[0], url).toMatch(siteSheet);
      const sheet = await (await request.get(whole.sheetLinks[0]!)).text();
      expect(whole.inlineBytes, url).toBeLessThan(sheet.length / 2);
    }
  });
}
