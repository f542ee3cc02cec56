import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openAs, test } from './fixtures';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const screens: Array<[string, string]> = [
  ['SE', '/'],
  ['SE', '/about'],
  ['SE', '/reviews'],
  ['SE', '/documentation'],
  ['RRB', '/'],
  ['RRB', '/nails'],
  ['RRB', '/galleries'],
  ['BBG', '/'],
  ['PHEC', '/'],
  ['PHEC', '/services'],
  ['PHEC', '/work'],
  ['PI', '/'],
  ['PI', '/faqs'],
  ['PI', '/reviews'],
  ['AMS', '/'],
  ['AMS', '/tech'],
  ['AMS', '/hub'],
  ['JS', '/'],
  ['JS', '/about'],
  ['JS', '/joinus'],
  ['JS', '/order/fail'],
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the public screens have no axe violations', async ({ page }) => {
      // 21 screens in one test: on a loaded 2-core machine this needs more than the default minute.
      test.setTimeout(180_000);
      for (const [code, path] of screens) {
        await test.step(`${code} ${path}`, async () => {
          await openAs(page, code, path);
          await expectNoViolations(page);
        });
      }
    });

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
