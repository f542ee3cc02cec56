import { expect, openAs, test } from './fixtures';

const descriptions = {
  Extract: /We connect to your sources/,
  Transform: /We clean, join and check the data/,
  Visualise: /We design dashboards and reports/,
  Empower: /We train your team/,
};

test('a tech stage shows its description on hover', async ({ page, consoleErrors }) => {
  await openAs(page, 'AMS', '/tech');
  const description = page.locator('#tech-stage-description');
  await expect(description).toContainText('Hover over a stage');
  for (const [stage, text] of Object.entries(descriptions)) {
    await page.getByRole('button', { name: stage }).hover();
    await expect(description.getByRole('heading', { name: stage })).toBeVisible();
    await expect(description).toContainText(text);
  }
  await page.mouse.move(2, 2);
  await expect(description).toContainText('Hover over a stage');
  expect(consoleErrors).toEqual([]);
});

test('a tech stage shows its description on keyboard focus', async ({ page }) => {
  await openAs(page, 'AMS', '/tech');
  const description = page.locator('#tech-stage-description');
  await page.getByRole('button', { name: 'Extract' }).focus();
  await expect(description).toContainText(descriptions.Extract);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Transform' })).toBeFocused();
  await expect(description).toContainText(descriptions.Transform);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(description).toContainText(descriptions.Empower);
  await page.keyboard.press('Tab');
  await expect(description).toContainText('Hover over a stage');
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test('a tap reveals a stage and a second tap hides it', async ({ page }) => {
    await openAs(page, 'AMS', '/tech');
    const description = page.locator('#tech-stage-description');
    await page.getByRole('button', { name: 'Visualise' }).tap();
    await expect(description).toContainText(descriptions.Visualise);
    await page.getByRole('button', { name: 'Visualise' }).tap();
    await expect(description).toContainText('Hover over a stage');
  });
});
