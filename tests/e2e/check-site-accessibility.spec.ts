import type { Page } from '@playwright/test';
import { axeViolations, expectNoAxeViolations } from './axe';
import { expect, openAs, test } from './fixtures';

/**
 * States the every-route sweep (accessibility-of-every-route.spec.ts) does not reach: an open
 * menu, a revealed stage, paused animations. The public screens themselves are swept there.
 */

async function expectNoViolations(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the open hamburger menu has no axe violations', async ({ page }) => {
      for (const code of ['JS', 'RRB']) {
        await openAs(page, code);
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
        await expectNoViolations(page);
      }
    });

    test('a revealed tech stage and a paused slider have no axe violations', async ({ page }) => {
      await openAs(page, 'AMS', '/tech');
      await page.getByRole('button', { name: 'Empower' }).focus();
      await expectNoViolations(page);
      await openAs(page, 'PHEC');
      await page.getByRole('button', { name: 'Pause slides' }).click();
      await page.getByRole('button', { name: 'Pause news' }).click();
      await expectNoViolations(page);
    });
  });
}

test('the axe check finds a fault put into a page it has already scanned, and in a new page', async ({
  page,
}) => {
  await openAs(page, 'PI', '/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // Axe is in this document now: the second scan runs it again rather than loading it.
  await page.evaluate(() => {
    const picture = document.createElement('img');
    picture.src = '/favicon.ico';
    document.querySelector('main')!.append(picture);
  });
  expect(await axeViolations(page, 'main')).toEqual([expect.stringMatching(/^image-alt: /)]);
  // A new document has no axe until a scan puts it there.
  await openAs(page, 'PI', '/contact');
  await page.evaluate(() =>
    document.querySelector('main')!.append(document.createElement('button')),
  );
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^button-name: /)]);
});
