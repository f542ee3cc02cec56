import type { Page } from '@playwright/test';
import { desktop, phone, signedInOwner } from './back-office';
import { expect, openAs, test } from './fixtures';

// Decision 0081: a visitor's page inlines the site's styles only; the back office and sign-in
// screens have a stylesheet of their own, linked on their pages and loaded with their screens.

/** Links to the back office's stylesheet in the page. */
const backOfficeLinks = (page: Page) =>
  page.locator('link[rel="stylesheet"][href*="manage-styles"]');

/** Whether any stylesheet of the page has a rule for this selector. */
const hasRule = (page: Page, selector: string) =>
  page.evaluate(
    (wanted) =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some(
          (rule) => rule instanceof CSSStyleRule && rule.selectorText === wanted,
        ),
      ),
    selector,
  );

test.describe('at 1280px', () => {
  test.use({ viewport: desktop });

  test('a product page carries no back-office rules, and sign-in reached from it is styled', async ({
    page,
    consoleErrors,
  }) => {
    await openAs(page, 'SE', '/product/2');
    await expect(backOfficeLinks(page)).toHaveCount(0);
    expect(await hasRule(page, '.sign-in')).toBe(false);
    // Within the app, as a link would go: the screen waits for its stylesheet.
    await page.evaluate(() => {
      history.pushState({}, '', '/login');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const form = page.locator('.sign-in').first();
    await expect(form).toBeVisible();
    await expect(backOfficeLinks(page)).toHaveCount(1);
    expect(await form.evaluate((e) => getComputedStyle(e).maxWidth)).toBe('448px');
    expect(consoleErrors).toEqual([]);
  });

  test("a visitor's private pages (a booking link, a payment's return) carry no back-office rules", async ({
    page,
  }) => {
    for (const [client, path] of [
      ['RRB', `/booking/manage/${'A'.repeat(43)}`],
      ['SE', '/checkout/not-paid?order=SE-000001&token=x'],
    ] as const) {
      await openAs(page, client, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(backOfficeLinks(page), path).toHaveCount(0);
      expect(await hasRule(page, '.sign-in'), path).toBe(false);
    }
  });
});

test.describe('at 390px', () => {
  test.use({ viewport: phone });

  test('the sign-in page and the back office link their stylesheet from the first paint', async ({
    page,
    site,
  }) => {
    await openAs(page, 'RRB', '/login');
    await expect(page.locator('head link[rel="stylesheet"][href*="manage-styles"]')).toHaveCount(1);
    expect(
      await page
        .locator('.sign-in')
        .first()
        .evaluate((e) => getComputedStyle(e).maxWidth),
    ).toBe('448px');
    await signedInOwner(page, site, 'RRB');
    await expect(backOfficeLinks(page)).toHaveCount(1);
    const bar = await page
      .locator('.manage')
      .first()
      .evaluate((e) => getComputedStyle(e).getPropertyValue('--manage-bar').trim());
    expect(bar).toBe('4rem');
  });
});
