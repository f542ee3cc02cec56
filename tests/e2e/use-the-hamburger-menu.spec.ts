import { expect, openAs, test } from './fixtures';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the hamburger menu opens and closes with the mouse', async ({ page, consoleErrors }) => {
      await openAs(page, 'JS');
      const toggle = page.getByRole('button', { name: 'Menu' });
      const panelId = await toggle.getAttribute('aria-controls');
      const panel = page.locator(`[id="${panelId}"]`);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(panel).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(panel.getByRole('link', { name: 'Join Us' })).toBeVisible();

      await panel.getByRole('button', { name: 'Close' }).click();
      await expect(panel).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();

      await toggle.click();
      await toggle.click();
      await expect(panel).toBeHidden();

      await toggle.click();
      await panel.getByRole('link', { name: 'Join Us' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Us');
      await expect(panel).toBeHidden();
      expect(consoleErrors).toEqual([]);
    });

    test('the hamburger menu works from the keyboard, and Escape closes it', async ({ page }) => {
      await openAs(page, 'RRB');
      const toggle = page.getByRole('button', { name: 'Menu' });
      const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);

      // Tab from the skip link to the toggle, as a keyboard user would.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('link', { name: 'Home' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(toggle).toBeFocused();

      await page.keyboard.press('Space');
      await expect(panel).toBeVisible();
      await panel.getByRole('button', { name: 'Close' }).focus();
      await page.keyboard.press('Enter');
      await expect(panel).toBeHidden();
      await expect(toggle).toBeFocused();

      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('link', { name: 'Book Online' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/booking$/);
      await expect(panel).toBeHidden();
    });
  });
}

test('a bar menu has no toggle and marks the current page', async ({ page }) => {
  await openAs(page, 'AMS', '/tech');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Technology' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
});
